// Files of a container: listing, folders, detail, registration, delete and undelete; and the admin's
// list of every container of the organization.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  CreateDirRequest,
  DirListQuery,
  DirListResponse,
  MediaDetailResponse,
  RegisterMediaRequest,
  RegisterMediaResponse,
} from '../contract/media.ts'
import { MediaGrantListResponse } from '../contract/volume.ts'
import { requireAdmin } from '../http/access.ts'
import { requireGrant, requireMediaOfGrant } from '../http/grantAccess.ts'
import { findNames, listHashContainers, listVersions } from '../repositories/media.ts'
import { isConfirmed } from '../repositories/storedObjects.ts'
import { listGrantsOfOrg } from '../repositories/volumes.ts'
import { sendJson } from '../services/jsonBytes.ts'
import { createFolder, listDir, registerMedia, setMediaDeleted } from '../services/media.ts'

const GRANT = '/web/1/org/:org_id/media_grant/:media_grant_id'

export const mediaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/org_admin/1/org/:org_id/media_grant',
    { schema: { response: { 200: MediaGrantListResponse } } },
    async (request) => {
      const admin = await requireAdmin(request)
      return { media_grant_list: await listGrantsOfOrg(app.db, admin.org_id) }
    },
  )

  app.get(
    `${GRANT}/dir`,
    { schema: { querystring: DirListQuery, response: { 200: DirListResponse } } },
    async (request, reply) =>
      sendJson(reply, await listDir(app.db, await requireGrant(request), request.query.prefix_path)),
  )

  app.post(`${GRANT}/dir`, { schema: { body: CreateDirRequest } }, async (request) => {
    await createFolder(app.db, await requireGrant(request, 'cap_web_upload'), request.body.prefix_path)
    return {}
  })

  app.post(
    `${GRANT}/media`,
    { schema: { body: RegisterMediaRequest, response: { 200: RegisterMediaResponse } } },
    async (request) => {
      const access = await requireGrant(request, 'cap_web_upload')
      return { media_id: await registerMedia(app.db, access, request.body) }
    },
  )

  app.get(
    `${GRANT}/media/:media_id`,
    { schema: { response: { 200: MediaDetailResponse } } },
    async (request) => {
      const access = await requireGrant(request)
      const { volume_id: _volumeId, ...media } = await requireMediaOfGrant(request, access)
      const orgId = access.member.org_id
      const [versionList, hashContainers, inS3, names] = await Promise.all([
        listVersions(app.db, orgId, media.media_id),
        listHashContainers(app.db, orgId, media.file_hash),
        isConfirmed(app.db, orgId, media.file_hash),
        findNames(app.db, media.last_update_user_id, media.last_update_device_id),
      ])
      return {
        media: {
          ...media,
          version_list: versionList,
          hash_containers: hashContainers,
          in_s3: inS3,
          last_update_user_name: names.user_name,
          last_update_device_name: names.device_name,
        },
      }
    },
  )

  // Deleting and undeleting change the container's content, as uploads and new folders do: they need the
  // upload capability, so a member who may only read cannot destroy data (restoring a version is a
  // registration, which needs it too).
  app.delete(`${GRANT}/media/:media_id`, async (request) => {
    const access = await requireGrant(request, 'cap_web_upload')
    const media = await requireMediaOfGrant(request, access)
    await setMediaDeleted(app.db, access, media.media_id, true)
    return {}
  })

  app.post(`${GRANT}/media/:media_id/undelete`, async (request) => {
    const access = await requireGrant(request, 'cap_web_upload')
    const media = await requireMediaOfGrant(request, access)
    await setMediaDeleted(app.db, access, media.media_id, false)
    return {}
  })
}
