// Which content an organization has in the store. A row is pending from the moment an upload is signed
// and confirmed only once the store showed the object with its size, so a file counts as uploaded (in_s3,
// skip_upload, downloadable) only when its bytes are really there (and, for whoever names it, reachable:
// services/contentAccess.ts). Each person's multipart upload of content is in content_upload.
import type { Queryable } from '../db/index.ts'

export interface StoredObject {
  file_hash: string
  file_size: number
  store_id: number
  is_confirmed: boolean
}

export async function findStoredObject(
  db: Queryable,
  orgId: number,
  fileHash: string,
): Promise<StoredObject | undefined> {
  const [row] = await db.query<StoredObject>(
    `SELECT file_hash, file_size, store_id, is_confirmed
       FROM stored_object WHERE org_id = $1 AND file_hash = $2`,
    [orgId, fileHash],
  )
  return row
}

/** Records content as pending in a store (its upload begun); a confirmed object stays confirmed. */
export async function recordPending(
  db: Queryable,
  object: {
    orgId: number
    fileHash: string
    fileSize: number
    /** The store the upload goes to (0: the service's own). */
    storeId: number
  },
): Promise<void> {
  await db.query(
    `INSERT INTO stored_object (org_id, file_hash, file_size, store_id)
     VALUES ($1, $2, $3, $4)
     ON CONFLICT (org_id, file_hash) DO UPDATE
        SET file_size = EXCLUDED.file_size, store_id = EXCLUDED.store_id
      WHERE NOT stored_object.is_confirmed`,
    [object.orgId, object.fileHash, object.fileSize, object.storeId],
  )
}

export async function confirm(
  db: Queryable,
  orgId: number,
  fileHash: string,
  fileSize: number,
  /** The store that showed the object (0: the service's own); an object confirmed before keeps its store. */
  storeId = 0,
): Promise<boolean> {
  const [row] = await db.query<{ was_confirmed: boolean }>(
    `WITH before AS (
       SELECT is_confirmed FROM stored_object WHERE org_id = $1 AND file_hash = $2
     )
     INSERT INTO stored_object (org_id, file_hash, file_size, is_confirmed, confirmed_at, store_id)
     VALUES ($1, $2, $3, true, now(), $4)
     ON CONFLICT (org_id, file_hash) DO UPDATE
        SET file_size = EXCLUDED.file_size, is_confirmed = true,
            confirmed_at = COALESCE(stored_object.confirmed_at, now()),
            store_id = CASE WHEN stored_object.is_confirmed THEN stored_object.store_id
                            ELSE EXCLUDED.store_id END
     RETURNING COALESCE((SELECT is_confirmed FROM before), false) AS was_confirmed`,
    [orgId, fileHash, fileSize, storeId],
  )
  // True when this call confirmed it (false: it was confirmed already).
  return !(row?.was_confirmed ?? false)
}
