// Containers (grants): the member's own list, and the admin's list and changes.
import type { FastifyInstance } from 'fastify'
import { endpoints } from '../contract/endpointSchemas.ts'
import {
  changeGrant,
  createGrant,
  grantOverlap,
  listGrantsOfOrg,
  listGrantsOfUser,
  removeGrant,
  setGrantHolder,
} from '../services/grants.ts'
import { route } from './define.ts'

export async function grantRoutes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.memberGrantList, async ({ access: member }) => ({
    media_grant_list: await listGrantsOfUser(app.db, member.org_id, member.user_id),
  }))

  route(app, endpoints.grantList, async ({ access: admin }) => ({
    media_grant_list: await listGrantsOfOrg(app.db, admin.org_id),
  }))

  route(app, endpoints.grantCreate, async ({ access: admin, body }) => ({
    media_grant_id: await createGrant(app.db, admin, body),
  }))

  route(app, endpoints.grantOverlap, async ({ access: admin, body }) =>
    grantOverlap(app.db, admin.org_id, body),
  )

  route(app, endpoints.grantUpdate, async ({ access: admin, params, body }) => {
    await changeGrant(app.db, admin, params.media_grant_id, body)
    return {}
  })

  route(app, endpoints.grantDelete, async ({ access: admin, params }) => {
    await removeGrant(app.db, admin, params.media_grant_id)
    return {}
  })

  route(app, endpoints.grantAddUser, async ({ access: admin, params, body }) => {
    await setGrantHolder(app.db, admin, params.media_grant_id, body.user_id, true)
    return {}
  })

  route(app, endpoints.grantRemoveUser, async ({ access: admin, params, body }) => {
    await setGrantHolder(app.db, admin, params.media_grant_id, body.user_id, false)
    return {}
  })
}
