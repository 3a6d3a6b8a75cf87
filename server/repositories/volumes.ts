import type { MediaGrant, Volume } from '../contract/volume.ts'
import type { Queryable } from '../db/index.ts'

const VOLUME_FIELDS =
  'volume_id, volume_name, is_disabled, is_user_volume, min_expire_size, live_expire_days, dead_expire_days'

export async function listVolumes(db: Queryable, orgId: number): Promise<Volume[]> {
  return db.query<Volume>(
    `SELECT ${VOLUME_FIELDS} FROM volume WHERE org_id = $1 ORDER BY lower(volume_name)`,
    [orgId],
  )
}

export async function countVolumes(db: Queryable, orgId: number): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM volume WHERE org_id = $1',
    [orgId],
  )
  return row?.count ?? 0
}

export async function isVolumeNameTaken(db: Queryable, orgId: number, volumeName: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM volume WHERE org_id = $1 AND lower(volume_name) = lower($2)', [
    orgId,
    volumeName,
  ])
  return rows.length > 0
}

export interface NewVolume {
  orgId: number
  volumeName: string
  isDisabled: boolean
  deadExpireDays: number
}

export async function insertVolume(db: Queryable, volume: NewVolume): Promise<number> {
  const [row] = await db.query<{ volume_id: number }>(
    `INSERT INTO volume (org_id, volume_name, is_disabled, dead_expire_days)
     VALUES ($1, $2, $3, $4) RETURNING volume_id`,
    [volume.orgId, volume.volumeName, volume.isDisabled, volume.deadExpireDays],
  )
  if (!row) throw new Error('INSERT ... RETURNING answered no row')
  return row.volume_id
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
  for (const userId of grant.userIds) {
    await db.query('INSERT INTO media_grant_user (org_id, media_grant_id, user_id) VALUES ($1, $2, $3)', [
      grant.orgId,
      row.media_grant_id,
      userId,
    ])
  }
  return row.media_grant_id
}

export async function isGrantNameTaken(db: Queryable, orgId: number, grantName: string): Promise<boolean> {
  const rows = await db.query(
    'SELECT 1 FROM media_grant WHERE org_id = $1 AND lower(grant_name) = lower($2)',
    [orgId, grantName],
  )
  return rows.length > 0
}

// A grant as the wire has it, with its holders; the caller adds the WHERE clause after `g.org_id = $1`.
const GRANT_LIST_SQL = `
  SELECT g.media_grant_id, g.grant_name, g.volume_id, v.volume_name, g.prefix_path,
         CASE WHEN g.is_disabled THEN 1 ELSE 0 END AS is_disabled,
         to_char(g.last_seen AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS last_seen,
         COALESCE((SELECT json_agg(json_build_object('user_id', u.user_id, 'user_name', u.user_name, 'email', u.email)
                                   ORDER BY lower(u.email))
                     FROM media_grant_user h JOIN app_user u ON u.user_id = h.user_id
                    WHERE h.media_grant_id = g.media_grant_id), '[]'::json) AS user_list,
         '[]'::json AS device_list
    FROM media_grant g
    JOIN volume v ON v.volume_id = g.volume_id
   WHERE g.org_id = $1`

/** The containers a user holds in an organization, with their holders. */
export async function listGrantsOfUser(db: Queryable, orgId: number, userId: number): Promise<MediaGrant[]> {
  return db.query<MediaGrant>(
    `${GRANT_LIST_SQL}
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
