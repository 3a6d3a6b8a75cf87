// A file of tens of gigabytes through the upload screen, with a reload in the middle: what a user uploading
// a camera day's footage goes through. The file is chosen on /upload/{grant}/ through the file input, Start
// Upload is clicked, and once part of it is stored the page is reloaded; the file is chosen again (the
// screen checks it is the same file by the digest of its next part) and the upload runs to Success. It
// proves, at full size, that nothing stored before the reload is sent again and that the stored object's
// hash is the file's, and prints the times beside one `sha256sum` of the same file.
//
// It needs three times the file's size on disk (the file, its parts, the joined object), so it runs only
// when BENCH_LARGE_GIB gives the size in GiB: `BENCH_LARGE_GIB=12 npm run bench`.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { bench, describe } from 'vitest'
import { endpoints } from '../../server/contract/endpoints.ts'
import { api } from '../../e2e/support/api.ts'
import { watchParts } from '../../e2e/support/parts.ts'
import { Layout } from '../../e2e/pages/Layout.ts'
import { UploadPage } from '../../e2e/pages/UploadPage.ts'
import { planParts } from '../../src/transfers/limits.ts'
import { watchHeap } from './support/heap.ts'
import { GRANT, containers } from './support/containers.ts'
import {
  GiB,
  MiB,
  figure,
  mbPerSecond,
  missingChromium,
  sha256sum,
  startProductInChromium,
  writeRandomFile,
} from './support/product.ts'

const SIZE_GIB = Number(process.env.BENCH_LARGE_GIB ?? 0)
const FILE_SIZE = SIZE_GIB * GiB
/** Far above what the file takes on loopback: only a stalled upload reaches it. */
const SCREEN_TIMEOUT_MS = 4 * 60 * 60_000
/** The page reloads once this share of the parts has been stored. */
const RELOAD_AT = 0.4
/** The page's JavaScript heap and its ArrayBuffer memory each stay under this (page and workers together). */
const MEMORY_TARGET = 256 * MiB

const missing = missingChromium()
const notAsked =
  Number.isFinite(SIZE_GIB) && SIZE_GIB > 0 ? undefined : 'set BENCH_LARGE_GIB to a size in GiB to run it'
if (missing ?? notAsked) console.log(`large upload bench: ${missing ?? notAsked}; not run.`)

/** The composite hash of the file as the spec defines it: SHA-256 over the parts' binary digests. */
function compositeOfFile(file: string): string {
  const plan = planParts(FILE_SIZE)
  const fd = fs.openSync(file, 'r')
  const buffer = Buffer.alloc(64 * MiB)
  const composite = createHash('sha256')
  try {
    for (const part of plan) {
      const hash = createHash('sha256')
      for (let done = 0; done < part.part_size;) {
        const length = Math.min(buffer.length, part.part_size - done)
        fs.readSync(fd, buffer, 0, length, part.offset + done)
        hash.update(buffer.subarray(0, length))
        done += length
      }
      composite.update(hash.digest())
    }
  } finally {
    fs.closeSync(fd)
  }
  return composite.digest('hex')
}

