// The mount a pass syncs: found among the device's mounts by its id or its container's name, and checked to
// be enabled before any file is read.
import type { DeviceMount } from '../../server/contract/device.ts'
import { endpoints } from '../../server/contract/endpointSchemas.ts'
import { MEDIA_PATH_PREFIX } from '../../server/contract/limits.ts'
import type { AgentClient } from '../client.ts'
import { SyncRefusedError, type RefusalCode } from '../refusals.ts'

/** The mount named is not one of this device's. */
export class UnknownMountError extends Error {
  override name = 'UnknownMountError'
}

/** The mount's root as the server keeps full paths: prefix_path '/' is '/media/', '/a/b' is '/media/a/b/'. */
export function mountRoot(prefixPath: string): string {
  const segments = prefixPath.split('/').filter((segment) => segment !== '')
  return segments.length === 0 ? MEDIA_PATH_PREFIX : `${MEDIA_PATH_PREFIX}${segments.join('/')}/`
}

/** The mount a name points at: its media_grant_id, else its container's name (without regard to case). */
export function findMount(mounts: readonly DeviceMount[], name: string): DeviceMount | undefined {
  if (/^\d+$/.test(name)) {
    const byId = mounts.find((mount) => mount.media_grant_id === Number(name))
    if (byId) return byId
  }
  return mounts.find((mount) => mount.grant_name.toLowerCase() === name.toLowerCase())
}

/** Why a mount cannot be synced now, as the server would refuse it. */
export function mountRefusal(
  mount: Pick<DeviceMount, 'is_disabled' | 'grant_is_disabled' | 'volume_is_disabled'>,
): RefusalCode | undefined {
  if (mount.is_disabled) return 'mount_disabled'
  if (mount.grant_is_disabled) return 'grant_disabled'
  if (mount.volume_is_disabled) return 'volume_disabled'
  return undefined
}

/** The device's mount by that name, enabled; else UnknownMountError or SyncRefusedError. */
export async function openMount(
  client: AgentClient,
  name: string,
  signal?: AbortSignal,
): Promise<DeviceMount> {
  const { mount_list: mounts } = await client.call(
    endpoints.deviceMounts,
    {},
    { ...(signal ? { signal } : {}) },
  )
  const mount = findMount(mounts, name)
  if (!mount) {
    throw new UnknownMountError(
      `This device has no mount "${name}". Mounts: ${
        mounts.map((each) => `${each.media_grant_id} (${each.grant_name})`).join(', ') || 'none'
      }`,
    )
  }
  const refused = mountRefusal(mount)
  if (refused) throw new SyncRefusedError(refused)
  return mount
}
