// How fast a large file reaches the local store on loopback, and what it costs the page in memory. A 2 GiB
// file of random bytes goes through the console's transfer path in Chromium: the transfer worker's hashParts
// over the multipart plan, the server's POST .../multipart for the signed part URLs, every part sent by the
// transfer worker's putPart (at most UPLOAD_PARALLEL_PARTS in flight, as an upload sends them), then POST
// .../multipart_complete. Beside it, `curl -T` sends the same bytes to the signed part URLs of a fresh
// multipart upload of the same server (one curl, one connection, one part after the other) and completes it
// the same way: a single signed PUT is only for files up to 8 MiB, so no one URL takes 2 GiB. The page's
// JavaScript heap, and its workers', is polled every 250 ms through the upload and must stay under 256 MiB.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { bench, describe } from 'vitest'
import type { MultipartResponse, PartRef } from '../../server/contract/media.ts'
import { UPLOAD_PARALLEL_PARTS, planParts } from '../../src/transfers/limits.ts'
import { call, createReadyOrg, listGrants, signUpUser } from '../../e2e/support/api.ts'
import { freshEmail } from '../../e2e/support/mail.ts'
import { watchHeap, type HeapPeaks } from './support/heap.ts'
import {
  GiB,
  MiB,
  figure,
  mbPerSecond,
  missingChromium,
  run,
  startProductInChromium,
  writeRandomFile,
} from './support/product.ts'

const FILE_SIZE = 2 * GiB
const HEAP_TARGET = 256 * MiB

const missing = missingChromium()
if (missing) console.log(`upload bench: ${missing}; skipped.`)

interface Container {
  sessionKey: string
  base: string
}

/** A user with a ready organization per name, each with the container its first volume comes with. */
async function containers(names: readonly string[]): Promise<Container[]> {
  const sessionKey = await signUpUser(freshEmail('bench'))
  const found: Container[] = []
  for (const name of names) {
    const orgId = await createReadyOrg(sessionKey, name, 'Media')
    const [grant] = await listGrants(sessionKey, orgId)
    if (!grant) throw new Error(`the volume of ${name} came without a container`)
    found.push({ sessionKey, base: `/web/1/org/${orgId}/media_grant/${grant.media_grant_id}` })
  }
  return found
}

function partList(digests: readonly string[]): PartRef[] {
  const plan = planParts(FILE_SIZE)
  if (digests.length !== plan.length)
    throw new Error(`${digests.length} part digests for ${plan.length} parts`)
  return plan.map((part, index) => ({
    part_num: part.part_num,
    part_size: part.part_size,
    part_hash: digests[index] as string,
  }))
}

function compositeHash(digests: readonly string[]): string {
  const hash = createHash('sha256')
  for (const digest of digests) hash.update(Buffer.from(digest, 'hex'))
  return hash.digest('hex')
}

/** The server's part plan for the file: every part signed, none stored yet (a fresh upload). */
async function planUpload(container: Container, digests: readonly string[]) {
  const part_list = partList(digests)
  const file_hash = compositeHash(digests)
  const plan = await call<MultipartResponse>('POST', `${container.base}/multipart`, {
    sessionKey: container.sessionKey,
    body: { file_hash, file_size: FILE_SIZE, part_list },
  })
  const urls = plan.upload_list.map((item) => {
    if (item.skip_upload || !item.signed_opts) throw new Error(`part ${item.part_num} is not to be sent`)
    return item.signed_opts
  })
  if (plan.skip_upload || urls.length !== part_list.length) throw new Error('the upload is not a fresh one')
  const complete = () =>
    call('POST', `${container.base}/multipart_complete`, {
      sessionKey: container.sessionKey,
      body: { file_hash, file_size: FILE_SIZE, part_list, upload_id: plan.upload_id, s3_bucket_id: 0 },
    })
  return { urls, complete }
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now()
  const value = await work()
  return { value, ms: performance.now() - started }
}