async function measure(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-console-bench-large-'))
  const product = await startProductInChromium()
  try {
    const file = path.join(dir, 'footage.bin')
    writeRandomFile(file, FILE_SIZE)
    const plan = planParts(FILE_SIZE)
    const [container] = await containers(['Bench large'])
    if (!container) throw new Error('no container')

    const page = await product.browser.newPage({ baseURL: product.baseUrl })
    const uploadPage = new UploadPage(page)
    await new Layout(page).useSession(container.sessionKey)
    await uploadPage.useFileInputs()
    await uploadPage.goto(GRANT, '/')
    await uploadPage.pickFiles(file)
    await uploadPage.selection.getByRole('row', { name: /footage\.bin/ }).waitFor()
    const parts = watchParts(page)
    const heap = await watchHeap(page)

    const started = performance.now()
    await uploadPage.startUpload.click()
    const reloadAfter = Math.ceil(plan.length * RELOAD_AT)
    while (parts.stored.size < reloadAfter) await new Promise((resolve) => setTimeout(resolve, 250))
    const beforeReload = await heap.stop()
    await page.reload()
    const reloadedAt = Date.now()
    const reloadedAfterMs = performance.now() - started
    const storedBefore = [...parts.stored.keys()]
    await uploadPage.chooseAgain('footage.bin', file)
    const heapAfter = await watchHeap(page)
    await uploadPage.summary.filter({ hasText: /^Success$/ }).waitFor({ timeout: SCREEN_TIMEOUT_MS })
    const totalMs = performance.now() - started
    const afterReload = await heapAfter.stop()
    await page.close()

    const resent = storedBefore.filter((part) =>
      parts.requested.some((each) => each.part === part && each.at >= reloadedAt),
    )
    const storedTwice = [...parts.stored].filter(([, count]) => count > 1).map(([part]) => part)
    const listing = await api(
      endpoints.dirList,
      { params: container.params, query: { prefix_path: '/' } },
      container.sessionKey,
    )
    const stored = listing.media_list.find((media) => media.media_path.endsWith('/footage.bin'))
    const expectedHash = compositeOfFile(file)
    const reference = await sha256sum([file])

    const mib = (bytes: number) => `${figure(bytes / MiB, 1)} MiB`
    const heapPeak = Math.max(beforeReload.total, afterReload.total)
    const arrayBufferPeak = Math.max(beforeReload.backingStore, afterReload.backingStore)
    console.log(
      [
        '',
        `Upload of ${SIZE_GIB} GiB (${plan.length} parts of ${(plan[0]?.part_size ?? 0) / MiB} MiB) through the upload screen with a reload at ${figure(RELOAD_AT * 100)}% of the parts stored, local store on loopback, ${os.availableParallelism()} cores`,
        `upload screen: Start Upload to Success, reload and choosing again included: ${figure(totalMs / 1000, 1)} s, ${figure(mbPerSecond(FILE_SIZE, totalMs))} MB/s (reload after ${figure(reloadedAfterMs / 1000, 1)} s)`,
        `sha256sum of the same file: ${figure(reference.ms / 1000, 1)} s, ${figure(mbPerSecond(FILE_SIZE, reference.ms))} MB/s`,
        `parts stored before the reload: ${storedBefore.length} of ${plan.length}; sent again after it: ${resent.length}; stored twice: ${storedTwice.length}`,
        `stored object: ${stored ? `${stored.file_size} bytes, hash ${stored.file_hash === expectedHash ? 'equal to' : 'DIFFERENT FROM'} the file's composite hash` : 'MISSING'}`,
        `peak JS heap: before the reload ${mib(beforeReload.total)}, after it ${mib(afterReload.total)} (page and ${Math.max(beforeReload.workerCount, afterReload.workerCount)} workers); target under ${mib(MEMORY_TARGET)}: ${heapPeak < MEMORY_TARGET ? 'met' : 'EXCEEDED'}`,
        `peak ArrayBuffer memory outside the heaps: ${mib(arrayBufferPeak)}; target under ${mib(MEMORY_TARGET)}: ${arrayBufferPeak < MEMORY_TARGET ? 'met' : 'EXCEEDED'}`,
        '',
      ].join('\n'),
    )
    if (resent.length > 0) throw new Error(`parts ${resent.join(', ')} were sent again after the reload`)
    if (storedTwice.length > 0) throw new Error(`parts ${storedTwice.join(', ')} were stored twice`)
    if (!stored || stored.file_size !== FILE_SIZE || stored.file_hash !== expectedHash)
      throw new Error('the stored object is not the file')
    if (heapPeak >= MEMORY_TARGET || arrayBufferPeak >= MEMORY_TARGET)
      throw new Error(`memory peaked at ${mib(heapPeak)} of heap, ${mib(arrayBufferPeak)} of ArrayBuffers`)
  } finally {
    await product.close()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

describe.skipIf(missing ?? notAsked)('upload of a file of tens of gigabytes with a reload', () => {
  bench('upload screen, reload in the middle', measure, {
    time: 0,
    iterations: 1,
    warmupTime: 0,
    warmupIterations: 0,
    throws: true,
  })
})
