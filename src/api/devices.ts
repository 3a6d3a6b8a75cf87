// Devices and their mounts (specification 001, sections 2 and 7): the list (an admin sees every device of the
// organization, a member their own), a device's detail, the admin's changes, the mounts (add, enable,
// disable, delete) and a mount's volume key; with query options and mutation hooks.
import { queryOptions, useMutation } from '@tanstack/react-query'
import type {
  Device,
  DeviceListItem,
  DeviceListQuery,
  DeviceMount,
  UpdateDeviceRequest,
  UserRefusal,
  VolumeKeyEvent,
} from '../../server/contract/device.ts'
import { endpoints } from '../../server/contract/endpoints.ts'
import { call } from './client.ts'
import { useInvalidateOrg } from './invalidation.ts'

export type { Device, DeviceListItem, DeviceMount, UpdateDeviceRequest, UserRefusal, VolumeKeyEvent }

/** active: devices that are not disabled (the default); all: every device. */
export type DeviceFilter = NonNullable<DeviceListQuery['filter']>

export async function listDevices(orgId: number, filter: DeviceFilter): Promise<DeviceListItem[]> {
  const answer = await call(
    endpoints.deviceList,
    { params: { org_id: orgId }, query: { filter } },
    { retry: true },
  )
  return answer.device_list
}

export async function getDevice(orgId: number, deviceId: number): Promise<Device> {
  const params = { org_id: orgId, device_id: deviceId }
  return (await call(endpoints.deviceDetail, { params }, { retry: true })).device
}

export async function updateDevice(
  orgId: number,
  deviceId: number,
  changes: UpdateDeviceRequest,
): Promise<void> {
  await call(endpoints.deviceUpdate, {
    params: { org_id: orgId, device_id: deviceId },
    body: changes,
  })
}

/** What an admin does to a device's mount of a container. */
export type MountAction = 'add' | 'enable' | 'disable' | 'delete'

const MOUNT_ENDPOINTS = {
  add: endpoints.deviceGrantAdd,
  enable: endpoints.deviceGrantEnable,
  disable: endpoints.deviceGrantDisable,
  delete: endpoints.deviceGrantDelete,
} as const

export async function changeMount(
  orgId: number,
  deviceId: number,
  grantId: number,
  action: MountAction,
): Promise<void> {
  await call(MOUNT_ENDPOINTS[action], {
    params: { org_id: orgId, device_id: deviceId },
    body: { media_grant_id: grantId },
  })
}

/** The key of the volume a mounted container lies in: 64 hex digits (each retrieval is recorded). */
export async function getVolumeKey(orgId: number, deviceId: number, grantId: number): Promise<string> {
  const answer = await call(endpoints.deviceVolumeKey, {
    params: { org_id: orgId, device_id: deviceId, media_grant_id: grantId },
  })
  return answer.volume_encryption_key
}

export const deviceQueries = {
  list: (orgId: number, filter: DeviceFilter) =>
    queryOptions({
      queryKey: ['org', orgId, 'device_list', filter],
      queryFn: () => listDevices(orgId, filter),
    }),
  detail: (orgId: number, deviceId: number) =>
    queryOptions({
      queryKey: ['org', orgId, 'device', deviceId],
      queryFn: () => getDevice(orgId, deviceId),
    }),
}

// A device change shows in the device list, the containers' device lists, the app's and the user's: each
// change below reads the organization's queries again (src/api/invalidation.ts).

export function useUpdateDevice(orgId: number, deviceId: number) {
  const invalidate = useInvalidateOrg(orgId)
  return useMutation({
    mutationFn: (changes: UpdateDeviceRequest) => updateDevice(orgId, deviceId, changes),
    onSuccess: invalidate,
  })
}

export function useChangeMount(orgId: number, deviceId: number) {
  const invalidate = useInvalidateOrg(orgId)
  return useMutation({
    mutationFn: ({ grantId, action }: { grantId: number; action: MountAction }) =>
      changeMount(orgId, deviceId, grantId, action),
    onSuccess: invalidate,
  })
}

/** The retrieval is recorded: the device's list of keys handed out is read again. */
export function useVolumeKey(orgId: number, deviceId: number) {
  const invalidate = useInvalidateOrg(orgId)
  return useMutation({
    mutationFn: (grantId: number) => getVolumeKey(orgId, deviceId, grantId),
    onSuccess: invalidate,
  })
}
