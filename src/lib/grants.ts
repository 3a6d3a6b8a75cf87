// Containers (grants) as the admin screens show them (specification 001, sections 2, 5 and 9): finding
// one by its address, the prefix as it will be stored, the holder lists cut at five, and the words of the
// overlap preview (nextcloud/groupfolders#138: overlapping folders should not come as a surprise).
// Pure functions, so the screens stay thin and the rules are tested without a browser.
import type { GrantOverlap, GrantOverlapResponse } from '../../server/contract/grant.ts'
import type { GrantUser, MediaGrant } from '../../server/contract/volume.ts'
import { permissionNames } from '../api/mediaGrants.ts'
import { formatBytes } from './format.ts'

/** A prefix with the trailing '/' appended when missing (section 5; the server does it too). */
export function withTrailingSlash(prefix: string): string {
  return prefix.endsWith('/') ? prefix : `${prefix}/`
}

/**
 * A prefix as the server stores it ('/' then its segments, each followed by '/'), so that typing 'foo' for
 * a saved '/foo/' is no change. Malformed segments are the server's to refuse.
 */
export function storedPrefix(prefix: string): string {
  const segments = prefix
    .trim()
    .split('/')
    .filter((segment) => segment !== '')
  return segments.length === 0 ? '/' : `/${segments.join('/')}/`
}

/** The container an address names: its volume and its name, without regard to case (names are unique so). */
export function findGrantByName(
  grants: readonly MediaGrant[],
  volumeId: number,
  grantName: string,
): MediaGrant | undefined {
  const wanted = grantName.toLowerCase()
  return grants.find((grant) => grant.volume_id === volumeId && grant.grant_name.toLowerCase() === wanted)
}

/** How a holder is named in lists: their user name, else their e-mail. */
export function holderName(user: Pick<GrantUser, 'user_name' | 'email'>): string {
  return user.user_name || user.email
}

/** A permission list cell: at most five names, then an ellipsis (section 9); empty when there are none. */
export function permissionListText(names: readonly string[]): string {
  const { shown, more } = permissionNames(names)
  return more ? `${shown.join(', ')}, …` : shown.join(', ')
}

export function statusText(isDisabled: number | boolean): 'Enabled' | 'Disabled' {
  return isDisabled ? 'Disabled' : 'Enabled'
}

/** How another container relates to the prefix being typed. */
export const OVERLAP_RELATION_TEXT: Readonly<Record<GrantOverlap['relation'], string>> = {
  inside: 'nested in this path',
  contains: 'contains this path',
  same: 'the same path',
}

/** The files already under a prefix, in the words of the preview. */
export function filesUnderText({
  file_count,
  total_bytes,
}: Pick<GrantOverlapResponse, 'file_count' | 'total_bytes'>): string {
  if (file_count === 0) return 'No files are under this path yet.'
  const files = file_count === 1 ? '1 file' : `${file_count.toLocaleString('en-US')} files`
  return `${files} (${formatBytes(total_bytes)}) already under this path.`
}

/** The lines a confirmation lists before a container is deleted: who holds it and what mounts it. */
export function grantHoldings(grant: Pick<MediaGrant, 'user_list' | 'device_list'>): string[] {
  return [
    ...grant.user_list.map(
      (user) => `User: ${user.user_name ? `${user.user_name} (${user.email})` : user.email}`,
    ),
    ...grant.device_list.map((device) => `Device: ${device.device_name}`),
  ]
}
