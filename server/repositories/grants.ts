// Containers (grants): who holds them, which devices mount them, and the admin's changes. SQL only; the
// rules are in services/grants.ts.
import type { GrantOverlap } from '../contract/grant.ts'
import { MEDIA_PATH_PREFIX } from '../contract/limits.ts'
import type { MediaGrant } from '../contract/volume.ts'
import type { Queryable } from '../db/index.ts'

/**
 * A grant's root directory in SQL, from the column of its prefix path: the rule of grantRoot
 * (services/paths.ts) for prefixes as they are stored, which begin and end with '/' ('/' is '/media/',
 * '/a/b/' is '/media/a/b/').
 */
export const grantRootSql = (prefixPathColumn: string) =>
  `('${MEDIA_PATH_PREFIX.slice(0, -1)}' || ${prefixPathColumn})`

export interface HeldGrant {
  media_grant_id: number
  org_id: number
  volume_id: number
  prefix_path: string
  is_disabled: boolean
  volume_is_disabled: boolean
}

/** The grant when it belongs to the organization and the user holds it; else undefined. */
export async function findHeldGrant(
  db: Queryable,
  orgId: number,
  grantId: number,
  userId: number,
): Promise<HeldGrant | undefined> {
  const [grant] = await db.query<HeldGrant>(
    `SELECT g.media_grant_id, g.org_id, g.volume_id, g.prefix_path, g.is_disabled,
            v.is_disabled AS volume_is_disabled
       FROM media_grant g
       JOIN media_grant_user h ON h.media_grant_id = g.media_grant_id AND h.user_id = $3
       JOIN volume v ON v.volume_id = g.volume_id
      WHERE g.org_id = $1 AND g.media_grant_id = $2`,
    [orgId, grantId, userId],
  )
  return grant
}

export interface GrantRow {
  media_grant_id: number
  volume_id: number
  grant_name: string
  prefix_path: string
  is_disabled: boolean
}

/** A grant of the organization, locked for the rest of the transaction when `forUpdate`. */
export async function findGrant(
  db: Queryable,
  orgId: number,
  grantId: number,
  forUpdate = false,
): Promise<GrantRow | undefined> {
  const [grant] = await db.query<GrantRow>(
    `SELECT media_grant_id, volume_id, grant_name, prefix_path, is_disabled
       FROM media_grant WHERE org_id = $1 AND media_grant_id = $2${forUpdate ? ' FOR UPDATE' : ''}`,
    [orgId, grantId],
  )
  return grant
}

/** The container of a volume over a prefix ('/' is the volume's root container). */
export async function findGrantByPrefix(
  db: Queryable,
  orgId: number,
  volumeId: number,
  prefixPath: string,
): Promise<GrantRow | undefined> {
  const [grant] = await db.query<GrantRow>(
    `SELECT media_grant_id, volume_id, grant_name, prefix_path, is_disabled
       FROM media_grant WHERE org_id = $1 AND volume_id = $2 AND prefix_path = $3`,
    [orgId, volumeId, prefixPath],
  )
  return grant
}

/** A container over a volume's prefix, held by the given users. */
export async function insertGrant(
  db: Queryable,
  grant: { orgId: number; volumeId: number; grantName: string; prefixPath: string; userIds: number[] },
): Promise<number> {
  const [row] = await db.query<{ media_grant_id: number }>(
    `INSERT INTO media_grant (org_id, volume_id, grant_name, prefix_path)
     VALUES ($1, $2, $3, $4) RETURNING media_grant_id`,
    [grant.orgId, grant.volumeId, grant.grantName, grant.prefixPath],
  )
  if (!row) throw new Error('INSERT ... RETURNING answered no row')
  for (const userId of grant.userIds) await addGrantUser(db, grant.orgId, row.media_grant_id, userId)
  return row.media_grant_id
}

export async function updateGrant(
  db: Queryable,
  orgId: number,
  grantId: number,
  changes: { grant_name?: string; prefix_path?: string; is_disabled?: boolean },
): Promise<void> {
  await db.query(
    `UPDATE media_grant
        SET grant_name = COALESCE($3, grant_name),
            prefix_path = COALESCE($4, prefix_path),
            is_disabled = COALESCE($5, is_disabled)
      WHERE org_id = $1 AND media_grant_id = $2`,
    [orgId, grantId, changes.grant_name ?? null, changes.prefix_path ?? null, changes.is_disabled ?? null],
  )
}

export async function deleteGrant(db: Queryable, orgId: number, grantId: number): Promise<void> {
  await db.query('DELETE FROM media_grant WHERE org_id = $1 AND media_grant_id = $2', [orgId, grantId])
}

/** Whether any device mounts the container. */
export async function isGrantMounted(db: Queryable, orgId: number, grantId: number): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM device_media_grant WHERE org_id = $1 AND media_grant_id = $2', [
    orgId,
    grantId,
  ])
  return rows.length > 0
}

