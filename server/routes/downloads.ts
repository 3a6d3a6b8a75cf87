// Download URLs of files and versions, each one recorded as an audit event.
import type { FastifyInstance } from 'fastify'
import { endpoints } from '../contract/endpoints.ts'
import { HttpError } from '../http/errors.ts'
import { requireMediaOfGrant, type GrantAccess } from '../http/grantAccess.ts'
import { findVersion, insertAuditEvent } from '../repositories/media.ts'
import { isConfirmed } from '../repositories/storedObjects.ts'
import { fileNameOf, isUnder } from '../services/paths.ts'
import { DOWNLOAD_URL_SECONDS } from '../storage/urlLifetimes.ts'
import { route } from './define.ts'

/** `inline=true` (or 1) opens the file in the browser; anything else saves it. */
const isInline = (value: boolean | string | undefined) => value === true || value === 'true' || value === '1'

export async function downloadRoutes(app: FastifyInstance): Promise<void> {
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

  route(app, endpoints.mediaDownloadUrl, async ({ access, request, query }) => {
    const media = await requireMediaOfGrant(request, access)
    return signDownload(
      access,
      { mediaId: media.media_id, mediaPath: media.media_path, fileHash: media.file_hash },
      isInline(query.inline),
    )
  })

  route(app, endpoints.versionDownloadUrl, async ({ access, params, query }) => {
    const version = await findVersion(app.db, access.member.org_id, params.media_version_id)
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
      isInline(query.inline),
    )
  })
}
