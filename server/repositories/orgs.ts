import type { OrgListItem, User } from '../contract/user.ts'
import type { Plan } from '../contract/plan.ts'
import type { Queryable } from '../db/index.ts'
import { PLAN_FIELDS } from './plans.ts'
import { LIVE_SESSION_CTE, liveSessionParams, touchIfStale } from './sessions.ts'

export interface Membership {
  org_id: number
  user_id: number
  is_admin: boolean
  cap_add_device: boolean
  cap_web_download: boolean
  cap_web_upload: boolean
}

interface OrgListRow extends Omit<OrgListItem, 'plan'> {
  plan: Plan | null
}

// One row per membership of a user (named by an SQL expression), with the org's plan as JSON and its
// device count, in the order of OrgListItem's fields.
const orgListSql = (userId: string) => `
  SELECT o.org_id, o.org_name, m.is_admin, o.plan_id,
         (SELECT row_to_json(p) FROM (SELECT ${PLAN_FIELDS} FROM plan WHERE plan.plan_id = o.plan_id) p) AS plan,
         o.domain_prefix, m.cap_add_device, m.cap_web_download, m.cap_web_upload,
         (SELECT count(*)::int FROM device d WHERE d.org_id = o.org_id) AS device_count
    FROM org_user m
    JOIN org o ON o.org_id = m.org_id
   WHERE m.user_id = ${userId}`
const ORG_LIST_SQL = orgListSql('$1')

/**
 * The signed-in user of a session key's hash and every organization they belong to, in one statement (the
 * session's check included, its touch once a minute): the console asks for it on every start and
 * organization switch.
 */
export async function findSessionUserWithOrgs(
  db: Queryable,
  keyHash: Buffer,
): Promise<{ user: User; org_list: OrgListItem[] } | undefined> {
  const [row] = await db.query<User & { org_list: OrgListItem[]; session_id: number; stale: boolean }>(
    `${LIVE_SESSION_CTE}
     SELECT u.user_id, u.user_name, u.email,
            COALESCE((SELECT json_agg(o ORDER BY lower(o.org_name)) FROM (${orgListSql('u.user_id')}) o), '[]')
              AS org_list,
            live.session_id, live.stale
       FROM live JOIN app_user u ON u.user_id = live.user_id`,
    liveSessionParams(keyHash),
  )
  if (!row) return undefined
  const { org_list, session_id, stale, ...user } = row
  await touchIfStale(db, { session_id, stale })
  return { user, org_list }
}

export async function findOrgOfUser(
  db: Queryable,
  userId: number,
  orgId: number,
): Promise<OrgListItem | undefined> {
  const [org] = await db.query<OrgListRow>(`${ORG_LIST_SQL} AND o.org_id = $2`, [userId, orgId])
  return org
}

export async function findMembership(
  db: Queryable,
  orgId: number,
  userId: number,
): Promise<Membership | undefined> {
  const [membership] = await db.query<Membership>(
    `SELECT org_id, user_id, is_admin, cap_add_device, cap_web_download, cap_web_upload
       FROM org_user WHERE org_id = $1 AND user_id = $2`,
    [orgId, userId],
  )
  return membership
}

export async function isOrgNameTaken(db: Queryable, orgName: string, exceptOrgId = 0): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM org WHERE lower(org_name) = lower($1) AND org_id <> $2', [
    orgName,
    exceptOrgId,
  ])
  return rows.length > 0
}

/** Creates the org with its creator as admin holding every capability. */
export async function insertOrg(db: Queryable, orgName: string, creatorId: number): Promise<number> {
  const [org] = await db.query<{ org_id: number }>(
    'INSERT INTO org (org_name) VALUES ($1) RETURNING org_id',
    [orgName],
  )
  if (!org) throw new Error('INSERT ... RETURNING answered no row')
  await db.query(
    `INSERT INTO org_user (org_id, user_id, is_admin, cap_add_device, cap_web_download, cap_web_upload)
     VALUES ($1, $2, true, true, true, true)`,
    [org.org_id, creatorId],
  )
  return org.org_id
}

export async function findOrgIdByDomainPrefix(db: Queryable, prefix: string): Promise<number | undefined> {
  const [org] = await db.query<{ org_id: number }>('SELECT org_id FROM org WHERE domain_prefix = $1', [
    prefix,
  ])
  return org?.org_id
}

export interface OrgUpdate {
  org_name?: string
  domain_prefix?: string | null
}

export async function updateOrg(db: Queryable, orgId: number, update: OrgUpdate): Promise<void> {
  if (update.org_name !== undefined) {
    await db.query('UPDATE org SET org_name = $1 WHERE org_id = $2', [update.org_name, orgId])
  }
  if (update.domain_prefix !== undefined) {
    await db.query('UPDATE org SET domain_prefix = $1 WHERE org_id = $2', [update.domain_prefix, orgId])
  }
}

export async function setOrgPlan(db: Queryable, orgId: number, planId: string): Promise<void> {
  await db.query('UPDATE org SET plan_id = $1 WHERE org_id = $2', [planId, orgId])
}

export async function removeMember(db: Queryable, orgId: number, userId: number): Promise<void> {
  await db.query('DELETE FROM media_grant_user WHERE org_id = $1 AND user_id = $2', [orgId, userId])
  await db.query('DELETE FROM org_user WHERE org_id = $1 AND user_id = $2', [orgId, userId])
}

export async function findPaymentCustomer(db: Queryable, orgId: number): Promise<string | null> {
  const [row] = await db.query<{ payment_customer_ref: string | null }>(
    'SELECT payment_customer_ref FROM org WHERE org_id = $1',
    [orgId],
  )
  return row?.payment_customer_ref ?? null
}

export async function setPaymentCustomer(db: Queryable, orgId: number, customerRef: string): Promise<void> {
  await db.query('UPDATE org SET payment_customer_ref = $1 WHERE org_id = $2', [customerRef, orgId])
}

/** Locks the organization's row for the rest of the transaction (limits count under it). */
export async function lockOrg(
  db: Queryable,
  orgId: number,
): Promise<{ org_name: string; plan_id: string | null } | undefined> {
  const [org] = await db.query<{ org_name: string; plan_id: string | null }>(
    'SELECT org_name, plan_id FROM org WHERE org_id = $1 FOR UPDATE',
    [orgId],
  )
  return org
}

/** Members of the organization, admins included. */
export async function countMembers(db: Queryable, orgId: number): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM org_user WHERE org_id = $1',
    [orgId],
  )
  return row?.count ?? 0
}
