// The role rules of the users screens (specification 001, sections 2 and 5): an admin holds every
// capability, so choosing Org Admin turns them all on (and the screens disable them); choosing Member again
// gives back the capabilities the person had as a member. And what a user holds, listed before removal.
import type { UserDevice } from '../../../../server/contract/orgUser.ts'
import { NEW_MEMBER_CAPABILITIES } from '../../../../server/contract/limits.ts'
import { permissionsText, type OrgUser } from '../../../api/orgUsers.ts'

/** Role and capabilities, as the Add User form and the user detail edit them. */
export interface RoleValues {
  is_admin: boolean
  cap_web_upload: boolean
  cap_web_download: boolean
  cap_add_device: boolean
}

export type Capability = 'cap_web_upload' | 'cap_web_download' | 'cap_add_device'

/** The capabilities in the spec's order and words. */
export const CAPABILITIES: ReadonlyArray<{ key: Capability; label: string }> = [
  { key: 'cap_web_upload', label: 'Web Upload' },
  { key: 'cap_web_download', label: 'Web Download' },
  { key: 'cap_add_device', label: 'Add Devices' },
]

/** What Add User starts from: a member with the server's defaults (upload and download, no devices). */
export const NEW_USER_ROLE: RoleValues = { is_admin: false, ...NEW_MEMBER_CAPABILITIES }

/** Role and capabilities of a user as the server holds them. */
export function roleOf(user: Pick<OrgUser, keyof RoleValues>): RoleValues {
  return {
    is_admin: user.is_admin,
    cap_web_upload: user.cap_web_upload,
    cap_web_download: user.cap_web_download,
    cap_add_device: user.cap_add_device,
  }
}

/**
 * The values after choosing a role: Org Admin turns every capability on; Member keeps the capabilities
 * shown, except that leaving the admin role gives back `memberCaps` (what the person had as a member, or
 * the new-user defaults), since the all-on of an admin was forced, not chosen.
 */
export function chooseRole(values: RoleValues, isAdmin: boolean, memberCaps: RoleValues): RoleValues {
  if (isAdmin) return { is_admin: true, cap_web_upload: true, cap_web_download: true, cap_add_device: true }
  if (!values.is_admin) return values
  return {
    is_admin: false,
    cap_web_upload: memberCaps.cap_web_upload,
    cap_web_download: memberCaps.cap_web_download,
    cap_add_device: memberCaps.cap_add_device,
  }
}

/** What the removal's confirmation lists: the user's containers, devices and capabilities. */
export function holdings(user: OrgUser): string[] {
  const containers =
    user.media_grant_list.length === 0
      ? ['Containers: none']
      : user.media_grant_list.map(
          (grant) => `Container: ${grant.grant_name} (${grant.volume_name} ${grant.prefix_path})`,
        )
  const devices =
    user.device_list.length === 0
      ? ['Devices: none']
      : user.device_list.map((device) => `Device: ${deviceHoldings(device)}`)
  return [...containers, ...devices, `Capabilities: ${permissionsText(user)}`]
}

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

/**
 * What a device holds, for offboarding: 'Laptop (2 mounts, 1 volume key handed out)'. A removed member's
 * devices are refused from their next call on, so an admin reads here which mounts and keys go with them.
 */
export function deviceHoldings(device: UserDevice): string {
  const mounts = counted(device.mount_count, 'mount', 'mounts')
  const keys = counted(device.volume_key_count, 'volume key handed out', 'volume keys handed out')
  return `${device.device_name} (${device.is_disabled ? 'disabled, ' : ''}${mounts}, ${keys})`
}
