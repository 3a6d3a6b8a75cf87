// Network stores (specification 001 sections 2-8): an organization's own S3-compatible buckets. Adding or
// editing one is checked by a real round trip with the given credentials (write, read back and delete a
// probe object under the prefix) before anything is saved: 412 when it fails. The host must not resolve to
// the server's own network unless STORE_ALLOW_PRIVATE_HOSTS is set (hostGuard.ts). The secret is sealed
// under the server key and never answered: it reads '****'. Lists name the stores in the order uploads try
// them (priority 1 first) and the service's own store last.
import {
  DEFAULT_STORE_ID,
  type CreateNetworkStoreRequest,
  type NetworkStore,
  type NetworkStoreOrderRequest,
  type UpdateNetworkStoreRequest,
} from '../contract/networkStore.ts'
import { DEFAULT_STORE_MAX_SIZE, SECRET_MASK } from '../contract/limits.ts'
import { asBoolean } from '../contract/wireValues.ts'
import type { Database, Queryable } from '../db/index.ts'
import { holdsControlCharacter } from '../contract/text.ts'
import { HttpError } from '../errors.ts'
import { checkName } from './fieldRules.ts'
import {
  findNetworkStore,
  insertNetworkStore,
  listNetworkStores,
  reserveNetworkStoreId,
  setNetworkStoreDisabled,
  setNetworkStorePriority,
  updateNetworkStore,
  type NetworkStoreFields,
  type NetworkStoreRow,
} from '../repositories/networkStores.ts'
import type { Membership } from '../repositories/orgs.ts'
import type { Sealer } from '../auth/sealing.ts'
import { sealedLabels } from '../auth/sealedValues.ts'
import { HostNotAllowedError, resolveAllowed } from '../storage/hostGuard.ts'
import { describeError, type NetworkStoreSettings } from '../storage/networkStores.ts'
import type { StoreSet } from './placement.ts'
import { recordAdminEvent } from './audit.ts'

export interface NetworkStoreContext {
  db: Database
  stores: StoreSet
  sealer: Sealer
  allowPrivateHosts: boolean
}

/** S3 bucket names (and those of the common compatible servers): 3-63 of a-z, 0-9, dot, dash, underscore. */
const BUCKET_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9._-]{1,61}[a-zA-Z0-9]$/
const REGION_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/

function invalid(): never {
  throw new HttpError(400, 'invalid_store_settings')
}

/** A setting that must be given: the name rule, since each is shown on the store's page. */
const required = (value: string | undefined) => checkName(value ?? '', { code: 'invalid_store_settings' })

/**
 * The endpoint URL of a host as an admin types it: a host name or host:port (https), or an http(s) URL
 * without a path, user, query or fragment. Plain http only where private hosts are allowed.
 */
