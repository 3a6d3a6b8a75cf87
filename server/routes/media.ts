// Files of a container: listing, folders, detail, registration, delete and undelete. The container scope
// has checked the container (and the capability an entry names) before any handler runs.
import type { FastifyInstance } from 'fastify'
import { endpoints } from '../contract/endpointSchemas.ts'
import { requireMediaOfGrant } from '../access/grantAccess.ts'
import { sendJson } from '../services/jsonBytes.ts'
import { createFolder, listDir, registerMedia, setMediaDeleted } from '../services/media.ts'
import { mediaDetail } from '../services/mediaDetail.ts'
import { route } from './define.ts'

export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.dirList, async ({ access, query, reply }) =>
    sendJson(reply, await listDir(app.db, access, query.prefix_path)),
  )

  route(app, endpoints.dirCreate, async ({ access, body }) => {
    await createFolder(app.db, access, body.prefix_path)
    return {}
  })

  route(app, endpoints.mediaRegister, async ({ access, body }) => ({
    media_id: await registerMedia(app.db, access, body),
  }))

  route(app, endpoints.mediaDetail, async ({ access, request }) => ({
    media: await mediaDetail(app.db, access.member.org_id, await requireMediaOfGrant(request, access)),
  }))

  // Deleting and undeleting change the container's content, as uploads and new folders do: they need the
  // upload capability (the entries say so), so a member who may only read cannot destroy data.
  route(app, endpoints.mediaDelete, async ({ access, request }) => {
    const media = await requireMediaOfGrant(request, access)
    await setMediaDeleted(app.db, access, media.media_id, true)
    return {}
  })

  route(app, endpoints.mediaUndelete, async ({ access, request }) => {
    const media = await requireMediaOfGrant(request, access)
    await setMediaDeleted(app.db, access, media.media_id, false)
    return {}
  })
}
