// The derivatives of an organization's content, made once per hash by the 'media-derivatives' job
// (jobs/derivativeQueue.ts): what the content is (by its first bytes, derivatives/sniff.ts), its details,
// and for a picture or a clip two WebP thumbnails (small and large) written beside the content in the store
// that holds it, so they follow the organization's network stores. The outcome goes to media_derivative
// with a raise of the listing versions of every folder showing the content, so the next listing shows it.
// Content that cannot be decoded ends 'none' with the reason; a store that fails is tried again by the
// queue, and on the last attempt the content ends 'none' too: never endless retries.
import { createWriteStream } from 'node:fs'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { FastifyBaseLogger } from 'fastify'
import type { MediaInfo } from '../contract/media.ts'
import type { Database } from '../db/index.ts'
import { readPicture, thumbnailsOf, type Thumbnails } from '../derivatives/image.ts'
import { sniff, SNIFF_BYTES } from '../derivatives/sniff.ts'
import type { SourceServer } from '../derivatives/sourceServer.ts'
import { DecodeError } from '../derivatives/tools.ts'
import { posterFrame, posterTime, probe } from '../derivatives/video.ts'
import type { Queryable } from '../db/index.ts'
import {
  countDerivativeAttempt,
  findDerivative,
  recordDerivativeOutcome,
  recordDerivativePending,
  takeStalePending,
  touchListingsOfContent,
  type DerivativeOutcome,
} from '../repositories/derivatives.ts'
import { confirm, findStoredObject } from '../repositories/storedObjects.ts'
import { LocalStore } from '../storage/local.ts'
import { derivativeKey, type ObjectKey, type ObjectStore } from '../storage/store.ts'
import type { StoreSet } from './placement.ts'

/** A job's payload: the content whose derivatives to make. */
export interface DerivativeJob {
  orgId: number
  fileHash: string
}

/** Sends derivative jobs (jobs/derivativeQueue.ts). */
export interface DerivativeJobs {
  /**
   * What sends a job inside a transaction, made before it (starting the queue uses connections of its own);
   * undefined when the queue cannot start now: the content is marked pending all the same, and its job is
   * sent again once the row is stale (sendStale).
   */
  sender(): Promise<((tx: Queryable, job: DerivativeJob) => Promise<void>) | undefined>
  /** A job was sent: this process's worker takes it now. */
  wake(): void
}

/**
 * Confirms content in its store and, in the same transaction, marks its derivatives pending, sends their
 * job and raises the listings that show it; true when this call confirmed it (false: confirmed already).
 */
export async function confirmContent(
  db: Database,
  jobs: DerivativeJobs,
  key: { orgId: number; fileHash: string },
  fileSize: number,
  storeId: number,
): Promise<boolean> {
  const send = await jobs.sender()
  const confirmed = await db.transaction(async (tx) => {
    if (!(await confirm(tx, key.orgId, key.fileHash, fileSize, storeId))) return false
    await recordDerivativePending(tx, key.orgId, key.fileHash, storeId)
    await touchListingsOfContent(tx, key.orgId, key.fileHash)
    await send?.(tx, key)
    return true
  })
  if (confirmed) jobs.wake()
  return confirmed
}

/** The contents left pending longer than `olderThanSeconds` (their job lost), marked as taken again. */
export async function takeStaleDerivatives(
  db: Queryable,
  olderThanSeconds: number,
  limit: number,
): Promise<DerivativeJob[]> {
  const rows = await takeStalePending(db, olderThanSeconds, limit)
  return rows.map((row) => ({ orgId: row.org_id, fileHash: row.file_hash }))
}

export interface DerivativeDeps {
  db: Database
  stores: StoreSet
  sources: SourceServer
  log: FastifyBaseLogger
}

async function readAll(store: ObjectStore, key: ObjectKey, start: number, end: number): Promise<Buffer> {
  const stream = await store.read(key, start, end)
  if (!stream) throw new Error('the store does not hold the content')
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/**
 * The content as a file sharp can read: the local store's own file when the content is one, else a copy
 * streamed to a temporary file (parts, or an S3 object), removed after `work`.
 */
async function withFile<T>(
  store: ObjectStore,
  key: ObjectKey,
  size: number,
  work: (file: string) => Promise<T>,
): Promise<T> {
  const own = store instanceof LocalStore ? await store.singleFile(key) : undefined
  if (own) return work(own)
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'derivative-'))
  try {
    const file = path.join(dir, 'content')
    const stream = await store.read(key, 0, size - 1)
    if (!stream) throw new Error('the store does not hold the content')
    await pipeline(stream, createWriteStream(file, { mode: 0o600 }))
    return await work(file)
  } finally {
    await fs.rm(dir, { recursive: true, force: true })
  }
}

