// What the transfer worker does, with the browser objects passed in, so unit tests drive it in Node:
// hashing a file's parts, sending one slice to a signed URL, and writing a download from a given byte.
// Errors come back as values of the spec's transfer error kinds (bad_status, xhr_error, timeout), never as
// exceptions, because they cross the Comlink boundary and the queue model decides what each means.
import { isMultipart, planParts } from '../server/contract/parts.ts'
import { combineDigests, sha256Blob } from './sha256.ts'

export type TransferError =
  { kind: 'bad_status'; status: number } | { kind: 'xhr_error' } | { kind: 'timeout' } | { kind: 'aborted' }

export type TransferResult = { ok: true } | ({ ok: false } & TransferError)

export interface PartRange {
  offset: number
  size: number
}

export interface SignedRequest {
  method: string
  url: string
  headers: Record<string, string>
}

/** Each part's SHA-256 hex, in order; onProgress gets the bytes hashed so far over all parts. */
export async function hashParts(
  file: Blob,
  parts: readonly PartRange[],
  onProgress?: (hashedBytes: number) => void,
): Promise<string[]> {
  const digests: string[] = []
  let before = 0
  for (const part of parts) {
    const slice = file.slice(part.offset, part.offset + part.size)
    const base = before
    digests.push(await sha256Blob(slice, onProgress && ((bytes) => onProgress(base + bytes))))
    before += part.size
  }
  return digests
}

/**
 * The hex SHA-256 of each part of a multipart file's plan, by part index (part_num - 1), taken while it was
 * downloaded (workers/stagedPartDigests.ts); null, or past the end, where a part has none.
 */
export type PartDigests = ReadonlyArray<string | null>

/**
 * A file's hash as the specification writes it (server/contract/parts.ts): the SHA-256 of its bytes for a
 * single-part file, else the SHA-256 over the binary SHA-256 of each part of its part plan. Hashed part by
 * part, so no more than a part is read at once; onProgress gets the bytes hashed so far. knownPartDigests
 * are digests of the parts of this very file, read back from it: those parts are not hashed again.
 */
export async function contentHash(
  file: Blob,
  onProgress?: (hashedBytes: number) => void,
  knownPartDigests: PartDigests = [],
): Promise<string> {
  if (!isMultipart(file.size)) return sha256Blob(file, onProgress)
  const parts = planParts(file.size).map((part) => ({ offset: part.offset, size: part.part_size }))
  const unknown = parts.filter((_part, index) => !knownPartDigests[index])
  const hashed = await hashParts(file, unknown, onProgress)
  let next = 0
  return combineDigests(parts.map((_part, index) => knownPartDigests[index] || (hashed[next++] ?? '')))
}

/** The part of XMLHttpRequest a send uses: XHR, unlike fetch, reports upload progress. */
export interface XhrLike {
  timeout: number
  readonly status: number
  readonly upload: { onprogress: ((event: ProgressEvent) => void) | null }
  onload: ((event: ProgressEvent) => void) | null
  onerror: ((event: ProgressEvent) => void) | null
  ontimeout: ((event: ProgressEvent) => void) | null
  onabort: ((event: ProgressEvent) => void) | null
  open(method: string, url: string): void
  setRequestHeader(name: string, value: string): void
  send(body: Blob): void
  abort(): void
}

export function isOkStatus(status: number): boolean {
  return status >= 200 && status < 300
}

/** Sends file[offset, offset + size) to a signed URL; onProgress gets the bytes sent of this slice. */
export function sendSlice(
  createXhr: () => XhrLike,
  file: Blob,
  range: PartRange,
  signed: SignedRequest,
  timeoutMs: number,
  onProgress?: (sentBytes: number) => void,
  signal?: AbortSignal,
): Promise<TransferResult> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve({ ok: false, kind: 'aborted' })
    const xhr = createXhr()
    const onAbort = () => xhr.abort()
    const settle = (result: TransferResult) => {
      signal?.removeEventListener('abort', onAbort)
      resolve(result)
    }
    xhr.open(signed.method, signed.url)
    for (const [name, value] of Object.entries(signed.headers)) xhr.setRequestHeader(name, value)
    xhr.timeout = timeoutMs
    xhr.upload.onprogress = (event) => onProgress?.(Math.min(event.loaded, range.size))
    xhr.onload = () =>
      settle(isOkStatus(xhr.status) ? { ok: true } : { ok: false, kind: 'bad_status', status: xhr.status })
    xhr.onerror = () => settle({ ok: false, kind: 'xhr_error' })
    xhr.ontimeout = () => settle({ ok: false, kind: 'timeout' })
    xhr.onabort = () => settle({ ok: false, kind: 'aborted' })
    signal?.addEventListener('abort', onAbort, { once: true })
    // The slice is a view on the file: the browser reads it while sending, it is never held whole here.
    xhr.send(file.slice(range.offset, range.offset + range.size))
  })
}

/** The part of FileSystemWritableFileStream a download writes through. */
export interface WritableLike {
  seek(position: number): Promise<void>
  truncate(size: number): Promise<void>
  write(data: Uint8Array<ArrayBuffer>): Promise<void>
  close(): Promise<void>
  abort(): Promise<void>
}

export function rangeHeader(fromByte: number): Record<string, string> {
  return fromByte > 0 ? { Range: `bytes=${fromByte}-` } : {}
}

export interface DownloadCallbacks {
  /** The byte writing starts at: fromByte when the server honoured the Range header, else 0. */
  onStart?: (fromByte: number) => void
  /** Bytes of the whole file written so far. */
  onProgress?: (bytesReceived: number) => void
}

