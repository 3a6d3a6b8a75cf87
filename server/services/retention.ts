// Retention (issue 12; docs/administration.md, "Retention"): each day, for the day that has just ended, every
// volume's settings are applied. A deleted file is purged dead_expire_days after its deletion, an older
// version live_expire_days after it was replaced, by the server's own clock (never a client's mtime); files
// and versions smaller than min_expire_size are kept; 0 turns a rule off. Every purge is recorded. An
// object's bytes leave its store only once no file or version of the organization refers to its hash.
// Safe with several processes at once: a file another process is purging is skipped, each purge re-checks
// under its file's lock, and a run of a day already applied finds nothing left to do.
import type { FastifyBaseLogger } from 'fastify'
import {
  RETENTION_PREVIEW_DAYS,
  RETENTION_PREVIEW_LIST_MAX,
  type RetentionPreviewRequest,
  type RetentionPreviewResponse,
} from '../contract/retention.ts'
import type { Queryable, Database } from '../db/index.ts'
import { HttpError } from '../errors.ts'
import type { Membership } from '../repositories/orgs.ts'
import { findVolume } from '../repositories/volumes.ts'
import { touchDirChain } from '../repositories/media.ts'
import {
  deleteMediaRow,
  deleteReplacedVersion,
  forgetUnusedObject,
  insertPurgeEvent,
  isStillExpiredDeleted,
  listExpiring,
  listVersionsOf,
  listVolumesWithRetention,
  lockMediaForPurge,
  summarizeExpiring,
  type Expiring,
  type VolumeRetention,
} from '../repositories/retention.ts'
import type { ObjectStore } from '../storage/store.ts'
import { countChange } from './media.ts'
import { dirChain } from './paths.ts'

/** How many expiring files or versions one query takes. */
export const RETENTION_BATCH = 500

export interface RetentionDeps {
  db: Database
  /** The service's own store (store 0). */
  store: ObjectStore
  /** The store of an organization's network store, when there are network stores. */
  storeOf?: (orgId: number, storeId: number) => Promise<ObjectStore | undefined>
  log?: FastifyBaseLogger
}

export interface RetentionResult {
  purged: number
  purgedBytes: number
  objectsRemoved: number
}

/** The instant a UTC day ends: '2026-11-25' gives 2026-11-26T00:00:00Z. */
export function endOfDay(day: string): Date {
  const start = new Date(`${day}T00:00:00.000Z`)
  if (Number.isNaN(start.getTime()) || !/^\d{4}-\d{2}-\d{2}$/.test(day))
    throw new RangeError(`not a day: ${day}`)
  return new Date(start.getTime() + 86_400_000)
}

/** Purges one expiring file or version in its own transaction; answers the hashes it let go. */
async function purge(db: Database, volume: VolumeRetention, item: Expiring, cutoff: Date, day: string) {
  return db.transaction(async (tx) => {
    if (!(await lockMediaForPurge(tx, item.media_id))) return []
    const record = { orgId: volume.org_id, volumeId: volume.volume_id, mediaId: item.media_id, purgeDay: day }
    if (item.reason === 'replaced') {
      if (!(await deleteReplacedVersion(tx, item.media_id, item.media_version_id))) return []
      await insertPurgeEvent(tx, {
        ...record,
        mediaVersionId: item.media_version_id,
        mediaPath: item.media_path,
        fileHash: item.file_hash,
        fileSize: item.file_size,
        reason: 'replaced',
        eventTime: item.event_time,
      })
      return [item.file_hash]
    }
    if (!(await isStillExpiredDeleted(tx, item.media_id, volume.dead_expire_days, cutoff))) return []
    const versions = await listVersionsOf(tx, item.media_id)
    for (const version of versions) {
      await insertPurgeEvent(tx, {
        ...record,
        mediaVersionId: version.media_version_id,
        mediaPath: item.media_path,
        fileHash: version.file_hash,
        fileSize: version.file_size,
        reason: 'deleted',
        eventTime: item.event_time,
      })
    }
    await deleteMediaRow(tx, item.media_id)
    // The file no longer counts as deleted in the directories of its path.
    await touchDirChain(
      tx,
      volume.org_id,
      volume.volume_id,
      dirChain(item.dir_path),
      countChange('deleted', 'none'),
    )
    return [item.file_hash, ...versions.map((version) => version.file_hash)]
  })
}

