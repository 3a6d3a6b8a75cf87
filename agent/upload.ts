// Sending a file's content to the store with the calls the web uses (src/api/uploads.ts), in their mount
// form: a file up to SINGLE_PART_MAX_BYTES gets one signed PUT (mountUpload) confirmed by mountS3Object; a
// larger one gets a part plan (mountMultipart) that signs a PUT for each part the store lacks and marks the
// parts it holds skip_upload, then mountMultipartComplete. Content is addressed by its hash, so an
// interrupted upload resumes by asking for the plan again: the parts stored before are not sent again, and
// content the organization already stores is not sent at all. The bytes go straight to the signed URLs,
// read from the file one part at a time.
import fs from 'node:fs'
import http from 'node:http'
import https from 'node:https'
import { endpoints } from '../server/contract/endpointSchemas.ts'
import type { MultipartResponse, PartRef, SignedOpts } from '../server/contract/media.ts'
import { isMultipart, planParts } from '../server/contract/parts.ts'
import { AgentApiError, type AgentClient } from './client.ts'

/** Parts of one file sent at once. */
export const PARALLEL_PARTS = 4
/** Rounds of plan-and-send for one file: each round sends only what the store still lacks. */
export const UPLOAD_ROUNDS = 5
/** Tries of a confirmation the store does not show yet (412), and the wait between them. */
export const CONFIRM_TRIES = 5
export const CONFIRM_WAIT_MS = 1_000
/** A transfer's time: at least two minutes, more for large bodies (1 Mbit/s), as the web allows. */
export function transferTimeoutMs(sizeBytes: number): number {
  return Math.ceil(Math.max(120_000, sizeBytes / 131.072))
}

export interface UploadFile {
  abs: string
  size: number
  file_hash: string
  /** The parts' hashes of a multipart file, in order. */
  part_hashes: string[] | null
}

export type UploadEvent =
  | { type: 'plan'; parts: number; stored: number }
  | { type: 'part_sent'; part_num: number; part_size: number }
  | { type: 'bytes'; sent: number }

export interface UploadResult {
  /** The organization already stored this content: no byte was sent. */
  already_stored: boolean
  parts_sent: number
  /** Parts the store already held (a resumed upload). */
  parts_skipped: number
  bytes_sent: number
}

export interface UploadOptions {
  /** Parts sent at once (PARALLEL_PARTS). */
  parallelParts?: number
  signal?: AbortSignal
  onEvent?: (event: UploadEvent) => void
  sleep?: (ms: number) => Promise<void>
}

/** A signed PUT that failed: the store refused it (an expired signature, a wrong size) or did not answer. */
export class TransferError extends Error {
  override name = 'TransferError'
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message)
  }
}

/**
 * Sends bytes [offset, offset + size) of a file to a signed URL, following signed_opts exactly and naming
 * the length (an S3 signature may cover it; the local store refuses another one).
 */
export function putSlice(
  url: string,
  signed: SignedOpts,
  file: { abs: string; offset: number; size: number },
  options: { signal?: AbortSignal; onBytes?: (sent: number) => void } = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const target = new URL(url)
    const transport = target.protocol === 'https:' ? https : http
    const request = transport.request(target, {
      method: signed.method,
      headers: { ...signed.headers, 'Content-Length': String(file.size) },
      timeout: transferTimeoutMs(file.size),
      ...(options.signal ? { signal: options.signal } : {}),
    })
    const source = fs.createReadStream(file.abs, { start: file.offset, end: file.offset + file.size - 1 })
    let sent = 0
    source.on('data', (chunk) => {
      sent += chunk.length
      options.onBytes?.(sent)
    })
    source.on('error', (error) => request.destroy(error))
    request.on('timeout', () => request.destroy(new TransferError('the store did not answer in time')))
    request.on('error', (error) => {
      source.destroy()
      reject(options.signal?.aborted ? options.signal.reason : error)
    })
    request.on('response', (response) => {
      response.resume()
      response.on('end', () => {
        const status = response.statusCode ?? 0
        if (status >= 200 && status < 300) resolve()
        else reject(new TransferError(`the store answered ${status}`, status))
      })
    })
    source.pipe(request)
  })
}

async function confirmWithTries(
  confirm: () => Promise<unknown>,
  sleep: (ms: number) => Promise<void>,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await confirm()
      return
    } catch (error) {
      // 412: the store does not show the object (or every part) yet; it may a moment later.
      if (!(error instanceof AgentApiError) || error.status !== 412 || attempt >= CONFIRM_TRIES) throw error
      await sleep(CONFIRM_WAIT_MS)
    }
  }
}

