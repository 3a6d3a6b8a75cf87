// Containers (grants): a named prefix of a volume that members hold. Names are unique in the
// organization, prefixes in the volume, both without regard to case (folders are found that way). A
// container a device mounts cannot be deleted, only disabled. Before adding a container or moving its
// prefix, an admin can see what it would overlap (overlaps are allowed, as nested folders are, but
// should not come as a surprise).
import {
  GRANT_NAME_PATTERN,
  type CreateGrantRequest,
  type GrantOverlapRequest,
  type GrantOverlapResponse,
  type UpdateGrantRequest,
} from '../contract/grant.ts'
import type { Database, Queryable } from '../db/index.ts'
import { HttpError } from '../errors.ts'
import { checkName } from './fieldRules.ts'
import {
  addGrantUser,
  countFilesUnder,
  deleteGrant,
  findGrant,
  insertGrant,
  isGrantMounted,
  isGrantNameTaken,
  isPrefixTaken,
  listOverlappingGrants,
  removeGrantUser,
  updateGrant,
  type GrantRow,
} from '../repositories/grants.ts'
import { findMembership, type Membership } from '../repositories/orgs.ts'
import { findUser } from '../repositories/users.ts'
import { findVolume } from '../repositories/volumes.ts'
import { recordAdminEvent } from './audit.ts'
import { grantRoot, normalizeSegments } from './paths.ts'

export { listGrantsOfOrg, listGrantsOfUser } from '../repositories/grants.ts'

const MAX_GRANT_NAME = 64

/** The name rule and the container's own pattern, on the trimmed name. */
const checkGrantName = (name: string) =>
  checkName(name, { code: 'invalid_grant_name', pattern: GRANT_NAME_PATTERN })

/** A prefix as stored: '/' then its segments, each followed by '/' (the trailing '/' appended). */
export function normalizePrefix(raw: string): string {
  let segments: string[]
  try {
    segments = normalizeSegments(raw.trim())
  } catch {
    throw new HttpError(400, 'invalid_prefix_path')
  }
  return segments.length === 0 ? '/' : `/${segments.join('/')}/`
}

async function requireVolume(tx: Queryable, orgId: number, volumeId: number) {
  const volume = await findVolume(tx, orgId, volumeId)
  if (!volume) throw new HttpError(404, 'not_found')
  return volume
}

async function requireGrantOf(tx: Queryable, orgId: number, grantId: number) {
  const grant = await findGrant(tx, orgId, grantId, true)
  if (!grant) throw new HttpError(404, 'not_found')
  return grant
}

/** A user of the organization, named by an admin's request; anyone else is not found. */
async function requireMemberUser(tx: Queryable, orgId: number, userId: number) {
  const membership = await findMembership(tx, orgId, userId)
  const user = membership ? await findUser(tx, userId) : undefined
  if (!user) throw new HttpError(404, 'not_found')
  return user
}

/**
 * A free container name made from a volume's: the name itself, else with a number (' 2', ' 3', ...), cut so
 * that it keeps to the container name rule.
 */
async function freeGrantName(tx: Queryable, orgId: number, volumeName: string): Promise<string> {
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? '' : ` ${n}`
    const stem = volumeName.slice(0, MAX_GRANT_NAME - suffix.length).replace(/[^A-Za-z0-9]+$/, '')
    const name = `${stem}${suffix}`
    if (!(await isGrantNameTaken(tx, orgId, name))) return name
  }
}

/**
 * Makes a volume's root container (prefix '/'), named after the volume, held by nobody yet: the one rule
 * for a new volume's container and for giving someone a whole volume that has none. The caller records it
 * in the admin trail, in the words of what it was doing.
 */
export async function createRootGrant(
  tx: Queryable,
  orgId: number,
  volume: { volume_id: number; volume_name: string },
): Promise<GrantRow> {
  const grantName = await freeGrantName(tx, orgId, volume.volume_name)
  const grantId = await insertGrant(tx, {
    orgId,
    volumeId: volume.volume_id,
    grantName,
    prefixPath: '/',
    userIds: [],
  })
  return {
    media_grant_id: grantId,
    volume_id: volume.volume_id,
    grant_name: grantName,
    prefix_path: '/',
    is_disabled: false,
  }
}

export async function grantOverlap(
  db: Queryable,
  orgId: number,
  request: GrantOverlapRequest,
): Promise<GrantOverlapResponse> {
  await requireVolume(db, orgId, request.volume_id)
  const prefixPath = normalizePrefix(request.prefix_path)
  const [overlapList, files] = await Promise.all([
    listOverlappingGrants(db, orgId, request.volume_id, prefixPath, request.media_grant_id ?? 0),
    countFilesUnder(db, orgId, request.volume_id, grantRoot(prefixPath)),
  ])
  return { prefix_path: prefixPath, overlap_list: overlapList, ...files }
}

