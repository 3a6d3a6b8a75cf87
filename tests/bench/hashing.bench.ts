// How fast the console hashes: the hashing worker pool's SHA-256 in Chromium (window.mediaConsoleTest.sha256,
// the pool every upload hashes through) on one 1 GiB file and on 64 files of 16 MiB, beside `sha256sum` of
// the same files on the same machine. The files are random bytes written to a temporary directory and handed
// to the page as a user picks them (setInputFiles). Every digest must equal sha256sum's: a fast wrong hash
// fails the benchmark.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { bench, describe } from 'vitest'
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

const LARGE_SIZE = GiB
const SMALL_COUNT = 64
const SMALL_SIZE = 16 * MiB

const missing = missingChromium()
if (missing) console.log(`hashing bench: ${missing}; skipped.`)

interface Row {
  label: string
  bytes: number
  ms: number
}

async function measure(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-console-bench-hash-'))
  const product = await startProductInChromium()
  try {
    const large = path.join(dir, 'large.bin')
    writeRandomFile(large, LARGE_SIZE)
    const small = Array.from({ length: SMALL_COUNT }, (_, index) => path.join(dir, `small-${index}.bin`))
    for (const file of small) writeRandomFile(file, SMALL_SIZE)

    const page = await product.openConsole()
    const rows: Row[] = []

    await page.setInputFiles('#files', large)
    const pool1 = await page.evaluate(async () => {
      const hook = window.mediaConsoleTest
      const file = (document.getElementById('files') as HTMLInputElement).files?.[0]
      if (!hook || !file) throw new Error('no test hook or no file')
      const started = performance.now()
      const digest = await hook.sha256(file)
      return { digests: [digest], ms: performance.now() - started }
    })
    const sum1 = await sha256sum([large])
    rows.push({ label: '1 GiB file: worker pool', bytes: LARGE_SIZE, ms: pool1.ms })
    rows.push({ label: '1 GiB file: sha256sum', bytes: LARGE_SIZE, ms: sum1.ms })

    await page.setInputFiles('#files', small)
    // All at once, as an upload of many files hands them to the pool: it spreads them over its workers.
    const pool64 = await page.evaluate(async () => {
      const hook = window.mediaConsoleTest
      const files = Array.from((document.getElementById('files') as HTMLInputElement).files ?? [])
      if (!hook || files.length === 0) throw new Error('no test hook or no files')
      const started = performance.now()
      const digests = await Promise.all(files.map((file) => hook.sha256(file)))
      return { digests, ms: performance.now() - started, workers: await hook.hashPoolSize() }
    })
    const sum64 = await sha256sum(small)
    rows.push({
      label: `${SMALL_COUNT} × 16 MiB: worker pool`,
      bytes: SMALL_COUNT * SMALL_SIZE,
      ms: pool64.ms,
    })
    rows.push({ label: `${SMALL_COUNT} × 16 MiB: sha256sum`, bytes: SMALL_COUNT * SMALL_SIZE, ms: sum64.ms })

    const expected = [...sum1.digests, ...sum64.digests]
    const actual = [...pool1.digests, ...pool64.digests]
    const wrong = expected.filter((digest, index) => actual[index] !== digest)
    const row = ({ label, bytes, ms }: Row) =>
      `${label.padEnd(30)} ${figure(mbPerSecond(bytes, ms)).padStart(8)} MB/s ${figure(ms / 1000, 2).padStart(8)} s`
    console.log(
      [
        '',
        `SHA-256 in Chromium's worker pool (${pool64.workers} workers on ${os.availableParallelism()} cores) and sha256sum (one process), same bytes`,
        ...rows.map(row),
        `digests equal to sha256sum: ${wrong.length === 0 ? 'yes' : `NO (${wrong.length} differ)`}`,
        '',
      ].join('\n'),
    )
    if (wrong.length > 0 || actual.length !== expected.length) {
      throw new Error('the worker pool computed SHA-256 digests that differ from sha256sum')
    }
  } finally {
    await product.close()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

describe.skipIf(missing)('SHA-256 throughput', () => {
  // One measured run: a gigabyte per iteration says enough, and repeating it would only lengthen the bench.
  bench('worker pool in Chromium beside sha256sum', measure, {
    time: 0,
    iterations: 1,
    warmupTime: 0,
    warmupIterations: 0,
    throws: true,
  })
})