export function storeEndpoint(raw: string, allowPlainHttp: boolean): string {
  const text = required(raw)
  let url: URL
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`)
  } catch {
    invalid()
  }
  const plain = url.protocol === 'http:'
  if (!(url.protocol === 'https:' || (plain && allowPlainHttp))) invalid()
  if (url.username || url.password || url.search || url.hash || url.pathname !== '/' || !url.hostname) {
    invalid()
  }
  return url.origin
}

/**
 * Endpoint aliases as an admin types them, each as the host is (storeEndpoint), answered as origins without
 * repeats or the endpoint itself. The server never connects to them (presigning is local), so the SSRF guard
 * has nothing to say; the browser reaches them.
 */
function storeAliases(raw: readonly string[], endpoint: string, allowPlainHttp: boolean): string[] {
  const origins = raw.map((alias) => storeEndpoint(alias, allowPlainHttp))
  return [...new Set(origins)].filter((origin) => origin !== endpoint)
}

/** A prefix inside the bucket: empty, or path segments ending with '/' (added when missing). */
function storePrefix(raw: string | undefined): string {
  // The name rule's control characters, but an empty prefix is allowed (the bucket's top).
  if (holdsControlCharacter(raw ?? '')) invalid()
  const text = (raw ?? '').trim()
  if (text === '') return ''
  if (text.startsWith('/') || text.split('/').some((part) => part === '..')) invalid()
  return text.endsWith('/') ? text : `${text}/`
}

type StoreAddress = Pick<
  NetworkStoreFields,
  's3_host' | 's3_host_aliases' | 's3_bucket_region' | 's3_bucket' | 's3_bucket_prefix' | 'aws_access_key_id'
>

function settingsOf(fields: StoreAddress, secret: string): NetworkStoreSettings {
  return {
    endpoint: fields.s3_host,
    endpointAliases: fields.s3_host_aliases,
    region: fields.s3_bucket_region,
    bucket: fields.s3_bucket,
    prefix: fields.s3_bucket_prefix,
    accessKeyId: fields.aws_access_key_id,
    secretAccessKey: secret,
  }
}

/** The round trip that vouches for settings: the host allowed, then a write, read and delete. 412 else. */
async function validate(context: NetworkStoreContext, settings: NetworkStoreSettings): Promise<void> {
  try {
    await resolveAllowed(new URL(settings.endpoint).hostname, context.allowPrivateHosts)
  } catch (error) {
    if (error instanceof HostNotAllowedError) throw new HttpError(412, 'store_host_not_allowed')
    throw error
  }
  const store = await context.stores.open(settings)
  try {
    await store.probe()
  } catch (error) {
    if ((error as { code?: string }).code === 'EHOSTREFUSED') {
      throw new HttpError(412, 'store_host_not_allowed')
    }
    throw Object.assign(new HttpError(412, 'store_validation_failed'), { cause: describeError(error) })
  } finally {
    await store.close()
  }
}

function toWire(row: NetworkStoreRow): NetworkStore {
  return {
    s3_bucket_id: row.s3_bucket_id,
    s3_bucket: row.s3_bucket,
    s3_bucket_region: row.s3_bucket_region,
    s3_host: row.s3_host,
    s3_host_aliases: row.s3_host_aliases,
    s3_bucket_prefix: row.s3_bucket_prefix,
    aws_access_key_id: row.aws_access_key_id,
    aws_secret_access_key: SECRET_MASK,
    max_size: row.max_size,
    priority: row.priority,
    is_default: 0,
    is_disabled: row.is_disabled,
    last_probe_at: row.last_probe_at,
    last_probe_ok: row.last_probe_ok,
    last_error: row.last_error,
    error_count: row.error_count,
    request_count: row.request_count,
    bytes_placed: row.bytes_placed,
  }
}

/** The service's own store as lists name it: last, not editable, its address not the organization's. */
function defaultStoreEntry(priority: number): NetworkStore {
  return {
    s3_bucket_id: DEFAULT_STORE_ID,
    s3_bucket: 'Default',
    s3_bucket_region: '',
    s3_host: '',
    s3_host_aliases: [],
    s3_bucket_prefix: '',
    aws_access_key_id: '',
    aws_secret_access_key: '',
    max_size: DEFAULT_STORE_MAX_SIZE,
    priority,
    is_default: 1,
    is_disabled: false,
    last_probe_at: null,
    last_probe_ok: null,
    last_error: null,
    error_count: 0,
    request_count: 0,
    bytes_placed: 0,
  }
}

/** The organization's stores in the order uploads try them, the service's own store last. */
export async function listStoresOf(db: Queryable, orgId: number): Promise<NetworkStore[]> {
  const rows = await listNetworkStores(db, orgId)
  const last = rows.reduce((max, row) => Math.max(max, row.priority), 0)
  return [...rows.map(toWire), defaultStoreEntry(last + 1)]
}

export async function storeDetail(db: Queryable, admin: Membership, storeId: number): Promise<NetworkStore> {
  const row = await findNetworkStore(db, admin.org_id, storeId)
  if (!row) throw new HttpError(404, 'not_found')
  return toWire(row)
}

export async function addStore(
  context: NetworkStoreContext,
  admin: Membership,
  request: CreateNetworkStoreRequest,
): Promise<number> {
  const secret = required(request.aws_secret_access_key)
  if (secret === SECRET_MASK) invalid()
  const s3_host = storeEndpoint(request.s3_host, context.allowPrivateHosts)
  const address = {
    s3_bucket: required(request.s3_bucket),
    s3_bucket_region: required(request.s3_bucket_region),
    s3_host,
    s3_host_aliases: storeAliases(request.s3_host_aliases ?? [], s3_host, context.allowPrivateHosts),
    s3_bucket_prefix: storePrefix(request.s3_bucket_prefix),
    aws_access_key_id: required(request.aws_access_key_id),
  }
  if (!BUCKET_PATTERN.test(address.s3_bucket) || !REGION_PATTERN.test(address.s3_bucket_region)) invalid()
  await validate(context, settingsOf(address, secret))
  const storeId = await context.db.transaction(async (tx) => {
    // The secret is sealed for the row it goes into, so the row's id is taken first.
    const id = await reserveNetworkStoreId(tx)
    await insertNetworkStore(tx, admin.org_id, id, {
      ...address,
      sealed_secret: context.sealer.seal(
        Buffer.from(secret, 'utf8'),
        sealedLabels.networkStoreSecret(admin.org_id, id),
      ),
      max_size: request.max_size ?? DEFAULT_STORE_MAX_SIZE,
    })
    await recordAdminEvent(tx, {
      orgId: admin.org_id,
      action: 's3_bucket_add',
      userId: admin.user_id,
      summary: `Added network store ${address.s3_bucket}`,
    })
    return id
  })
  return storeId
}

export async function editStore(
  context: NetworkStoreContext,
  admin: Membership,
  storeId: number,
  request: UpdateNetworkStoreRequest,
): Promise<void> {
  const row = await findNetworkStore(context.db, admin.org_id, storeId)
  if (!row) throw new HttpError(404, 'not_found')
  const given = request.aws_secret_access_key?.trim() ?? ''
  const keepSecret = given === '' || given === SECRET_MASK
  const label = sealedLabels.networkStoreSecret(admin.org_id, storeId)
  const secret = keepSecret ? context.sealer.open(row.sealed_secret, label).toString('utf8') : required(given)
  const s3_host =
    request.s3_host === undefined ? row.s3_host : storeEndpoint(request.s3_host, context.allowPrivateHosts)
  const fields = {
    s3_bucket: request.s3_bucket === undefined ? row.s3_bucket : required(request.s3_bucket),
    s3_bucket_region:
      request.s3_bucket_region === undefined ? row.s3_bucket_region : required(request.s3_bucket_region),
    s3_host,
    s3_host_aliases: storeAliases(
      request.s3_host_aliases ?? row.s3_host_aliases,
      s3_host,
      context.allowPrivateHosts,
    ),
    s3_bucket_prefix:
      request.s3_bucket_prefix === undefined ? row.s3_bucket_prefix : storePrefix(request.s3_bucket_prefix),
    aws_access_key_id:
      request.aws_access_key_id === undefined ? row.aws_access_key_id : required(request.aws_access_key_id),
    sealed_secret: keepSecret
      ? Buffer.from(row.sealed_secret)
      : context.sealer.seal(Buffer.from(secret, 'utf8'), label),
    max_size: request.max_size ?? row.max_size,
  }
  if (!BUCKET_PATTERN.test(fields.s3_bucket) || !REGION_PATTERN.test(fields.s3_bucket_region)) invalid()
  // The address or the credentials changed: they are checked again before they are saved.
  const addressChanged =
    !keepSecret ||
    fields.s3_bucket !== row.s3_bucket ||
    fields.s3_bucket_region !== row.s3_bucket_region ||
    fields.s3_host !== row.s3_host ||
    fields.s3_bucket_prefix !== row.s3_bucket_prefix ||
    fields.aws_access_key_id !== row.aws_access_key_id
  if (addressChanged) await validate(context, settingsOf(fields, secret))
  await context.db.transaction(async (tx) => {
    await updateNetworkStore(tx, admin.org_id, storeId, fields, addressChanged)
    await recordAdminEvent(tx, {
      orgId: admin.org_id,
      action: 's3_bucket_update',
      userId: admin.user_id,
      summary: `Updated network store ${fields.s3_bucket}`,
    })
  })
}

/** Enables a store (its settings checked again first: 412 when it does not answer) or disables it. */
export async function setStoreStatus(
  context: NetworkStoreContext,
  admin: Membership,
  storeId: number,
  disabled: boolean | number,
): Promise<void> {
  const isDisabled = asBoolean(disabled)
  const row = await findNetworkStore(context.db, admin.org_id, storeId)
  if (!row) throw new HttpError(404, 'not_found')
  if (row.is_disabled === isDisabled) return
  if (!isDisabled) {
    const secret = context.sealer
      .open(row.sealed_secret, sealedLabels.networkStoreSecret(admin.org_id, storeId))
      .toString('utf8')
    await validate(context, settingsOf(row, secret))
  }
  await context.db.transaction(async (tx) => {
    await setNetworkStoreDisabled(tx, admin.org_id, storeId, isDisabled)
    await recordAdminEvent(tx, {
      orgId: admin.org_id,
      action: 's3_bucket_status',
      userId: admin.user_id,
      summary: `${isDisabled ? 'Disabled' : 'Enabled'} network store ${row.s3_bucket}`,
    })
  })
}

/**
 * Sets the priorities given (Move Up and Move Down send two). The service's own store has no priority to
 * set (400 default_store); an unknown store is 404; two stores may not end with one priority (400
 * invalid_priority, checked when the transaction commits, so a swap in one call passes).
 */
export async function reorderStores(
  db: Database,
  admin: Membership,
  request: NetworkStoreOrderRequest,
): Promise<void> {
  const ids = request.update_list.map((entry) => entry.s3_bucket_id)
  if (ids.includes(DEFAULT_STORE_ID)) throw new HttpError(400, 'default_store')
  if (new Set(ids).size !== ids.length) throw new HttpError(400, 'invalid_priority')
  try {
    await db.transaction(async (tx) => {
      for (const entry of request.update_list) {
        if (!(await setNetworkStorePriority(tx, admin.org_id, entry.s3_bucket_id, entry.priority))) {
          throw new HttpError(404, 'not_found')
        }
      }
      await recordAdminEvent(tx, {
        orgId: admin.org_id,
        action: 's3_bucket_order',
        userId: admin.user_id,
        summary: 'Reordered network stores',
      })
    })
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw new HttpError(400, 'invalid_priority')
    throw error
  }
}