/** Adds a holder; false when they held it already. */
export async function addGrantUser(
  db: Queryable,
  orgId: number,
  grantId: number,
  userId: number,
): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO media_grant_user (org_id, media_grant_id, user_id) VALUES ($1, $2, $3)
     ON CONFLICT DO NOTHING RETURNING user_id`,
    [orgId, grantId, userId],
  )
  return rows.length > 0
}

/** Removes a holder; false when they did not hold it. */
export async function removeGrantUser(
  db: Queryable,
  orgId: number,
  grantId: number,
  userId: number,
): Promise<boolean> {
  const rows = await db.query(
    'DELETE FROM media_grant_user WHERE org_id = $1 AND media_grant_id = $2 AND user_id = $3 RETURNING user_id',
    [orgId, grantId, userId],
  )
  return rows.length > 0
}

export async function isGrantNameTaken(
  db: Queryable,
  orgId: number,
  grantName: string,
  exceptGrantId = 0,
): Promise<boolean> {
  const rows = await db.query(
    'SELECT 1 FROM media_grant WHERE org_id = $1 AND lower(grant_name) = lower($2) AND media_grant_id <> $3',
    [orgId, grantName, exceptGrantId],
  )
  return rows.length > 0
}

export async function isPrefixTaken(
  db: Queryable,
  orgId: number,
  volumeId: number,
  prefixPath: string,
  exceptGrantId = 0,
): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM media_grant
      WHERE org_id = $1 AND volume_id = $2 AND lower(prefix_path) = lower($3) AND media_grant_id <> $4`,
    [orgId, volumeId, prefixPath, exceptGrantId],
  )
  return rows.length > 0
}

/** The other containers of a volume whose prefix is, contains or lies inside the given one. */
export async function listOverlappingGrants(
  db: Queryable,
  orgId: number,
  volumeId: number,
  prefixPath: string,
  exceptGrantId: number,
): Promise<GrantOverlap[]> {
  return db.query<GrantOverlap>(
    `SELECT media_grant_id, grant_name, prefix_path,
            CASE WHEN lower(prefix_path) = lower($3) THEN 'same'
                 WHEN starts_with(lower(prefix_path), lower($3)) THEN 'inside'
                 ELSE 'contains' END AS relation
       FROM media_grant
      WHERE org_id = $1 AND volume_id = $2 AND media_grant_id <> $4
        AND (starts_with(lower(prefix_path), lower($3)) OR starts_with(lower($3), lower(prefix_path)))
      ORDER BY lower(prefix_path)`,
    [orgId, volumeId, prefixPath, exceptGrantId],
  )
}

// A grant as the wire has it, with its holders and the devices that mount it; the caller adds the WHERE
// clause after `g.org_id = $1`.
const GRANT_LIST_SQL = `
  SELECT g.media_grant_id, g.grant_name, g.volume_id, v.volume_name, g.prefix_path,
         CASE WHEN g.is_disabled THEN 1 ELSE 0 END AS is_disabled,
         to_char(g.last_seen AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS last_seen,
         COALESCE((SELECT json_agg(json_build_object('user_id', u.user_id, 'user_name', u.user_name, 'email', u.email)
                                   ORDER BY lower(u.email))
                     FROM media_grant_user h JOIN app_user u ON u.user_id = h.user_id
                    WHERE h.media_grant_id = g.media_grant_id), '[]'::json) AS user_list,
         COALESCE((SELECT json_agg(json_build_object('device_id', d.device_id, 'device_name', d.device_name,
                                                     'is_disabled', CASE WHEN m.is_disabled THEN 1 ELSE 0 END)
                                   ORDER BY lower(d.device_name), d.device_id)
                     FROM device_media_grant m JOIN device d ON d.device_id = m.device_id
                    WHERE m.media_grant_id = g.media_grant_id), '[]'::json) AS device_list
    FROM media_grant g
    JOIN volume v ON v.volume_id = g.volume_id
   WHERE g.org_id = $1`

/**
 * The containers a member holds in an organization, with their holders. Containers of a disabled volume
 * are left out: none of their file calls would answer.
 */
export async function listGrantsOfUser(db: Queryable, orgId: number, userId: number): Promise<MediaGrant[]> {
  return db.query<MediaGrant>(
    `${GRANT_LIST_SQL}
       AND NOT v.is_disabled
       AND EXISTS (SELECT 1 FROM media_grant_user h
                    WHERE h.media_grant_id = g.media_grant_id AND h.user_id = $2)
     ORDER BY lower(g.grant_name)`,
    [orgId, userId],
  )
}

/** Every container of an organization (the admin's list), with their holders. */
export async function listGrantsOfOrg(db: Queryable, orgId: number): Promise<MediaGrant[]> {
  return db.query<MediaGrant>(`${GRANT_LIST_SQL} ORDER BY lower(g.grant_name)`, [orgId])
}

/** Live files under a full directory path of a volume ('/media/a/'), and their bytes. */
export async function countFilesUnder(
  db: Queryable,
  orgId: number,
  volumeId: number,
  dirPath: string,
): Promise<{ file_count: number; total_bytes: number }> {
  const [row] = await db.query<{ file_count: number; total_bytes: string | number }>(
    `SELECT count(*)::int AS file_count, COALESCE(sum(file_size), 0)::bigint AS total_bytes
       FROM media
      WHERE org_id = $1 AND volume_id = $2 AND NOT is_deleted
        -- The subtree as one range of media_dir_tree_idx: in byte order every directory under '/media/a/'
        -- lies between '/media/a/' and '/media/a0' ('0' follows '/'), so no other file is read.
        AND lower(dir_path) COLLATE "C" >= lower($3) COLLATE "C"
        AND lower(dir_path) COLLATE "C" < (left(lower($3), -1) || '0') COLLATE "C"`,
    [orgId, volumeId, dirPath],
  )
  return { file_count: row?.file_count ?? 0, total_bytes: Number(row?.total_bytes ?? 0) }
}
