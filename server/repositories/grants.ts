import type { Queryable } from '../db/index.ts'

export interface HeldGrant {
  media_grant_id: number
  org_id: number
  volume_id: number
  prefix_path: string
  is_disabled: boolean
}

/** The grant when it belongs to the organization and the user holds it; else undefined. */
export async function findHeldGrant(
  db: Queryable,
  orgId: number,
  grantId: number,
  userId: number,
): Promise<HeldGrant | undefined> {
  const [grant] = await db.query<HeldGrant>(
    `SELECT g.media_grant_id, g.org_id, g.volume_id, g.prefix_path, g.is_disabled
       FROM media_grant g
       JOIN media_grant_user h ON h.media_grant_id = g.media_grant_id AND h.user_id = $3
      WHERE g.org_id = $1 AND g.media_grant_id = $2`,
    [orgId, grantId, userId],
  )
  return grant
}
