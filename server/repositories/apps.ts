// Apps: the clients devices register through. The secret key is kept only as its SHA-256. SQL only.
import type { AppDevice, AppListItem } from '../contract/app.ts'
import type { Queryable } from '../db/index.ts'

const APP_FIELDS = 'a.app_id, a.app_name, a.is_disabled, a.secret_hash IS NOT NULL AS has_key'

export async function listApps(db: Queryable, orgId: number): Promise<AppListItem[]> {
  return db.query<AppListItem>(
    `SELECT ${APP_FIELDS} FROM app a WHERE a.org_id = $1 ORDER BY lower(a.app_name), a.app_id`,
    [orgId],
  )
}

export async function findApp(db: Queryable, orgId: number, appId: number): Promise<AppListItem | undefined> {
  const [app] = await db.query<AppListItem>(
    `SELECT ${APP_FIELDS} FROM app a WHERE a.org_id = $1 AND a.app_id = $2`,
    [orgId, appId],
  )
  return app
}

export async function listAppDevices(db: Queryable, orgId: number, appId: number): Promise<AppDevice[]> {
  return db.query<AppDevice>(
    `SELECT device_id, device_name, is_disabled FROM device
      WHERE org_id = $1 AND app_id = $2 ORDER BY lower(device_name), device_id`,
    [orgId, appId],
  )
}

export async function insertApp(db: Queryable, orgId: number, appName: string): Promise<number> {
  const [row] = await db.query<{ app_id: number }>(
    'INSERT INTO app (org_id, app_name) VALUES ($1, $2) RETURNING app_id',
    [orgId, appName],
  )
  if (!row) throw new Error('an app insert returned no row')
  return row.app_id
}

export async function updateApp(
  db: Queryable,
  orgId: number,
  appId: number,
  change: { app_name?: string; is_disabled?: boolean },
): Promise<void> {
  await db.query(
    `UPDATE app SET app_name = COALESCE($3, app_name), is_disabled = COALESCE($4, is_disabled)
      WHERE org_id = $1 AND app_id = $2`,
    [orgId, appId, change.app_name ?? null, change.is_disabled ?? null],
  )
}

export async function setAppSecret(
  db: Queryable,
  orgId: number,
  appId: number,
  secretHash: Buffer,
): Promise<void> {
  await db.query('UPDATE app SET secret_hash = $3 WHERE org_id = $1 AND app_id = $2', [
    orgId,
    appId,
    secretHash,
  ])
}

/** What registering through the app checks: whether it is enabled, and its key's hash. */
export async function findAppSecret(
  db: Queryable,
  orgId: number,
  appId: number,
): Promise<{ is_disabled: boolean; secret_hash: Uint8Array | null } | undefined> {
  const [app] = await db.query<{ is_disabled: boolean; secret_hash: Uint8Array | null }>(
    'SELECT is_disabled, secret_hash FROM app WHERE org_id = $1 AND app_id = $2',
    [orgId, appId],
  )
  return app
}
