// An organization's users: the admin's list, adding, changing and removing members, and their volumes.
import type { FastifyInstance } from 'fastify'
import { endpoints } from '../contract/endpointSchemas.ts'
import { addUser, changeUser, listOrgUsers, removeUser, setUserVolume } from '../services/users.ts'
import { route } from './define.ts'

export async function userRoutes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.userList, async ({ access: admin }) => ({
    user_list: await listOrgUsers(app.db, admin.org_id),
  }))

  route(app, endpoints.userAdd, async ({ access: admin, body, request }) => ({
    user_id: await addUser(app.db, admin, body, {
      mailer: app.mailer,
      signInUrl: new URL('/login', app.config.publicUrl).href,
      log: request.log,
    }),
  }))

  route(app, endpoints.userUpdate, async ({ access: admin, params, body }) => {
    await changeUser(app.db, admin, params.user_id, body)
    return {}
  })

  route(app, endpoints.userRemove, async ({ access: admin, params }) => {
    await removeUser(app.db, admin, params.user_id)
    return {}
  })

  route(app, endpoints.userVolumeAdd, async ({ access: admin, params }) => {
    await setUserVolume(app.db, admin, params.user_id, params.volume_id, true)
    return {}
  })

  route(app, endpoints.userVolumeRemove, async ({ access: admin, params }) => {
    await setUserVolume(app.db, admin, params.user_id, params.volume_id, false)
    return {}
  })
}
