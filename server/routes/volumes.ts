import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  CreateVolumeRequest,
  CreateVolumeResponse,
  MediaGrantListResponse,
  VOLUME_NAME_PATTERN,
  VolumeListResponse,
} from '../contract/volume.ts'
import { requireAdmin, requireMember } from '../http/access.ts'
import { HttpError } from '../http/errors.ts'
import { findOrgOfUser } from '../repositories/orgs.ts'
import {
  countVolumes,
  insertGrant,
  insertVolume,
  isGrantNameTaken,
  isVolumeNameTaken,
  listGrantsOfUser,
  listVolumes,
} from '../repositories/volumes.ts'

export const volumeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/1/org/:org_id/volume',
    { schema: { response: { 200: VolumeListResponse } } },
    async (request) => {
      const admin = await requireAdmin(request)
      return { volume_list: await listVolumes(app.db, admin.org_id) }
    },
  )

  app.post(
    '/api/1/org/:org_id/volume',
    { schema: { body: CreateVolumeRequest, response: { 200: CreateVolumeResponse } } },
    async (request) => {
      const admin = await requireAdmin(request)
      const volumeName = request.body.volume_name.trim()
      if (!VOLUME_NAME_PATTERN.test(volumeName)) throw new HttpError(400, 'invalid_volume_name')
      const org = await findOrgOfUser(app.db, admin.user_id, admin.org_id)
      if (!org?.plan) throw new HttpError(402, 'no_plan')
      const plan = org.plan
      const volumeId = await app.db.transaction(async (tx) => {
        // Locking the organization's row serialises its volume creations: two cannot both pass the count.
        await tx.query('SELECT 1 FROM org WHERE org_id = $1 FOR UPDATE', [admin.org_id])
        if (await isVolumeNameTaken(tx, admin.org_id, volumeName))
          throw new HttpError(409, 'used_volume_name')
        if (
          plan.max_volume_count !== null &&
          (await countVolumes(tx, admin.org_id)) >= plan.max_volume_count
        ) {
          throw new HttpError(402, 'max_volume_count', plan.max_volume_count)
        }
        const id = await insertVolume(tx, {
          orgId: admin.org_id,
          volumeName,
          isDisabled: Boolean(request.body.is_disabled),
          deadExpireDays: plan.retention_days ?? 0,
        })
        // The volume's whole tree as a container, held by its creator. A container of that name may
        // exist already (named after an earlier volume); the volume then starts without one.
        if (!(await isGrantNameTaken(tx, admin.org_id, volumeName))) {
          await insertGrant(tx, {
            orgId: admin.org_id,
            volumeId: id,
            grantName: volumeName,
            prefixPath: '/',
            userIds: [admin.user_id],
          })
        }
        return id
      })
      return { volume_id: volumeId }
    },
  )

  app.get(
    '/web/1/org/:org_id/media_grant',
    { schema: { response: { 200: MediaGrantListResponse } } },
    async (request) => {
      const member = await requireMember(request)
      return { media_grant_list: await listGrantsOfUser(app.db, member.org_id, member.user_id) }
    },
  )
}
