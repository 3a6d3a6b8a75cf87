// Members of an organization as its admins see them: role, capabilities and holdings. SQL only.
import type { OrgUser } from '../contract/orgUser.ts'
import type { Queryable } from '../db/index.ts'

const ORG_USER_SQL = `
  SELECT u.user_id, u.email, u.user_name, m.is_admin, m.cap_add_device, m.cap_web_download, m.cap_web_upload,
         COALESCE((SELECT json_agg(json_build_object(
                     'media_grant_id', g.media_grant_id, 'grant_name', g.grant_name, 'volume_id', g.volume_id,
                     'volume_name', v.volume_name, 'prefix_path', g.prefix_path,
                     'is_disabled', CASE WHEN g.is_disabled THEN 1 ELSE 0 END) ORDER BY lower(g.grant_name))
                     FROM media_grant_user h
                     JOIN media_grant g ON g.media_grant_id = h.media_grant_id
                     JOIN volume v ON v.volume_id = g.volume_id
                    WHERE h.org_id = m.org_id AND h.user_id = u.user_id), '[]'::json) AS media_grant_list,
         COALESCE((SELECT json_agg(json_build_object('volume_id', v.volume_id, 'volume_name', v.volume_name)
                                   ORDER BY lower(v.volume_name))
                     FROM media_grant_user h
                     JOIN media_grant g ON g.media_grant_id = h.media_grant_id AND g.prefix_path = '/'
                     JOIN volume v ON v.volume_id = g.volume_id
                    WHERE h.org_id = m.org_id AND h.user_id = u.user_id), '[]'::json) AS volume_list,
         COALESCE((SELECT json_agg(json_build_object(
                             'device_id', d.device_id, 'device_name', d.device_name, 'is_disabled', d.is_disabled,
                             'mount_count', (SELECT count(*) FROM device_media_grant x WHERE x.device_id = d.device_id),
                             'volume_key_count', (SELECT count(*) FROM admin_event e
                                                   WHERE e.org_id = d.org_id AND e.device_id = d.device_id
                                                     AND e.action = 'volume_key'))
                                   ORDER BY lower(d.device_name), d.device_id)
                     FROM device d WHERE d.org_id = m.org_id AND d.user_id = u.user_id), '[]'::json) AS device_list
    FROM org_user m
    JOIN app_user u ON u.user_id = m.user_id
   WHERE m.org_id = $1`

export async function listOrgUsers(db: Queryable, orgId: number): Promise<OrgUser[]> {
  return db.query<OrgUser>(`${ORG_USER_SQL} ORDER BY lower(u.email)`, [orgId])
}

export async function findOrgUser(
  db: Queryable,
  orgId: number,
  userId: number,
): Promise<OrgUser | undefined> {
  const [user] = await db.query<OrgUser>(`${ORG_USER_SQL} AND u.user_id = $2`, [orgId, userId])
  return user
}

export interface Capabilities {
  is_admin: boolean
  cap_add_device: boolean
  cap_web_download: boolean
  cap_web_upload: boolean
}

/** A member's capabilities as the insert and the update write them, in the order of their columns. */
const capValues = (caps: Capabilities) => [
  caps.is_admin,
  caps.cap_add_device,
  caps.cap_web_download,
  caps.cap_web_upload,
]

export async function insertMember(
  db: Queryable,
  orgId: number,
  userId: number,
  caps: Capabilities,
): Promise<void> {
  await db.query(
    `INSERT INTO org_user (org_id, user_id, is_admin, cap_add_device, cap_web_download, cap_web_upload)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [orgId, userId, ...capValues(caps)],
  )
}

export async function updateMember(
  db: Queryable,
  orgId: number,
  userId: number,
  caps: Capabilities,
): Promise<void> {
  await db.query(
    `UPDATE org_user SET is_admin = $3, cap_add_device = $4, cap_web_download = $5, cap_web_upload = $6
      WHERE org_id = $1 AND user_id = $2`,
    [orgId, userId, ...capValues(caps)],
  )
}
