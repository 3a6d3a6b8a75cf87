// What the scope checks (server/access/) found about a call, as the services that act on it receive it:
// the member and the container they reach, and the device a call comes through. The checks make these;
// the services only read them, so the types live here, below the checks.
import type { DeviceAuth } from '../repositories/devices.ts'
import type { HeldGrant } from '../repositories/grants.ts'
import type { Membership } from '../repositories/orgs.ts'

export interface GrantAccess {
  member: Membership
  grant: HeldGrant
  /** The grant's root directory as a full path ('/media/...'/). */
  root: string
  /** The device calling through its mount (access/deviceAccess.ts); undefined for the web. */
  device?: { device_id: number }
}

export interface DeviceAccess {
  device: DeviceAuth
  /** The membership of the device's user, through which the device acts. */
  member: Membership
}

export type MountAccess = GrantAccess & { device: DeviceAuth }
