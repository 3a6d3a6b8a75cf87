// Network stores as rows: an organization's own S3-compatible buckets, their order (priority 1 first), their
// sealed secrets, and their health. Every query names the organization, so one organization's store is
// never found through another's.
import type { Queryable } from '../db/index.ts'
import { iso } from './isoTime.ts'

export interface NetworkStoreRow {
  s3_bucket_id: number
  org_id: number
  s3_bucket: string
  s3_bucket_region: string
  s3_host: string
  /** Other endpoint origins that reach the same store (signed URLs are spread over them). */
  s3_host_aliases: string[]
  s3_bucket_prefix: string
  aws_access_key_id: string
  sealed_secret: Uint8Array
  max_size: number
  priority: number
  is_disabled: boolean
  updated_at: string
  last_probe_at: string | null
  last_probe_ok: boolean | null
  last_error: string | null
  error_count: number
  request_count: number
  bytes_placed: number
}

const COLUMNS = `s3_bucket_id, org_id, s3_bucket, s3_bucket_region, s3_host, s3_host_aliases, s3_bucket_prefix,
  aws_access_key_id, sealed_secret, max_size, priority, is_disabled, ${iso('updated_at')} AS updated_at,
  ${iso('last_probe_at')} AS last_probe_at, last_probe_ok, last_error, error_count, request_count, bytes_placed`

export async function listNetworkStores(db: Queryable, orgId: number): Promise<NetworkStoreRow[]> {
  return db.query<NetworkStoreRow>(
    `SELECT ${COLUMNS} FROM s3_bucket WHERE org_id = $1 ORDER BY priority, s3_bucket_id`,
    [orgId],
  )
}

export async function findNetworkStore(
  db: Queryable,
  orgId: number,
  storeId: number,
): Promise<NetworkStoreRow | undefined> {
  const [row] = await db.query<NetworkStoreRow>(
    `SELECT ${COLUMNS} FROM s3_bucket WHERE org_id = $1 AND s3_bucket_id = $2`,
    [orgId, storeId],
  )
  return row
}

export interface NetworkStoreFields {
  s3_bucket: string
  s3_bucket_region: string
  s3_host: string
  s3_host_aliases: string[]
  s3_bucket_prefix: string
  aws_access_key_id: string
  sealed_secret: Buffer
  max_size: number
}

/**
 * The id the next store will have, taken before its row is written: the secret is sealed for its row, and
 * the row is named by this id (auth/sealedValues.ts). A reserved id that is never used is simply skipped.
 */
export async function reserveNetworkStoreId(db: Queryable): Promise<number> {
  const [row] = await db.query<{ s3_bucket_id: number }>(
    `SELECT nextval(pg_get_serial_sequence('s3_bucket', 's3_bucket_id')) AS s3_bucket_id`,
  )
  return (row as { s3_bucket_id: number }).s3_bucket_id
}

/** A store's settings as the insert and the update write them, in the order of their columns. */
const fieldValues = (fields: NetworkStoreFields) => [
  fields.s3_bucket,
  fields.s3_bucket_region,
  fields.s3_host,
  fields.s3_bucket_prefix,
  fields.aws_access_key_id,
  fields.sealed_secret,
  fields.max_size,
  fields.s3_host_aliases,
]

/** Adds a store, with its reserved id, after the organization's others (the next priority); the organization's row is locked. */
export async function insertNetworkStore(
  db: Queryable,
  orgId: number,
  storeId: number,
  fields: NetworkStoreFields,
): Promise<void> {
  await db.query('SELECT 1 FROM org WHERE org_id = $1 FOR UPDATE', [orgId])
  await db.query(
    `INSERT INTO s3_bucket (s3_bucket_id, org_id, s3_bucket, s3_bucket_region, s3_host, s3_bucket_prefix,
                            aws_access_key_id, sealed_secret, max_size, s3_host_aliases, priority,
                            last_probe_at, last_probe_ok)
     OVERRIDING SYSTEM VALUE
     VALUES ($10, $1, $2, $3, $4, $5, $6, $7, $8, $9,
             (SELECT COALESCE(max(priority), 0) + 1 FROM s3_bucket WHERE org_id = $1), now(), true)`,
    [orgId, ...fieldValues(fields), storeId],
  )
}

export async function updateNetworkStore(
  db: Queryable,
  orgId: number,
  storeId: number,
  fields: NetworkStoreFields,
  probed: boolean,
): Promise<void> {
  await db.query(
    `UPDATE s3_bucket
        SET s3_bucket = $3, s3_bucket_region = $4, s3_host = $5, s3_bucket_prefix = $6,
            aws_access_key_id = $7, sealed_secret = $8, max_size = $9, s3_host_aliases = $10,
            updated_at = now(),
            last_probe_at = CASE WHEN $11 THEN now() ELSE last_probe_at END,
            last_probe_ok = CASE WHEN $11 THEN true ELSE last_probe_ok END,
            last_error = CASE WHEN $11 THEN NULL ELSE last_error END
      WHERE org_id = $1 AND s3_bucket_id = $2`,
    [orgId, storeId, ...fieldValues(fields), probed],
  )
}

export async function setNetworkStoreDisabled(
  db: Queryable,
  orgId: number,
  storeId: number,
  isDisabled: boolean,
): Promise<void> {
  await db.query(
    `UPDATE s3_bucket SET is_disabled = $3, updated_at = now() WHERE org_id = $1 AND s3_bucket_id = $2`,
    [orgId, storeId, isDisabled],
  )
}

/** Sets priorities; the unique (org, priority) rule is checked at commit, so swaps pass. */
export async function setNetworkStorePriority(
  db: Queryable,
  orgId: number,
  storeId: number,
  priority: number,
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE s3_bucket SET priority = $3 WHERE org_id = $1 AND s3_bucket_id = $2 RETURNING 1`,
    [orgId, storeId, priority],
  )
  return rows.length > 0
}

/** The outcome of a probe: its time, whether it passed, and the error it met. */
export async function recordProbe(db: Queryable, storeId: number, error: string | null): Promise<void> {
  await db.query(
    `UPDATE s3_bucket
        SET last_probe_at = now(), last_probe_ok = $2::text IS NULL, last_error = $2,
            request_count = request_count + 1,
            error_count = error_count + CASE WHEN $2::text IS NULL THEN 0 ELSE 1 END
      WHERE s3_bucket_id = $1`,
    [storeId, error],
  )
}

/** A call the server made to the store: counted, and a failure marks the store down until a probe passes. */
export async function recordRequest(db: Queryable, storeId: number, error: string | null): Promise<void> {
  await db.query(
    `UPDATE s3_bucket
        SET request_count = request_count + 1,
            error_count = error_count + CASE WHEN $2::text IS NULL THEN 0 ELSE 1 END,
            last_probe_ok = CASE WHEN $2::text IS NULL THEN last_probe_ok ELSE false END,
            last_error = COALESCE($2, last_error)
      WHERE s3_bucket_id = $1`,
    [storeId, error],
  )
}

export async function addBytesPlaced(db: Queryable, storeId: number, bytes: number): Promise<void> {
  await db.query('UPDATE s3_bucket SET bytes_placed = bytes_placed + $2 WHERE s3_bucket_id = $1', [
    storeId,
    bytes,
  ])
}
