// Download URLs of files and versions, each one recorded as an audit event; a file's thumbnails (a redirect
// to their signed URL, not recorded).
import type { FastifyInstance } from 'fastify'
import { endpoints } from '../contract/endpointSchemas.ts'
import { requireMediaOfGrant } from '../access/grantAccess.ts'
import { currentContent, signDownload, versionContent } from '../services/downloads.ts'
import { signThumbnail } from '../services/thumbnails.ts'
import { route } from './define.ts'

/** `inline=true` (or 1) opens the file in the browser; anything else saves it. */
export const isInline = (value: boolean | string | undefined) =>
  value === true || value === 'true' || value === '1'

export async function downloadRoutes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.mediaDownloadUrl, async ({ access, request, query }) => {
    const media = await requireMediaOfGrant(request, access)
    return signDownload(app.db, app.stores, access, currentContent(media), isInline(query.inline))
  })

  route(app, endpoints.mediaThumbnail, async ({ access, request, reply, query }) => {
    const media = await requireMediaOfGrant(request, access)
    const thumbnail = await signThumbnail(app.db, app.stores, access, media, query.size ?? 'small')
    return reply
      .code(302)
      .header('Location', thumbnail.url)
      .header('Cache-Control', `private, max-age=${thumbnail.maxAgeSeconds}`)
      .send()
  })

  route(app, endpoints.versionDownloadUrl, async ({ access, params, query }) => {
    const content = await versionContent(app.db, access, params.media_version_id)
    return signDownload(app.db, app.stores, access, content, isInline(query.inline))
  })
}