export async function createGrant(
  db: Database,
  admin: Membership,
  request: CreateGrantRequest,
): Promise<number> {
  const grantName = checkGrantName(request.grant_name)
  const prefixPath = normalizePrefix(request.prefix_path)
  return db.transaction(async (tx) => {
    const volume = await requireVolume(tx, admin.org_id, request.volume_id)
    if (await isGrantNameTaken(tx, admin.org_id, grantName)) throw new HttpError(409, 'used_grant_name')
    if (await isPrefixTaken(tx, admin.org_id, volume.volume_id, prefixPath))
      throw new HttpError(409, 'used_prefix_path')
    const userIds = [...new Set(request.user_id_list ?? [])]
    for (const userId of userIds) await requireMemberUser(tx, admin.org_id, userId)
    const grantId = await insertGrant(tx, {
      orgId: admin.org_id,
      volumeId: volume.volume_id,
      grantName,
      prefixPath,
      userIds,
    })
    await recordAdminEvent(tx, {
      orgId: admin.org_id,
      action: 'grant_create',
      userId: admin.user_id,
      volumeId: volume.volume_id,
      grantId,
      summary: `Added container ${grantName} over ${prefixPath} of ${volume.volume_name}`,
    })
    return grantId
  })
}

export async function changeGrant(
  db: Database,
  admin: Membership,
  grantId: number,
  request: UpdateGrantRequest,
): Promise<void> {
  const grantName = request.grant_name === undefined ? undefined : checkGrantName(request.grant_name)
  const prefixPath = request.prefix_path === undefined ? undefined : normalizePrefix(request.prefix_path)
  await db.transaction(async (tx) => {
    const grant = await requireGrantOf(tx, admin.org_id, grantId)
    const changes: { grant_name?: string; prefix_path?: string; is_disabled?: boolean } = {}
    const words: string[] = []
    if (grantName !== undefined && grantName !== grant.grant_name) {
      if (await isGrantNameTaken(tx, admin.org_id, grantName, grantId))
        throw new HttpError(409, 'used_grant_name')
      changes.grant_name = grantName
      words.push(`renamed to ${grantName}`)
    }
    if (prefixPath !== undefined && prefixPath !== grant.prefix_path) {
      if (await isPrefixTaken(tx, admin.org_id, grant.volume_id, prefixPath, grantId))
        throw new HttpError(409, 'used_prefix_path')
      changes.prefix_path = prefixPath
      words.push(`moved from ${grant.prefix_path} to ${prefixPath}`)
    }
    if (request.is_disabled !== undefined && (request.is_disabled === 1) !== grant.is_disabled) {
      changes.is_disabled = request.is_disabled === 1
      words.push(changes.is_disabled ? 'disabled' : 'enabled')
    }
    if (words.length === 0) return
    await updateGrant(tx, admin.org_id, grantId, changes)
    await recordAdminEvent(tx, {
      orgId: admin.org_id,
      action: 'grant_update',
      userId: admin.user_id,
      volumeId: grant.volume_id,
      grantId,
      summary: `Container ${grant.grant_name}: ${words.join(', ')}`,
    })
  })
}

export async function removeGrant(db: Database, admin: Membership, grantId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const grant = await requireGrantOf(tx, admin.org_id, grantId)
    if (await isGrantMounted(tx, admin.org_id, grantId)) throw new HttpError(409, 'grant_has_devices')
    // The event first: it names the container by id until the delete sets that id to NULL.
    await recordAdminEvent(tx, {
      orgId: admin.org_id,
      action: 'grant_delete',
      userId: admin.user_id,
      volumeId: grant.volume_id,
      grantId,
      summary: `Deleted container ${grant.grant_name} over ${grant.prefix_path}`,
    })
    await deleteGrant(tx, admin.org_id, grantId)
  })
}

/** Adds or removes a holder; doing what is already done changes nothing and records nothing. */
export async function setGrantHolder(
  db: Database,
  admin: Membership,
  grantId: number,
  userId: number,
  holds: boolean,
): Promise<void> {
  await db.transaction(async (tx) => {
    const grant = await requireGrantOf(tx, admin.org_id, grantId)
    const user = await requireMemberUser(tx, admin.org_id, userId)
    const changed = holds
      ? await addGrantUser(tx, admin.org_id, grantId, userId)
      : await removeGrantUser(tx, admin.org_id, grantId, userId)
    if (!changed) return
    await recordAdminEvent(tx, {
      orgId: admin.org_id,
      action: holds ? 'grant_add_user' : 'grant_remove_user',
      userId: admin.user_id,
      volumeId: grant.volume_id,
      grantId,
      subjectUserId: userId,
      summary: `${holds ? 'Gave' : 'Took'} container ${grant.grant_name} ${holds ? 'to' : 'from'} ${user.email}`,
    })
  })
}
