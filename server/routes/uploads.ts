// Moving content into the store: signed single PUTs, their confirmation, and multipart uploads. The
// client sends the bytes straight to the signed URLs; these calls only sign and confirm.
import type { FastifyInstance } from 'fastify'
import { endpoints } from '../contract/endpointSchemas.ts'
import { completeMultipart, confirmObject, planMultipart, signUploads } from '../services/uploads.ts'
import { route } from './define.ts'

export async function uploadRoutes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.upload, async ({ access, body }) => ({
    upload_list: await signUploads(app.db, app.stores, access, body),
  }))

  route(app, endpoints.s3Object, async ({ access, body }) => {
    await confirmObject(app.db, app.stores, app.derivatives, access, body)
    return {}
  })

  route(app, endpoints.multipart, async ({ access, body }) => planMultipart(app.db, app.stores, access, body))

  route(app, endpoints.multipartComplete, async ({ access, body }) => {
    await completeMultipart(app.db, app.stores, app.derivatives, access, body)
    return {}
  })
}
