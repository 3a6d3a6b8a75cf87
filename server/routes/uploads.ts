// Moving content into the store: signed single PUTs, their confirmation, and multipart uploads. The
// client sends the bytes straight to the signed URLs; these calls only sign and confirm.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  MultipartCompleteRequest,
  MultipartRequest,
  MultipartResponse,
  S3ObjectRequest,
  UploadRequest,
  UploadResponse,
} from '../contract/media.ts'
import { requireGrant } from '../http/grantAccess.ts'
import { completeMultipart, confirmObject, planMultipart, signUploads } from '../services/uploads.ts'

const GRANT = '/web/1/org/:org_id/media_grant/:media_grant_id'

export const uploadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    `${GRANT}/upload`,
    { schema: { body: UploadRequest, response: { 200: UploadResponse } } },
    async (request) => {
      const { member } = await requireGrant(request, 'cap_web_upload')
      return { upload_list: await signUploads(app.db, app.store, member.org_id, request.body) }
    },
  )

  app.post(`${GRANT}/s3_object`, { schema: { body: S3ObjectRequest } }, async (request) => {
    const { member } = await requireGrant(request, 'cap_web_upload')
    await confirmObject(app.db, app.store, member.org_id, request.body)
    return {}
  })

  app.post(
    `${GRANT}/multipart`,
    { schema: { body: MultipartRequest, response: { 200: MultipartResponse } } },
    async (request) => {
      const { member } = await requireGrant(request, 'cap_web_upload')
      return planMultipart(app.db, app.store, member.org_id, request.body)
    },
  )

  app.post(`${GRANT}/multipart_complete`, { schema: { body: MultipartCompleteRequest } }, async (request) => {
    const { member } = await requireGrant(request, 'cap_web_upload')
    await completeMultipart(app.db, app.store, member.org_id, request.body)
    return {}
  })
}
