// Share links: the organization's calls (create on a held container, list, revoke, settings) and the
// visitor's public calls under /s/1/, whose answers (errors included) carry X-Robots-Tag: noindex, as the
// page's shell does (both set in http/securityHeaders.ts). The token is a path parameter the request log never writes
// (logger.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { endpoints } from '../contract/endpointSchemas.ts'
import type { LinkSessionQuery } from '../contract/shareLink.ts'
import { clientAddress } from '../http/addresses.ts'
import {
  checkPassphrase,
  createShareLink,
  linkDownloadUrl,
  linkThumbnail,
  openLink,
  revokeLink,
  shareLinkList,
  shareLinkSettings,
  updateSettings,
  type LinkFileRequest,
  type Visitor,
} from '../services/shareLinks.ts'
import { route } from './define.ts'
import { isInline } from './downloads.ts'

const visitorOf = (request: FastifyRequest): Visitor => ({
  address: request.ip,
  limitSubject: clientAddress(request),
})

/** The file a call of /s/1/:share_token/media/:media_id/… names, with the visit its query carries. */
const linkFileOf = (
  request: FastifyRequest,
  params: { share_token: string; media_id: number },
  query: LinkSessionQuery,
): LinkFileRequest => ({
  visitor: visitorOf(request),
  token: params.share_token,
  mediaId: params.media_id,
  linkSession: query.link_session,
})

export async function shareLinkRoutes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.shareLinkCreate, async ({ access, body }) => {
    return createShareLink(app.db, access, body)
  })

  route(app, endpoints.shareLinkList, async ({ access, query }) => {
    return { share_link_list: await shareLinkList(app.db, access, query.state) }
  })

  route(app, endpoints.shareLinkRevoke, async ({ access, params }) => {
    return { share_link: await revokeLink(app.db, access, params.share_link_id) }
  })

  route(app, endpoints.shareLinkSettings, async ({ access }) => {
    return { settings: await shareLinkSettings(app.db, access.org_id) }
  })

  route(app, endpoints.shareLinkSettingsUpdate, async ({ access, body }) => {
    return { settings: await updateSettings(app.db, access, body) }
  })

  route(app, endpoints.shareOpen, async ({ request, params, query }) => {
    return openLink(app.db, app.sealer, visitorOf(request), params.share_token, query)
  })

  route(app, endpoints.sharePassphrase, async ({ request, params, body }) => {
    return checkPassphrase(app.db, app.sealer, visitorOf(request), params.share_token, body.passphrase)
  })

  route(app, endpoints.shareDownloadUrl, async ({ request, params, query }) => {
    return linkDownloadUrl(
      app.db,
      app.stores,
      app.sealer,
      linkFileOf(request, params, query),
      isInline(query.inline),
    )
  })

  route(app, endpoints.shareThumbnail, async ({ request, reply, params, query }) => {
    const thumbnail = await linkThumbnail(
      app.db,
      app.stores,
      app.sealer,
      linkFileOf(request, params, query),
      query.size ?? 'small',
    )
    return reply
      .code(302)
      .header('Location', thumbnail.url)
      .header('Cache-Control', `private, max-age=${thumbnail.maxAgeSeconds}`)
      .send()
  })
}
