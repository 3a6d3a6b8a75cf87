// Apps (specification 001 sections 2 and 7): the clients devices register through. A new app has no key;
// New Key makes one, shows it once, and keeps only its SHA-256, so a copy of the database cannot register a
// device. Disabling an app refuses every call of its devices from the next one on.
import crypto from 'node:crypto'
import type { App, AppListItem, UpdateAppRequest } from '../contract/app.ts'
import { APP_NAME_MAX } from '../contract/limits.ts'
import { asBoolean } from '../contract/wireValues.ts'
import type { Database, Queryable } from '../db/index.ts'
import { newSessionKey, sha256 } from '../auth/secrets.ts'
import { HttpError } from '../errors.ts'
import { checkName } from './fieldRules.ts'
import {
  findApp,
  findAppSecret,
  insertApp,
  listAppDevices,
  listApps,
  setAppSecret,
  updateApp,
} from '../repositories/apps.ts'
import type { Membership } from '../repositories/orgs.ts'
import { recordAdminEvent } from './audit.ts'

/** An app name as stored: the name rule, at most APP_NAME_MAX characters. */
export const normalizeAppName = (name: string) =>
  checkName(name, { code: 'invalid_app_name', maxLength: APP_NAME_MAX })

export async function listAppsOf(db: Queryable, admin: Membership): Promise<AppListItem[]> {
  return listApps(db, admin.org_id)
}

export async function appDetail(db: Queryable, admin: Membership, appId: number): Promise<App> {
  const app = await findApp(db, admin.org_id, appId)
  if (!app) throw new HttpError(404, 'not_found')
  return { ...app, device_list: await listAppDevices(db, admin.org_id, appId) }
}

export async function createApp(db: Database, admin: Membership, name: string): Promise<number> {
  const appName = normalizeAppName(name)
  return db.transaction(async (tx) => {
    const appId = await insertApp(tx, admin.org_id, appName)
    await recordAdminEvent(tx, {
      orgId: admin.org_id,
      action: 'app_create',
      userId: admin.user_id,
      summary: `Created app ${appName}`,
    })
    return appId
  })
}

export async function updateAppByAdmin(
  db: Database,
  admin: Membership,
  appId: number,
  request: UpdateAppRequest,
): Promise<void> {
  const appName = request.app_name === undefined ? undefined : normalizeAppName(request.app_name)
  await db.transaction(async (tx) => {
    const app = await findApp(tx, admin.org_id, appId)
    if (!app) throw new HttpError(404, 'not_found')
    const change: { app_name?: string; is_disabled?: boolean } = {}
    const words: string[] = []
    if (appName !== undefined && appName !== app.app_name) {
      change.app_name = appName
      words.push(`renamed to ${appName}`)
    }
    if (request.is_disabled !== undefined && asBoolean(request.is_disabled) !== app.is_disabled) {
      change.is_disabled = asBoolean(request.is_disabled)
      words.push(change.is_disabled ? 'disabled' : 'enabled')
    }
    if (words.length === 0) return
    await updateApp(tx, admin.org_id, appId, change)
    await recordAdminEvent(tx, {
      orgId: admin.org_id,
      action: 'app_update',
      userId: admin.user_id,
      summary: `App ${app.app_name}: ${words.join(', ')}`,
    })
  })
}

/** A new secret key for the app, replacing any earlier one; answered once, kept only as its hash. */
export async function newAppKey(db: Database, admin: Membership, appId: number): Promise<string> {
  const secretKey = newSessionKey()
  await db.transaction(async (tx) => {
    const app = await findApp(tx, admin.org_id, appId)
    if (!app) throw new HttpError(404, 'not_found')
    await setAppSecret(tx, admin.org_id, appId, sha256(secretKey))
    await recordAdminEvent(tx, {
      orgId: admin.org_id,
      action: 'app_new_key',
      userId: admin.user_id,
      summary: `${app.has_key ? 'Regenerated the key' : 'Made a key'} of app ${app.app_name}`,
    })
  })
  return secretKey
}

/** Checks an app's id and key for a registration: 403 for a wrong key or a disabled app, 404 for none. */
export async function checkAppKey(
  db: Queryable,
  orgId: number,
  appId: number,
  secretKey: string,
): Promise<void> {
  const app = await findAppSecret(db, orgId, appId)
  if (!app) throw new HttpError(404, 'not_found')
  const given = sha256(secretKey)
  if (!app.secret_hash || !crypto.timingSafeEqual(Buffer.from(app.secret_hash), given)) {
    throw new HttpError(403, 'invalid_app_key')
  }
  if (app.is_disabled) throw new HttpError(403, 'app_disabled')
}
