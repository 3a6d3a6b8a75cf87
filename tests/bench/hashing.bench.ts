// How fast the console hashes, beside `sha256sum` of the same files on the same machine: the transfer
// pool's SHA-256 in Chromium (window.mediaConsoleTest.hashParts, each file as one part) on one 1 GiB file and
// on 64 files of 16 MiB,
// and the composite hash of a 2 GiB file as an upload computes it (window.mediaConsoleTest.compositeHash:
// its 16 MiB parts hashed in parallel across the transfer pool), whose target is 2.5 times sha256sum's
// speed. The files are random bytes written to a temporary directory and handed to the page as a user picks
// them (setInputFiles). Every digest must equal the one computed here: a fast wrong hash fails the benchmark.
// BENCH_HASH_COMPOSITE_MIB sets the composite file's size (2048 by default; smaller for a quick look).
import { createHash } from 'node:crypto'
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
  run,
  sha256sum,
  startProductInChromium,
  writeRandomFile,
} from './support/product.ts'
import { planParts } from '../../server/contract/parts.ts'

const LARGE_SIZE = GiB
const SMALL_COUNT = 64
const SMALL_SIZE = 16 * MiB
const COMPOSITE_SIZE = Number(process.env.BENCH_HASH_COMPOSITE_MIB ?? 2048) * MiB
/** The issue's target: the composite hash at 2.5 times the speed of sha256sum on the same bytes. */
const COMPOSITE_TARGET = 2.5

const missing = missingChromium()
if (missing) console.log(`hashing bench: ${missing}; skipped.`)

interface Row {
  label: string
  bytes: number
  ms: number
}

/** A multipart file's hash computed here, part by part: SHA-256 over the parts' binary digests. */
function compositeOf(file: string): string {
  const fd = fs.openSync(file, 'r')
  try {
    const joined = createHash('sha256')
    for (const part of planParts(fs.fstatSync(fd).size)) {
      const bytes = Buffer.alloc(part.part_size)
      fs.readSync(fd, bytes, 0, part.part_size, part.offset)
      joined.update(createHash('sha256').update(bytes).digest())
    }
    return joined.digest('hex')
  } finally {
    fs.closeSync(fd)
  }
}

async function measure(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-console-bench-hash-'))
  const product = await startProductInChromium()
  try {
    const large = path.join(dir, 'large.bin')
    writeRandomFile(large, LARGE_SIZE)
    const small = Array.from({ length: SMALL_COUNT }, (_, index) => path.join(dir, `small-${index}.bin`))
    for (const file of small) writeRandomFile(file, SMALL_SIZE)
    const composite = path.join(dir, 'composite.bin')
    writeRandomFile(composite, COMPOSITE_SIZE)
    // Every file on disk before any is timed, so no measurement shares the machine with the writeback.
    await run('sync', [])

    const page = await product.openConsole()
    const rows: Row[] = []

    await page.setInputFiles('#files', large)
    const pool1 = await page.evaluate(async () => {
      const hook = window.mediaConsoleTest
      const file = (document.getElementById('files') as HTMLInputElement).files?.[0]
      if (!hook || !file) throw new Error('no test hook or no file')
      const started = performance.now()
      const digests = await hook.hashParts(file, [{ offset: 0, size: file.size }])
      return { digests, ms: performance.now() - started }
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
      const digests = await Promise.all(
        files.map((file) => hook.hashParts(file, [{ offset: 0, size: file.size }])),
      )
      return {
        digests: digests.flat(),
        ms: performance.now() - started,
        workers: await hook.transferPoolSize(),
      }
    })
    const sum64 = await sha256sum(small)
    rows.push({
      label: `${SMALL_COUNT} × 16 MiB: worker pool`,
      bytes: SMALL_COUNT * SMALL_SIZE,
      ms: pool64.ms,
    })
    rows.push({ label: `${SMALL_COUNT} × 16 MiB: sha256sum`, bytes: SMALL_COUNT * SMALL_SIZE, ms: sum64.ms })

    await page.setInputFiles('#files', composite)
    const poolComposite = await page.evaluate(async () => {
      const hook = window.mediaConsoleTest
      const file = (document.getElementById('files') as HTMLInputElement).files?.[0]
      if (!hook || !file) throw new Error('no test hook or no file')
      const started = performance.now()
      const digest = await hook.compositeHash(file)
      return { digest, ms: performance.now() - started }
    })
    const sumComposite = await sha256sum([composite])
    const sizeLabel = `${figure(COMPOSITE_SIZE / MiB)} MiB`
    rows.push({ label: `${sizeLabel} composite: pool`, bytes: COMPOSITE_SIZE, ms: poolComposite.ms })
    rows.push({ label: `${sizeLabel}: sha256sum`, bytes: COMPOSITE_SIZE, ms: sumComposite.ms })
    const compositeRatio = sumComposite.ms / poolComposite.ms

    const expected = [...sum1.digests, ...sum64.digests, compositeOf(composite)]
    const actual = [...pool1.digests, ...pool64.digests, poolComposite.digest]
    const wrong = expected.filter((digest, index) => actual[index] !== digest)
    const row = ({ label, bytes, ms }: Row) =>
      `${label.padEnd(30)} ${figure(mbPerSecond(bytes, ms)).padStart(8)} MB/s ${figure(ms / 1000, 2).padStart(8)} s`
    console.log(
      [
        '',
        `SHA-256 in Chromium's worker pool (${pool64.workers} workers on ${os.availableParallelism()} cores) and sha256sum (one process), same bytes`,
        ...rows.map(row),
        `composite hash of ${sizeLabel}: ${figure(compositeRatio, 2)}× sha256sum's speed (target ≥ ${COMPOSITE_TARGET}×)`,
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
