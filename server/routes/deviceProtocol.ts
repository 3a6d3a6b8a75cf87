// The device protocol (docs/devices.md). Moving content through a mount uses the web's own services
// (registration, signed PUTs, multipart, download URLs): the mount scope hands them the same access a
// container gives, naming the device, so versions and audit events say which device it was.
import type { FastifyInstance } from 'fastify'
import { endpoints } from '../contract/endpointSchemas.ts'
import { requireMediaOfGrant } from '../access/grantAccess.ts'
import {
  heartbeat,
  mountFiles,
  mountsOf,
  registerDevice,
  reportHoldings,
} from '../services/deviceProtocol.ts'
import { currentContent, signDownload } from '../services/downloads.ts'
import { registerMedia } from '../services/media.ts'
import { completeMultipart, confirmObject, planMultipart, signUploads } from '../services/uploads.ts'
import { route } from './define.ts'

export async function deviceProtocolRoutes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.deviceRegister, async ({ access, body }) => registerDevice(app.db, access, body))

  route(app, endpoints.deviceHeartbeat, async ({ access, body }) => ({
    device: await heartbeat(app.db, access, body.version),
  }))

  route(app, endpoints.deviceMounts, async ({ access }) => ({ mount_list: await mountsOf(app.db, access) }))

  route(app, endpoints.mountFiles, async ({ access, query }) => mountFiles(app.db, access, query))

  route(app, endpoints.mountRegister, async ({ access, body }) => ({
    media_id: await registerMedia(app.db, access, body),
  }))

  route(app, endpoints.mountUpload, async ({ access, body }) => ({
    upload_list: await signUploads(app.db, app.stores, access, body),
  }))

  route(app, endpoints.mountS3Object, async ({ access, body }) => {
    await confirmObject(app.db, app.stores, app.derivatives, access, body)
    return {}
  })

  route(app, endpoints.mountMultipart, async ({ access, body }) =>
    planMultipart(app.db, app.stores, access, body),
  )

  route(app, endpoints.mountMultipartComplete, async ({ access, body }) => {
    await completeMultipart(app.db, app.stores, app.derivatives, access, body)
    return {}
  })

  route(app, endpoints.mountDownloadUrl, async ({ access, request, query }) => {
    const media = await requireMediaOfGrant(request, access)
    return signDownload(app.db, app.stores, access, currentContent(media), false, query.dest_path)
  })

  route(app, endpoints.mountHolding, async ({ access, body }) => reportHoldings(app.db, access, body))
}