export type DownloadResult = ({ ok: true } | ({ ok: false } & TransferError)) & { bytes_received: number }

/**
 * How often a download tells its progress across the worker boundary. A body arrives in chunks of tens of
 * kilobytes; telling each one cost the page a message and a queue update per chunk, tens of thousands for
 * a large file, and held the download far below the browser's speed. The screens show progress every
 * 100 ms, and XMLHttpRequest tells an upload's every 50 ms.
 */
export const DOWNLOAD_PROGRESS_INTERVAL_MS = 50

/** Fetches url into writable from fromByte on, resuming with a Range request; closes or aborts writable. */
export async function downloadTo(
  fetchFn: typeof fetch,
  url: string,
  writable: WritableLike,
  fromByte: number,
  timeoutMs: number,
  callbacks: DownloadCallbacks = {},
  signal?: AbortSignal,
): Promise<DownloadResult> {
  const timeout = AbortSignal.timeout(timeoutMs)
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout
  let written = fromByte
  const failWith = async (error: TransferError): Promise<DownloadResult> => {
    // Closing keeps what was written, so the next try resumes after it.
    await writable.close().catch(() => undefined)
    return { ok: false, ...error, bytes_received: written }
  }
  let response: Response
  try {
    // no-store: the bytes go to the file once; the browser's HTTP cache would write them to disk again.
    response = await fetchFn(url, { headers: rangeHeader(fromByte), signal: combined, cache: 'no-store' })
  } catch {
    return failWith(errorOfAbort(timeout, signal))
  }
  if (!isOkStatus(response.status)) return failWith({ kind: 'bad_status', status: response.status })
  // 206 continues where the file stopped; a 200 is the whole file again, so writing starts over.
  written = response.status === 206 ? fromByte : 0
  await writable.truncate(written)
  await writable.seek(written)
  callbacks.onStart?.(written)
  if (!response.body) return failWith({ kind: 'xhr_error' })
  const reader = response.body.getReader()
  let toldAt = performance.now()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      await writable.write(value)
      written += value.byteLength
      const now = performance.now()
      if (now - toldAt >= DOWNLOAD_PROGRESS_INTERVAL_MS) {
        toldAt = now
        callbacks.onProgress?.(written)
      }
    }
  } catch {
    return failWith(errorOfAbort(timeout, signal))
  }
  callbacks.onProgress?.(written)
  await writable.close()
  return { ok: true, bytes_received: written }
}

/** A closed byte range request: bytes from `from` to one before `end`. */
export function closedRangeHeader(from: number, end: number): Record<string, string> {
  return { Range: `bytes=${from}-${end - 1}` }
}

/** How a range fetch ended, and the byte of the file it had written up to. */
export type RangeResult = ({ ok: true } | ({ ok: false } & TransferError)) & { position: number }

/**
 * Fetches the bytes [from, end) of url with a closed Range request and hands each chunk to write() at its
 * offset; onProgress gets the position written up to, every DOWNLOAD_PROGRESS_INTERVAL_MS and at the end.
 * Only a 206 is this range: a store that ignores Range answers 200 with the whole file, which is refused
 * rather than written at the wrong place. A body longer than asked is cut at `end`; one shorter is a failure
 * that keeps what it wrote, so the range is asked again from there.
 */
export async function fetchRange(
  fetchFn: typeof fetch,
  url: string,
  from: number,
  end: number,
  write: (at: number, data: Uint8Array<ArrayBuffer>) => void,
  timeoutMs: number,
  onProgress?: (position: number) => void,
): Promise<RangeResult> {
  const timeout = AbortSignal.timeout(timeoutMs)
  let position = from
  let response: Response
  try {
    response = await fetchFn(url, {
      headers: closedRangeHeader(from, end),
      signal: timeout,
      cache: 'no-store',
    })
  } catch {
    return { ok: false, ...errorOfAbort(timeout), position }
  }
  if (response.status !== 206) {
    await response.body?.cancel().catch(() => undefined)
    return { ok: false, kind: 'bad_status', status: response.status, position }
  }
  if (!response.body) return { ok: false, kind: 'xhr_error', position }
  const reader = response.body.getReader()
  let toldAt = performance.now()
  try {
    while (position < end) {
      const { done, value } = await reader.read()
      if (done) break
      const take = value.byteLength <= end - position ? value : value.subarray(0, end - position)
      write(position, take)
      position += take.byteLength
      const now = performance.now()
      if (now - toldAt >= DOWNLOAD_PROGRESS_INTERVAL_MS) {
        toldAt = now
        onProgress?.(position)
      }
    }
    if (position >= end) await reader.cancel().catch(() => undefined)
  } catch {
    onProgress?.(position)
    return { ok: false, ...errorOfAbort(timeout), position }
  }
  onProgress?.(position)
  return position === end ? { ok: true, position } : { ok: false, kind: 'xhr_error', position }
}

function errorOfAbort(timeout: AbortSignal, signal?: AbortSignal): TransferError {
  if (signal?.aborted) return { kind: 'aborted' }
  return timeout.aborted ? { kind: 'timeout' } : { kind: 'xhr_error' }
}

/** Copies a file already downloaded to another place, slice by slice. */
export async function copyBlob(
  source: Blob,
  writable: WritableLike,
  onProgress?: (bytesCopied: number) => void,
  sliceSize = 8 * 1024 * 1024,
): Promise<void> {
  await writable.truncate(0)
  await writable.seek(0)
  for (let start = 0; start < source.size; start += sliceSize) {
    const end = Math.min(start + sliceSize, source.size)
    await writable.write(new Uint8Array(await source.slice(start, end).arrayBuffer()))
    onProgress?.(end)
  }
  await writable.close()
}
