// Devices and their mounts as the console manages them (specification 001 sections 2 and 7).
import type { FastifyInstance } from 'fastify'
import { endpoints } from '../contract/endpointSchemas.ts'
import {
  mountGrant,
  mountVolume,
  mountVolumeKey,
  removeMount,
  setGrantMountDisabled,
  setVolumeMountDisabled,
} from '../services/deviceMounts.ts'
import { deviceDetailFor, listDevicesFor, updateDeviceByAdmin } from '../services/devices.ts'
import { route } from './define.ts'

export async function deviceRoutes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.deviceList, async ({ access, query }) => ({
    device_list: await listDevicesFor(app.db, access, query.filter),
  }))

  route(app, endpoints.deviceDetail, async ({ access, params }) => ({
    device: await deviceDetailFor(app.db, access, params.device_id),
  }))

  route(app, endpoints.deviceUpdate, async ({ access, params, body }) => {
    await updateDeviceByAdmin(app.db, access, params.device_id, body)
    return {}
  })

  route(app, endpoints.deviceVolumeMount, async ({ access, params }) => {
    await mountVolume(app.db, access, params.device_id, params.volume_id)
    return {}
  })

  for (const [endpoint, isDisabled] of [
    [endpoints.deviceVolumeEnable, false],
    [endpoints.deviceVolumeDisable, true],
  ] as const) {
    route(app, endpoint, async ({ access, params }) => {
      await setVolumeMountDisabled(app.db, access, params.device_id, params.volume_id, isDisabled)
      return {}
    })
  }

  route(app, endpoints.deviceGrantAdd, async ({ access, params, body }) => {
    await mountGrant(app.db, access, params.device_id, body.media_grant_id)
    return {}
  })

  route(app, endpoints.deviceGrantDelete, async ({ access, params, body }) => {
    await removeMount(app.db, access, params.device_id, body.media_grant_id)
    return {}
  })

  for (const [endpoint, isDisabled] of [
    [endpoints.deviceGrantEnable, false],
    [endpoints.deviceGrantDisable, true],
  ] as const) {
    route(app, endpoint, async ({ access, params, body }) => {
      await setGrantMountDisabled(app.db, access, params.device_id, body.media_grant_id, isDisabled)
      return {}
    })
  }

  route(app, endpoints.deviceVolumeKey, async ({ access, params }) => ({
    volume_encryption_key: await mountVolumeKey(
      app.db,
      app.sealer,
      access,
      params.device_id,
      params.media_grant_id,
    ),
  }))
}
