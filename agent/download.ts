// Bringing a mount's file to this machine. The signed URL comes from mountDownloadUrl, which records the
// download with its destination (the absolute local path: the audit trail's Destination). The bytes are
// written to a dot-named temporary file in the same folder, checked against the file's hash as they arrive,
// and only then renamed into place: a download that is stopped or fails never leaves a partial file where
// the real one belongs, and the temporary name is one the walk never uploads (and removes when it finds one).
import crypto from 'node:crypto'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import { Readable, Transform, type TransformCallback } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import type { MountFile } from '../server/contract/device.ts'
import { endpoints } from '../server/contract/endpointSchemas.ts'
import type { AgentClient } from './client.ts'
import { ContentHasher } from './hashing.ts'
import { TransferError, transferTimeoutMs } from './upload.ts'
import { DOWNLOAD_TEMP_SUFFIX } from './walk.ts'

/** The downloaded bytes are not the file's content (another size or hash): nothing was written. */
export class ContentMismatchError extends Error {
  override name = 'ContentMismatchError'
}

/** The local path of a mount's file, refusing a path that would leave the folder. */
export function localPathOf(folder: string, mountPath: string): string {
  const root = path.resolve(folder)
  const segments = mountPath.split('/').filter((segment) => segment !== '')
  if (segments.length === 0 || segments.some((segment) => segment === '.' || segment === '..')) {
    throw new Error(`a path no folder can hold: ${mountPath}`)
  }
  const target = path.join(root, ...segments)
  if (!target.startsWith(`${root}${path.sep}`)) throw new Error(`a path outside the folder: ${mountPath}`)
  return target
}

class HashingPassThrough extends Transform {
  constructor(
    private readonly hasher: ContentHasher,
    private readonly onBytes?: (received: number) => void,
  ) {
    super()
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    try {
      this.hasher.update(chunk)
    } catch (error) {
      return done(error as Error)
    }
    this.onBytes?.(this.hasher.bytes)
    done(null, chunk)
  }
}

export interface DownloadOptions {
  signal?: AbortSignal
  onBytes?: (received: number) => void
  /**
   * The local copy the download replaces, as it was when the sync looked at it; null or absent: the file
   * is new here, and a file that appears at its place meanwhile is not overwritten either.
   */
  replacing?: { abs: string; size: number; mtime_ms: number } | null
}

/** The place of a download changed while it ran: the download is dropped rather than overwrite it. */
export class LocalChangeError extends Error {
  override name = 'LocalChangeError'
}

async function checkPlace(dest: string, replacing: DownloadOptions['replacing']): Promise<void> {
  const now = await fsp.stat(dest).catch(() => undefined)
  if (!replacing) {
    if (now) throw new LocalChangeError(`${dest} appeared during the download; left as it is`)
    return
  }
  if (!now || now.size !== replacing.size || Math.trunc(now.mtimeMs) !== replacing.mtime_ms) {
    throw new LocalChangeError(`${dest} changed during the download; left as it is`)
  }
}

export interface DownloadResult {
  abs: string
  size: number
  mtime_ms: number
  /** The part hashes, kept in no state: a downloaded file is in step with the mount already. */
  hash: string
}

/** Downloads a file of the mount to its place under folder, replacing what is there only when complete. */
export async function downloadFile(
  client: AgentClient,
  mediaGrantId: number,
  folder: string,
  file: MountFile,
  options: DownloadOptions = {},
): Promise<DownloadResult> {
  const dest = options.replacing?.abs ?? localPathOf(folder, file.path)
  const signal = options.signal
  await fsp.mkdir(path.dirname(dest), { recursive: true })
  // A folder on the way may be a link the walk does not follow: the file must still land inside the folder.
  const [realRoot, realDir] = await Promise.all([fsp.realpath(folder), fsp.realpath(path.dirname(dest))])
  if (realDir !== realRoot && !realDir.startsWith(`${realRoot}${path.sep}`)) {
    throw new LocalChangeError(
      `${file.path} would be written outside the folder (through a link); left alone`,
    )
  }
  // Checked before the download is asked for (and recorded), and again before the file takes its place.
  await checkPlace(dest, options.replacing)
  const { url } = await client.call(
    endpoints.mountDownloadUrl,
    { params: { media_grant_id: mediaGrantId, media_id: file.media_id }, query: { dest_path: dest } },
    { ...(signal ? { signal } : {}) },
  )
  const temp = path.join(
    path.dirname(dest),
    `.${path.basename(dest).slice(0, 100)}.${crypto.randomBytes(4).toString('hex')}${DOWNLOAD_TEMP_SUFFIX}`,
  )
  const timeout = AbortSignal.timeout(transferTimeoutMs(file.file_size))
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout
  try {
    let response: Response
    try {
      response = await fetch(client.resolve(url), { signal: combined })
    } catch (error) {
      if (signal?.aborted) throw signal.reason
      throw new TransferError(timeout.aborted ? 'the store did not answer in time' : String(error))
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel()
      throw new TransferError(`the store answered ${response.status}`, response.status)
    }
    const hasher = new ContentHasher(file.file_size)
    try {
      await pipeline(
        Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
        new HashingPassThrough(hasher, options.onBytes),
        fs.createWriteStream(temp, { mode: 0o644 }),
      )
    } catch (error) {
      if (signal?.aborted) throw signal.reason
      throw error instanceof Error && error.name === 'FileChangedError'
        ? new ContentMismatchError(`${file.path}: the store sent another size than the file's`)
        : error
    }
    let hash: string
    try {
      hash = hasher.digest().file_hash
    } catch {
      throw new ContentMismatchError(`${file.path}: the store sent fewer bytes than the file has`)
    }
    if (hash !== file.file_hash)
      throw new ContentMismatchError(`${file.path}: the content does not match its hash`)
    // The file keeps the time the mount gives it, as a copy would.
    const mtime = file.mtime ? new Date(file.mtime) : undefined
    if (mtime && !Number.isNaN(mtime.getTime())) await fsp.utimes(temp, new Date(), mtime)
    await checkPlace(dest, options.replacing)
    await fsp.rename(temp, dest)
  } catch (error) {
    await fsp.rm(temp, { force: true })
    throw error
  }
  const stat = await fsp.stat(dest)
  return { abs: dest, size: stat.size, mtime_ms: Math.trunc(stat.mtimeMs), hash: file.file_hash }
}
