// Download URLs of files and versions, each one recorded as an audit event; and the admin's audit trail
// of a file.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { AuditListResponse, DownloadUrlQuery, DownloadUrlResponse } from '../contract/media.ts'
import { idParam, requireAdmin } from '../http/access.ts'
import { HttpError } from '../http/errors.ts'
import { requireGrant, requireMediaOfGrant, type GrantAccess } from '../http/grantAccess.ts'
import { findMedia, findVersion, insertAuditEvent, listAuditOfMedia } from '../repositories/media.ts'
import { isConfirmed } from '../repositories/storedObjects.ts'
import { fileNameOf, isUnder } from '../services/paths.ts'
import { DOWNLOAD_URL_SECONDS } from '../storage/urlLifetimes.ts'

const GRANT = '/web/1/org/:org_id/media_grant/:media_grant_id'

/** `inline=true` (or 1) opens the file in the browser; anything else saves it. */
const isInline = (value: boolean | string | undefined) => value === true || value === 'true' || value === '1'

export const downloadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  async function signDownload(
    access: GrantAccess,
    content: { mediaId: number; mediaPath: string; fileHash: string },
    inline: boolean,
  ): Promise<{ url: string }> {
    const orgId = access.member.org_id
    if (!(await isConfirmed(app.db, orgId, content.fileHash))) throw new HttpError(404, 'not_uploaded')
    const signed = await app.store.signGet(
      { orgId, fileHash: content.fileHash },
      { fileName: fileNameOf(content.mediaPath), inline, expiresInSeconds: DOWNLOAD_URL_SECONDS },
    )
    // Every URL handed out counts as a download: the audit trail cannot see whether it was followed.
    await insertAuditEvent(app.db, {
      orgId,
      volumeId: access.grant.volume_id,
      mediaId: content.mediaId,
      mediaPath: content.mediaPath,
      userId: access.member.user_id,
    })
    return { url: signed.url }
  }

  app.get(
    `${GRANT}/media/:media_id/download_url`,
    { schema: { querystring: DownloadUrlQuery, response: { 200: DownloadUrlResponse } } },
    async (request) => {
      const access = await requireGrant(request, 'cap_web_download')
      const media = await requireMediaOfGrant(request, access)
      return signDownload(
        access,
        { mediaId: media.media_id, mediaPath: media.media_path, fileHash: media.file_hash },
        isInline(request.query.inline),
      )
    },
  )

  app.get(
    `${GRANT}/media_version/:media_version_id/download_url`,
    { schema: { querystring: DownloadUrlQuery, response: { 200: DownloadUrlResponse } } },
    async (request) => {
      const access = await requireGrant(request, 'cap_web_download')
      const version = await findVersion(app.db, access.member.org_id, idParam(request, 'media_version_id'))
      if (
        !version ||
        version.volume_id !== access.grant.volume_id ||
        !isUnder(version.media_path, access.root)
      ) {
        throw new HttpError(404, 'not_found')
      }
      return signDownload(
        access,
        { mediaId: version.media_id, mediaPath: version.media_path, fileHash: version.file_hash },
        isInline(request.query.inline),
      )
    },
  )

  app.get(
    '/api/1/org/:org_id/audit_event/media/:media_id',
    { schema: { response: { 200: AuditListResponse } } },
    async (request) => {
      const admin = await requireAdmin(request)
      const media = await findMedia(app.db, admin.org_id, idParam(request, 'media_id'))
      if (!media) throw new HttpError(404, 'not_found')
      return { audit_list: await listAuditOfMedia(app.db, admin.org_id, media.media_id) }
    },
  )
}
