// What pressing Delete on a container asks (specification 001, sections 2 and 5). The server refuses to
// delete a container that devices mount ('You may disable but not delete this grant.'), and the container
// lists its mounts: so a mounted one says so up front and offers Disable in place of a Delete that would fail.
import type { ConfirmRequest } from '../../../app/dialogs.tsx'
import type { MediaGrant } from '../../../api/mediaGrants.ts'
import { grantHoldings } from '../../../lib/grants.ts'

export type GrantDeleteAsk =
  /** Not mounted: the usual confirmation, then Delete. */
  | { kind: 'delete'; request: ConfirmRequest }
  /** Mounted and enabled: say why it cannot go, and offer Disable. */
  | { kind: 'disable'; request: ConfirmRequest }
  /** Mounted and already disabled: nothing to offer but the reason. */
  | { kind: 'explain'; text: string }

type Grant = Pick<MediaGrant, 'grant_name' | 'is_disabled' | 'user_list' | 'device_list'>

export function mountedText(grant: Grant): string {
  const count = grant.device_list.length
  return `${count} ${count === 1 ? 'device mounts' : 'devices mount'} container ${grant.grant_name}. You may disable but not delete this container.`
}

export function grantDeleteAsk(grant: Grant): GrantDeleteAsk {
  const devices = grant.device_list.map((device) => `Device: ${device.device_name}`)
  if (grant.device_list.length === 0) {
    return {
      kind: 'delete',
      request: {
        text: `Delete container ${grant.grant_name}?`,
        positive: 'Delete',
        details: grantHoldings(grant),
      },
    }
  }
  if (grant.is_disabled) return { kind: 'explain', text: mountedText(grant) }
  return {
    kind: 'disable',
    request: { text: `${mountedText(grant)} Disable it?`, positive: 'Disable', details: devices },
  }
}