/** Runs tasks with at most `limit` at once; the first failure stops new ones and is thrown. */
async function inParallel<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>) {
  let next = 0
  let failure: unknown
  const worker = async () => {
    while (failure === undefined && next < items.length) {
      const item = items[next++] as T
      try {
        await task(item)
      } catch (error) {
        failure ??= error
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  if (failure !== undefined) throw failure
}

/** Makes sure the store holds the file's content, sending only what it lacks. */
export async function uploadContent(
  client: AgentClient,
  mediaGrantId: number,
  file: UploadFile,
  options: UploadOptions = {},
): Promise<UploadResult> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  const params = { media_grant_id: mediaGrantId }
  const signal = options.signal
  const result: UploadResult = { already_stored: false, parts_sent: 0, parts_skipped: 0, bytes_sent: 0 }

  if (!isMultipart(file.size)) {
    for (let round = 1; ; round++) {
      const answer = await client.call(
        endpoints.mountUpload,
        { params, body: { file_list: [{ file_hash: file.file_hash, file_size: file.size }] } },
        { ...(signal ? { signal } : {}) },
      )
      const [item] = answer.upload_list
      if (!item) throw new Error('the upload offer answered no item')
      if (item.skip_upload) return { ...result, already_stored: true }
      if (!item.signed_opts) throw new Error('the upload offer answered no signed request')
      options.onEvent?.({ type: 'plan', parts: 1, stored: 0 })
      try {
        await putSlice(
          client.resolve(item.signed_opts.url),
          item.signed_opts,
          { abs: file.abs, offset: 0, size: file.size },
          {
            ...(signal ? { signal } : {}),
            onBytes: (sent) => options.onEvent?.({ type: 'bytes', sent }),
          },
        )
      } catch (error) {
        // A refused or lost PUT (an expired signature, a dropped link) is worth a new offer.
        if (signal?.aborted || round >= UPLOAD_ROUNDS) throw error
        continue
      }
      result.parts_sent = 1
      result.bytes_sent = file.size
      options.onEvent?.({ type: 'part_sent', part_num: 1, part_size: file.size })
      await confirmWithTries(
        () =>
          client.call(
            endpoints.mountS3Object,
            {
              params,
              body: { s3_bucket_id: item.s3_bucket_id, file_hash: file.file_hash, file_size: file.size },
            },
            { timeoutMs: transferTimeoutMs(file.size), ...(signal ? { signal } : {}) },
          ),
        sleep,
      )
      return result
    }
  }

  if (!file.part_hashes) throw new Error('a multipart file needs its part hashes')
  const plan = planParts(file.size)
  if (plan.length !== file.part_hashes.length) throw new Error('the part hashes do not match the part plan')
  const partList: PartRef[] = plan.map((part, index) => ({
    part_num: part.part_num,
    part_hash: file.part_hashes?.[index] as string,
    part_size: part.part_size,
  }))
  const request = { file_hash: file.file_hash, file_size: file.size, part_list: partList }
  let sentBytes = 0
  let firstPlan = true
  for (let round = 1; ; round++) {
    let answer: MultipartResponse
    try {
      answer = await client.call(
        endpoints.mountMultipart,
        { params, body: request },
        { ...(signal ? { signal } : {}) },
      )
    } catch (error) {
      // 409 upload_in_progress: another client planned the same content at the same moment; ask again.
      const busy =
        error instanceof AgentApiError && error.status === 409 && error.code === 'upload_in_progress'
      if (!busy || round >= UPLOAD_ROUNDS) throw error
      await sleep(CONFIRM_WAIT_MS)
      continue
    }
    if (answer.skip_upload) return { ...result, already_stored: result.parts_sent === 0 }
    const missing = answer.upload_list.filter((item) => !item.skip_upload)
    // The first plan tells what an earlier, interrupted run already stored.
    if (firstPlan) {
      firstPlan = false
      result.parts_skipped = answer.upload_list.length - missing.length
      options.onEvent?.({ type: 'plan', parts: plan.length, stored: result.parts_skipped })
    }
    try {
      await inParallel(missing, options.parallelParts ?? PARALLEL_PARTS, async (item) => {
        const part = plan[item.part_num - 1]
        if (!part || !item.signed_opts)
          throw new Error(`the plan has no signed request for part ${item.part_num}`)
        let partSent = 0
        await putSlice(
          client.resolve(item.signed_opts.url),
          item.signed_opts,
          { abs: file.abs, offset: part.offset, size: part.part_size },
          {
            ...(signal ? { signal } : {}),
            onBytes: (sent) => {
              sentBytes += sent - partSent
              partSent = sent
              options.onEvent?.({ type: 'bytes', sent: sentBytes })
            },
          },
        )
        result.parts_sent++
        result.bytes_sent += part.part_size
        options.onEvent?.({ type: 'part_sent', part_num: part.part_num, part_size: part.part_size })
      })
    } catch (error) {
      if (signal?.aborted || round >= UPLOAD_ROUNDS) throw error
      // The next plan signs again only the parts still missing.
      continue
    }
    try {
      await confirmWithTries(
        () =>
          client.call(
            endpoints.mountMultipartComplete,
            { params, body: { ...request, upload_id: answer.upload_id, s3_bucket_id: answer.s3_bucket_id } },
            { timeoutMs: transferTimeoutMs(file.size), ...(signal ? { signal } : {}) },
          ),
        sleep,
      )
      return result
    } catch (error) {
      // The store forgot the upload, or still lacks a part: plan again, which sends what is missing.
      const again = error instanceof AgentApiError && (error.status === 404 || error.status === 412)
      if (!again || round >= UPLOAD_ROUNDS) throw error
    }
  }
}
