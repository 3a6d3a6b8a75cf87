// How fast a large file reaches the local store on loopback through the console's upload screen, and what it
// costs the page in memory. A 2 GiB file of random bytes is chosen on /upload/{grant}/ through the screen's
// file input (the browser's pickers turned off, as the e2e suite does), Start Upload is clicked, and the clock
// runs until the screen's summary reads Success: hashing, the part plan, every part and the completion, as a
// user waits for them. Beside it, `curl -T` sends the same bytes to the signed part URLs of a fresh multipart
// upload of the same server (one curl, one connection, one part after the other) and completes it the same
// way: a single signed PUT is only for files up to 8 MiB, so no one URL takes 2 GiB. The page's JavaScript
// heap, and its workers', is polled every 250 ms through the screen's upload and must stay under 256 MiB.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { bench, describe } from 'vitest'
import { planParts } from '../../src/transfers/limits.ts'
import { GRANT, containers } from './support/containers.ts'
import { curlPartsConfig, partDigests, planFreshUpload, runCurl, timed } from './support/curlUpload.ts'
import { Layout } from '../../e2e/pages/Layout.ts'
import { UploadPage } from '../../e2e/pages/UploadPage.ts'
import { watchHeap, type HeapPeaks } from './support/heap.ts'
import {
  GiB,
  MiB,
  figure,
  mbPerSecond,
  missingChromium,
  startProductInChromium,
  writeRandomFile,
} from './support/product.ts'

const FILE_SIZE = 2 * GiB
const HEAP_TARGET = 256 * MiB
/** Far above what 2 GiB takes on loopback: only a stalled upload reaches it. */
const SCREEN_TIMEOUT_MS = 15 * 60_000

const missing = missingChromium()
if (missing) console.log(`upload bench: ${missing}; skipped.`)

async function measure(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-console-bench-upload-'))
  const product = await startProductInChromium()
  try {
    const file = path.join(dir, 'upload.bin')
    writeRandomFile(file, FILE_SIZE)
    const plan = planParts(FILE_SIZE)
    // The part digests as Node computes them: curl's plan.
    const expected = partDigests(file, FILE_SIZE)
    // A second user and organization, so that curl's upload of the same content is a fresh one and not
    // skipped, and the screen's user has one organization only.
    const [forConsole, forCurl] = await containers(['Bench console', 'Bench curl'])
    if (!forConsole || !forCurl) throw new Error('no containers')

    const page = await product.browser.newPage({ baseURL: product.baseUrl })
    const uploadPage = new UploadPage(page)
    await new Layout(page).useSession(forConsole.sessionKey)
    await uploadPage.useFileInputs()
    await uploadPage.goto(GRANT, '/')
    await uploadPage.pickFiles(file)
    await uploadPage.selection.getByRole('row', { name: /upload\.bin/ }).waitFor()
    // The file just written, and later the store's parts, are flushed before each clock starts: neither
    // measure pays for the other's writes.
    execFileSync('sync')
    const heap = await watchHeap(page)
    let peaks: HeapPeaks
    let screen
    try {
      screen = await timed(async () => {
        await uploadPage.startUpload.click()
        await uploadPage.summary.filter({ hasText: /^Success$/ }).waitFor({ timeout: SCREEN_TIMEOUT_MS })
      })
    } finally {
      peaks = await heap.stop()
    }
    const workers = peaks.workerCount
    await page.close()

    const curlTarget = await planFreshUpload(forCurl, FILE_SIZE, expected)
    const { configFile, removeParts } = await curlPartsConfig(dir, file, FILE_SIZE, curlTarget.urls)
    execFileSync('sync')
    // One curl, one connection, one part after the other.
    const curl = { ms: await runCurl(configFile, plan.length) }
    removeParts()
    const curlComplete = await timed(curlTarget.complete)

    const row = (label: string, ms: number) =>
      `${label.padEnd(72)} ${figure(mbPerSecond(FILE_SIZE, ms)).padStart(6)} MB/s ${figure(ms / 1000, 2).padStart(7)} s`
    const mib = (bytes: number) => `${figure(bytes / MiB, 1)} MiB`
    console.log(
      [
        '',
        `Upload of 2 GiB (${plan.length} parts of ${plan[0]?.part_size !== undefined ? plan[0].part_size / MiB : 0} MiB) to the local store on loopback, ${os.availableParallelism()} cores`,
        row('upload screen: Start Upload to Success (hash, plan, parts, complete)', screen.ms),
        row(`curl -T × ${plan.length} signed part URLs (one connection, parts only)`, curl.ms),
        row('curl: multipart_complete', curlComplete.ms),
        row('curl: parts and multipart_complete (no hashing: Node hashed before)', curl.ms + curlComplete.ms),
        `upload screen / curl parts and complete (time): ${(screen.ms / (curl.ms + curlComplete.ms)).toFixed(2)}x`,
        `Peak JS heap during the screen's upload (${peaks.samples} samples, every 250 ms, ${peaks.unanswered} worker answers missed): page ${mib(peaks.page)}, ${workers} workers ${mib(peaks.workers)}, together ${mib(peaks.total)}; target under ${mib(HEAP_TARGET)}: ${peaks.total < HEAP_TARGET ? 'met' : 'EXCEEDED'}`,
        `Peak ArrayBuffer memory outside those heaps (file slices being hashed and sent): ${mib(peaks.backingStore)}`,
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
  bench('upload screen beside curl -T', measure, {
    time: 0,
    iterations: 1,
    warmupTime: 0,
    warmupIterations: 0,
    throws: true,
  })
})