/** Removes the objects no one refers to any more; the row first, so a new upload of it stores it again. */
async function removeUnused(deps: RetentionDeps, orgId: number, hashes: Iterable<string>): Promise<number> {
  let removed = 0
  for (const fileHash of new Set(hashes)) {
    const forgotten = await forgetUnusedObject(deps.db as Queryable, orgId, fileHash)
    if (!forgotten) continue
    const store = forgotten.store_id === 0 ? deps.store : await deps.storeOf?.(orgId, forgotten.store_id)
    try {
      if (!store) throw new Error(`store ${forgotten.store_id} is not available`)
      await store.delete({ orgId, fileHash })
      removed++
    } catch (error) {
      // The bytes stay behind, unreferenced: nothing will serve them. Said, not hidden.
      deps.log?.warn(
        { err: error, orgId, fileHash, storeId: forgotten.store_id },
        'a purged object was not removed',
      )
    }
  }
  return removed
}

/** Applies every volume's retention for a UTC day that has ended ('YYYY-MM-DD'). */
export async function applyRetention(deps: RetentionDeps, day: string): Promise<RetentionResult> {
  const cutoff = endOfDay(day)
  const result: RetentionResult = { purged: 0, purgedBytes: 0, objectsRemoved: 0 }
  for (const volume of await listVolumesWithRetention(deps.db)) {
    const released: string[] = []
    for (;;) {
      const batch = await listExpiring(deps.db, volume, cutoff, RETENTION_BATCH)
      let progressed = 0
      for (const item of batch) {
        const hashes = await purge(deps.db, volume, item, cutoff, day)
        if (hashes.length === 0) continue
        progressed++
        result.purged++
        result.purgedBytes += item.file_size
        released.push(...hashes)
      }
      // A short batch was the last; a batch where nothing could be purged is another process's.
      if (batch.length < RETENTION_BATCH || progressed === 0) break
    }
    result.objectsRemoved += await removeUnused(deps, volume.org_id, released)
  }
  return result
}

/**
 * What the given settings (the volume's own where one is left out) would purge over the next
 * RETENTION_PREVIEW_DAYS days, by day, with the first files to go. Nothing is changed; the plan's maxima
 * are the settings call's to check.
 */
export async function previewRetention(
  db: Queryable,
  admin: Membership,
  volumeId: number,
  request: RetentionPreviewRequest,
  now: Date = new Date(),
): Promise<RetentionPreviewResponse> {
  const volume = await findVolume(db, admin.org_id, volumeId)
  if (!volume) throw new HttpError(404, 'not_found')
  const settings = {
    volume_id: volumeId,
    live_expire_days: request.live_expire_days ?? volume.live_expire_days,
    dead_expire_days: request.dead_expire_days ?? volume.dead_expire_days,
    min_expire_size: request.min_expire_size ?? volume.min_expire_size,
  }
  const cutoff = new Date(now.getTime() + RETENTION_PREVIEW_DAYS * 86_400_000)
  const [dayList, items] = await Promise.all([
    summarizeExpiring(db, settings, now, cutoff),
    listExpiring(db, settings, cutoff, RETENTION_PREVIEW_LIST_MAX),
  ])
  return {
    days: RETENTION_PREVIEW_DAYS,
    file_count: dayList.reduce((sum, day) => sum + day.count, 0),
    bytes: dayList.reduce((sum, day) => sum + day.bytes, 0),
    day_list: dayList,
    file_list: items.map(({ media_path, file_size, reason, expires_at }) => ({
      media_path,
      file_size,
      reason,
      expires_at,
    })),
  }
}
