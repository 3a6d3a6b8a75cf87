// Volumes: creating one (with its root container held by its creator), and changing its settings within
// the plan's limits. A disabled volume keeps its files and settings but none of its containers answers a
// file call (access/grantAccess.ts), and it does not count against the plan's max_volume_count.
import type { CreateVolumeRequest, UpdateVolumeRequest, Volume } from '../contract/volume.ts'
import { VOLUME_NAME_PATTERN } from '../contract/limits.ts'
import { asBoolean } from '../contract/wireValues.ts'
import type { Database } from '../db/index.ts'
import { HttpError } from '../errors.ts'
import { checkName } from './fieldRules.ts'
import { addGrantUser } from '../repositories/grants.ts'
import type { Membership } from '../repositories/orgs.ts'
import {
  findVolume,
  insertVolume,
  isVolumeNameTaken,
  listVolumes,
  updateVolume,
  type VolumeSettings,
} from '../repositories/volumes.ts'
import { recordAdminEvent } from './audit.ts'
import { createRootGrant } from './grants.ts'
import { checkRetention, checkVolumeSlot, defaultRetention, lockPlan } from './planLimits.ts'

export { listVolumes }

/**
 * The name rule and the volume name rule of specification 000 section 5, on the name as sent: a name with
 * a space at either end does not begin and end with a letter or digit, so it is refused rather than trimmed.
 */
const checkVolumeName = (name: string) =>
  checkName(name, { code: 'invalid_volume_name', pattern: VOLUME_NAME_PATTERN, ends: 'as-sent' })

export async function createVolume(
  db: Database,
  admin: Membership,
  request: CreateVolumeRequest,
): Promise<number> {
  const volumeName = checkVolumeName(request.volume_name)
  const isDisabled = request.is_disabled === undefined ? false : asBoolean(request.is_disabled)
  return db.transaction(async (tx) => {
    const plan = await lockPlan(tx, admin.org_id)
    if (await isVolumeNameTaken(tx, admin.org_id, volumeName)) throw new HttpError(409, 'used_volume_name')
    if (!isDisabled) await checkVolumeSlot(tx, admin.org_id, plan)
    const retention = defaultRetention(plan)
    const volumeId = await insertVolume(tx, {
      orgId: admin.org_id,
      volumeName,
      isDisabled,
      liveExpireDays: retention.live_expire_days,
      deadExpireDays: retention.dead_expire_days,
    })
    // The volume's whole tree as a container, held by its creator (named with a number when an earlier
    // volume's container has the name).
    const root = await createRootGrant(tx, admin.org_id, { volume_id: volumeId, volume_name: volumeName })
    await addGrantUser(tx, admin.org_id, root.media_grant_id, admin.user_id)
    await recordAdminEvent(tx, {
      orgId: admin.org_id,
      action: 'volume_create',
      userId: admin.user_id,
      volumeId,
      summary: `Created volume ${volumeName}${isDisabled ? ' (disabled)' : ''} with its container ${root.grant_name}`,
    })
    return volumeId
  })
}

/** What changed, in words, for the admin trail. */
function describeChanges(before: Volume, settings: VolumeSettings): string {
  const parts: string[] = []
  if (settings.volume_name !== undefined)
    parts.push(`renamed from ${before.volume_name} to ${settings.volume_name}`)
  if (settings.is_disabled !== undefined) parts.push(settings.is_disabled ? 'disabled' : 'enabled')
  for (const key of ['min_expire_size', 'live_expire_days', 'dead_expire_days'] as const) {
    if (settings[key] !== undefined) parts.push(`${key} ${before[key]} → ${settings[key]}`)
  }
  return `Volume ${before.volume_name}: ${parts.join(', ')}`
}

/** Sets the fields sent (changed fields only); a field equal to the stored value changes nothing. */
export async function changeVolume(
  db: Database,
  admin: Membership,
  volumeId: number,
  request: UpdateVolumeRequest,
): Promise<void> {
  if (request.volume_name !== undefined) checkVolumeName(request.volume_name)
  await db.transaction(async (tx) => {
    const plan = await lockPlan(tx, admin.org_id)
    const volume = await findVolume(tx, admin.org_id, volumeId, true)
    if (!volume) throw new HttpError(404, 'not_found')
    const settings: VolumeSettings = {}
    if (request.volume_name !== undefined && request.volume_name !== volume.volume_name) {
      if (await isVolumeNameTaken(tx, admin.org_id, request.volume_name, volumeId)) {
        throw new HttpError(409, 'used_volume_name')
      }
      settings.volume_name = request.volume_name
    }
    if (request.is_disabled !== undefined && asBoolean(request.is_disabled) !== volume.is_disabled) {
      settings.is_disabled = asBoolean(request.is_disabled)
      // Re-enabling takes a slot of the plan's max_volume_count again.
      if (!settings.is_disabled) await checkVolumeSlot(tx, admin.org_id, plan)
    }
    for (const key of ['min_expire_size', 'live_expire_days', 'dead_expire_days'] as const) {
      const value = request[key]
      if (value !== undefined && value !== volume[key]) settings[key] = value
    }
    // Only settings being changed are held to the plan: a volume set under an earlier plan can still be
    // renamed after a downgrade.
    checkRetention(plan, settings)
    if (Object.keys(settings).length === 0) return
    await updateVolume(tx, admin.org_id, volumeId, settings)
    await recordAdminEvent(tx, {
      orgId: admin.org_id,
      action: 'volume_update',
      userId: admin.user_id,
      volumeId,
      summary: describeChanges(volume, settings),
    })
  })
}