async function measure(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-console-bench-upload-'))
  const product = await startProductInChromium()
  try {
    const file = path.join(dir, 'upload.bin')
    writeRandomFile(file, FILE_SIZE)
    const plan = planParts(FILE_SIZE)
    // The part digests as Node computes them: what the page's must equal, and curl's plan.
    const expected: string[] = []
    const handle = fs.openSync(file, 'r')
    const buffer = Buffer.alloc(plan[0]?.part_size ?? 0)
    for (const part of plan) {
      fs.readSync(handle, buffer, 0, part.part_size, part.offset)
      expected.push(createHash('sha256').update(buffer.subarray(0, part.part_size)).digest('hex'))
    }
    fs.closeSync(handle)
    // A second organization, so that curl's upload of the same content is a fresh one and not skipped.
    const [forConsole, forCurl] = await containers(['Bench console', 'Bench curl'])
    if (!forConsole || !forCurl) throw new Error('no containers')

    const page = await product.openConsole()
    await page.setInputFiles('#files', file)
    const heap = await watchHeap(page)
    let peaks: HeapPeaks
    let hashing, sending, completing
    try {
      hashing = await timed(() =>
        page.evaluate(async (parts) => {
          const hook = window.mediaConsoleTest
          const picked = (document.getElementById('files') as HTMLInputElement).files?.[0]
          if (!hook || !picked) throw new Error('no test hook or no file')
          return hook.hashParts(
            picked,
            parts.map((part) => ({ offset: part.offset, size: part.part_size })),
          )
        }, plan),
      )
      const wrong = hashing.value.filter((digest, index) => digest !== expected[index]).length
      if (wrong > 0) throw new Error(`hashParts computed ${wrong} part digests that differ from Node's`)
      const target = await planUpload(forConsole, hashing.value)
      sending = await timed(() =>
        page.evaluate(
          async ({ parts, urls, parallel }) => {
            const hook = window.mediaConsoleTest
            const picked = (document.getElementById('files') as HTMLInputElement).files?.[0]
            if (!hook || !picked) throw new Error('no test hook or no file')
            const queue = parts.map((part, index) => ({ part, signed: urls[index] }))
            const failures: string[] = []
            let sent = 0
            // As an upload does: a progress callback per part, and a bounded number of parts in flight.
            const lane = async () => {
              for (let next = queue.shift(); next; next = queue.shift()) {
                const { part, signed } = next
                if (!signed) throw new Error(`no URL for part ${part.part_num}`)
                const result = await hook.putPart(
                  picked,
                  { offset: part.offset, size: part.part_size },
                  signed,
                  () => undefined,
                )
                if (result.ok) sent += part.part_size
                else failures.push(`part ${part.part_num}: ${JSON.stringify(result)}`)
              }
            }
            await Promise.all(Array.from({ length: parallel }, lane))
            return { failures, sent, workers: await hook.transferPoolSize() }
          },
          { parts: plan, urls: target.urls, parallel: UPLOAD_PARALLEL_PARTS },
        ),
      )
      if (sending.value.failures.length > 0) {
        throw new Error(`parts were refused: ${sending.value.failures.slice(0, 3).join('; ')}`)
      }
      completing = await timed(target.complete)
    } finally {
      peaks = await heap.stop()
    }

    // curl -T needs a file per URL: the parts, cut from the same file before the clock starts.
    const partsDir = path.join(dir, 'parts')
    fs.mkdirSync(partsDir)
    await run('split', ['-b', String(plan[0]?.part_size), '-d', '-a', '5', file, path.join(partsDir, 'p')])
    const partFiles = fs.readdirSync(partsDir).sort()
    if (partFiles.length !== plan.length) throw new Error(`split made ${partFiles.length} parts`)
    const curlTarget = await planUpload(forCurl, expected)
    const config = curlTarget.urls
      .map((signed, index) =>
        [
          `upload-file = "${path.join(partsDir, partFiles[index] as string)}"`,
          `url = "${signed.url}"`,
          'output = "/dev/null"',
          'write-out = "%{http_code}\\n"',
        ].join('\n'),
      )
      .join('\n')
    fs.writeFileSync(path.join(dir, 'curl.conf'), config)
    const curl = await timed(() =>
      run('curl', ['--silent', '--show-error', '--config', path.join(dir, 'curl.conf')], { maxBuffer: MiB }),
    )
    const statuses = curl.value.stdout.trim().split('\n')
    if (statuses.length !== plan.length || statuses.some((status) => status !== '200')) {
      throw new Error(`curl's PUTs answered ${[...new Set(statuses)].join(', ')}`)
    }
    fs.rmSync(partsDir, { recursive: true, force: true })
    const curlComplete = await timed(curlTarget.complete)

    const row = (label: string, ms: number) =>
      `${label.padEnd(58)} ${figure(mbPerSecond(FILE_SIZE, ms)).padStart(6)} MB/s ${figure(ms / 1000, 2).padStart(7)} s`
    const mib = (bytes: number) => `${figure(bytes / MiB, 1)} MiB`
    console.log(
      [
        '',
        `Upload of 2 GiB (${plan.length} parts of ${plan[0]?.part_size !== undefined ? plan[0].part_size / MiB : 0} MiB) to the local store on loopback, ${os.availableParallelism()} cores`,
        row('console: hashParts (transfer worker)', hashing.ms),
        row(
          `console: putPart × ${plan.length} (${UPLOAD_PARALLEL_PARTS} in flight, ${sending.value.workers} workers)`,
          sending.ms,
        ),
        row('console: multipart_complete', completing.ms),
        row('console: total', hashing.ms + sending.ms + completing.ms),
        row(`curl -T × ${plan.length} signed part URLs (one connection)`, curl.ms),
        row('curl: multipart_complete', curlComplete.ms),
        row('curl: total', curl.ms + curlComplete.ms),
        `console PUTs / curl PUTs (time): ${(sending.ms / curl.ms).toFixed(2)}x`,
        `Peak JS heap during the console upload (${peaks.samples} samples, every 250 ms, ${peaks.unanswered} worker answers missed): page ${mib(peaks.page)}, ${peaks.workerCount} workers ${mib(peaks.workers)}, together ${mib(peaks.total)}; target under ${mib(HEAP_TARGET)}: ${peaks.total < HEAP_TARGET ? 'met' : 'EXCEEDED'}`,
        `Peak ArrayBuffer memory outside those heaps (file slices being hashed): ${mib(peaks.backingStore)}`,
        '',
      ].join('\n'),
    )
    if (peaks.total >= HEAP_TARGET) {
      throw new Error(`the page's JavaScript heap peaked at ${mib(peaks.total)}, over ${mib(HEAP_TARGET)}`)
    }
  } finally {
    await product.close()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

describe.skipIf(missing)('upload of 2 GiB to the local store', () => {
  // One measured run: 2 GiB per iteration says enough, and repeating it would only lengthen the bench.
  bench('console transfer path beside curl -T', measure, {
    time: 0,
    iterations: 1,
    warmupTime: 0,
    warmupIterations: 0,
    throws: true,
  })
})