interface Made {
  info: MediaInfo | null
  thumbnails?: Thumbnails
  reason?: string
}

async function derive(deps: DerivativeDeps, store: ObjectStore, key: ObjectKey, size: number): Promise<Made> {
  if (size === 0) return { info: null, reason: 'empty' }
  const head = await readAll(store, key, 0, Math.min(size, SNIFF_BYTES) - 1)
  const sort = sniff(head)
  if (sort === 'unknown') return { info: null, reason: 'not a picture, a clip or a sound' }
  if (sort === 'image') {
    return withFile(store, key, size, async (file) => {
      const info = await readPicture(file)
      return { info, thumbnails: await thumbnailsOf(file, true) }
    })
  }
  const source = { size, read: (start: number, end: number) => store.read(key, start, end) }
  return deps.sources.serving(source, async (url) => {
    const probed = await probe(url)
    if (!probed.hasVideo) return { info: probed.info, reason: 'a sound: no picture' }
    let frame: Buffer
    try {
      frame = await posterFrame(url, posterTime(probed.info.duration_seconds))
    } catch (error) {
      // A clip shorter than its container says, or a first key frame past the time: its first frame.
      if (!(error instanceof DecodeError)) throw error
      frame = await posterFrame(url, 0)
    }
    // ffmpeg turned the frame as the clip shows; it carries no orientation of its own.
    return { info: probed.info, thumbnails: await thumbnailsOf(frame, false) }
  })
}

export interface DeriveOptions {
  /** The queue will not try again: a store that fails now ends the content 'none'. */
  lastAttempt: boolean
}

/** Makes the derivatives of a content still pending; anything else (made, or purged meanwhile) is left. */
export async function makeDerivatives(
  deps: DerivativeDeps,
  orgId: number,
  fileHash: string,
  options: DeriveOptions,
): Promise<void> {
  const { db, stores } = deps
  const row = await findDerivative(db, orgId, fileHash)
  if (row?.state !== 'pending') return
  const stored = await findStoredObject(db, orgId, fileHash)
  const key = { orgId, fileHash }
  if (!stored?.is_confirmed) {
    await finish(deps, key, { state: 'none', info: null, reason: 'the content is not stored' })
    return
  }
  const storeId = stored.store_id
  await countDerivativeAttempt(db, orgId, fileHash)
  let made: Made
  try {
    const store = await stores.holding(orgId, storeId)
    made = await derive(deps, store, key, stored.file_size)
    if (made.thumbnails) {
      const { small, large } = made.thumbnails
      await stores.call(storeId, () => store.put(derivativeKey(key, 'small'), small, 'image/webp'))
      await stores.call(storeId, () => store.put(derivativeKey(key, 'large'), large, 'image/webp'))
    }
  } catch (error) {
    if (!(error instanceof DecodeError) && !options.lastAttempt) throw error
    const reason =
      error instanceof DecodeError ? error.message : `not made after every attempt: ${String(error)}`
    deps.log.info({ orgId, fileHash, reason }, 'no thumbnails for content')
    await finish(deps, key, { state: 'none', info: null, reason })
    return
  }
  const outcome: DerivativeOutcome = made.thumbnails
    ? {
        state: 'ready',
        info: made.info,
        smallBytes: made.thumbnails.small.length,
        largeBytes: made.thumbnails.large.length,
      }
    : { state: 'none', info: made.info, reason: made.reason ?? 'nothing to show' }
  if (!(await finish(deps, key, outcome)) && made.thumbnails) {
    // The content went while the job ran: its thumbnails go too.
    const store = await stores.holding(orgId, storeId)
    for (const size of ['small', 'large'] as const) await store.delete(derivativeKey(key, size))
  }
}

/** Records the outcome and raises the listings that show the content, in one transaction. */
async function finish(deps: DerivativeDeps, key: ObjectKey, outcome: DerivativeOutcome): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const recorded = await recordDerivativeOutcome(tx, key.orgId, key.fileHash, outcome)
    if (recorded) await touchListingsOfContent(tx, key.orgId, key.fileHash)
    return recorded
  })
}
