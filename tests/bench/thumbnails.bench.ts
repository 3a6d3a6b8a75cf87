// How long a user waits for a thumbnail: from the moment an upload is complete (multipart_complete has
// answered) until the listing shows has_thumbnail, for a JPEG of about 44 MB and an MP4 of about 0.9 GB,
// with the server's own worker (JOBS on, THUMBNAIL_JOBS=2) doing the work as in production: the queue, the
// store reads, the decoders, the writes of both WebPs and the listing's version. Beside each, what the
// decoder alone takes on the same file in the same run: sharp making both thumbnails from the file, and the
// ffmpeg command line taking the poster frame from the file. Target: the thumbnail shows within 5 s of the
// upload's end. The MP4 is 1080p noise (it does not compress) encoded once, then repeated without
// re-encoding (-c copy), with its index at the end as cameras write it (the job reads that end over HTTP
// ranges).
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import sharp from 'sharp'
import { bench, describe } from 'vitest'
import type { DirListResponse, MultipartResponse, PartRef } from '../../server/contract/media.ts'
import { thumbnailsOf } from '../../server/derivatives/image.ts'
import { toolPaths } from '../../server/derivatives/tools.ts'
import { compositeSha256Hex } from '../../server/storage/checksums.ts'
import { planParts } from '../../src/transfers/limits.ts'
import { adminOrg, type AdminOrg } from '../server/helpers/admin.ts'
import { call } from '../server/helpers/http.ts'
import { startMailbox } from '../server/helpers/mailbox.ts'
import { startServer } from '../server/helpers/server.ts'
import type { Suite } from '../server/helpers/suite.ts'
import { partDigests, timed } from './support/curlUpload.ts'
import { MiB, figure } from './support/product.ts'

const run = promisify(execFile)
const TARGET_MS = 5000
const POLL_MS = 50

async function makeJpeg(file: string) {
  // About 44 MB: 8000×6000 pixels of noise at quality 96 (48 million pixels, under the 100 million cap).
  await sharp({
    create: {
      width: 8000,
      height: 6000,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 96 })
    .toFile(file)
}

async function makeMp4(dir: string, file: string) {
  const segment = path.join(dir, 'segment.mp4')
  await run(toolPaths().ffmpeg, [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1920x1080:rate=25:duration=4'],
    ...['-vf', 'noise=alls=60:allf=t', '-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '10'],
    ...['-pix_fmt', 'yuv420p', segment],
  ])
  const list = path.join(dir, 'list.txt')
  fs.writeFileSync(list, Array.from({ length: 3 }, () => `file '${segment}'`).join('\n'))
  await run(toolPaths().ffmpeg, [
    '-v',
    'error',
    '-y',
    '-f',
    'concat',
    '-safe',
    '0',
    '-i',
    list,
    '-c',
    'copy',
    file,
  ])
  fs.rmSync(segment)
}

/** Sends the file as the console does (multipart, parts in order) and answers when the upload is complete. */
async function upload(suite: Suite, org: AdminOrg, name: string, file: string) {
  const size = fs.statSync(file).size
  const digests = partDigests(file, size)
  const plan = planParts(size)
  const part_list: PartRef[] = plan.map((part, index) => ({
    part_num: part.part_num,
    part_size: part.part_size,
    part_hash: digests[index] as string,
  }))
  const file_hash = compositeSha256Hex(digests)
  const base = `/web/1/org/${org.orgId}/media_grant/${org.grantId}`
  const registered = await call<{ media_id: number }>(suite.url, 'POST', `${base}/media`, {
    key: org.key,
    body: { media_path: name, file_size: size, file_hash },
  })
  if (registered.status !== 200) throw new Error(`register: ${JSON.stringify(registered.body)}`)
  const planned = await call<MultipartResponse>(suite.url, 'POST', `${base}/multipart`, {
    key: org.key,
    body: { file_hash, file_size: size, part_list },
  })
  if (planned.status !== 200) throw new Error(`multipart: ${JSON.stringify(planned.body)}`)
  const handle = fs.openSync(file, 'r')
  try {
    for (const [index, item] of planned.body.upload_list.entries()) {
      const part = plan[index]
      if (!part || !item.signed_opts) throw new Error(`part ${index + 1} has no URL`)
      const bytes = Buffer.alloc(part.part_size)
      fs.readSync(handle, bytes, 0, part.part_size, part.offset)
      const url = new URL(item.signed_opts.url)
      const sent = await fetch(`${suite.url}${url.pathname}${url.search}`, { method: 'PUT', body: bytes })
      if (!sent.ok) throw new Error(`part ${index + 1}: ${sent.status}`)
    }
  } finally {
    fs.closeSync(handle)
  }
  const completed = await call(suite.url, 'POST', `${base}/multipart_complete`, {
    key: org.key,
    body: {
      file_hash,
      file_size: size,
      part_list,
      upload_id: planned.body.upload_id,
      s3_bucket_id: planned.body.s3_bucket_id,
    },
  })
  if (completed.status !== 200) throw new Error(`complete: ${JSON.stringify(completed.body)}`)
  return size
}

/** From now until the listing shows the file with has_thumbnail (polled every POLL_MS). */
async function untilThumbnail(
  suite: Suite,
  org: AdminOrg,
  name: string,
): Promise<{ ms: number; state: string }> {
  const started = performance.now()
  const listUrl = `/web/1/org/${org.orgId}/media_grant/${org.grantId}/dir?prefix_path=%2F`
  for (;;) {
    const listed = await call<DirListResponse>(suite.url, 'GET', listUrl, { key: org.key })
    const entry = listed.body.media_list.find((media) => media.media_path === `/media/${name}`)
    const ms = performance.now() - started
    if (entry?.has_thumbnail || entry?.thumbnail_state === 'none' || ms > 120_000) {
      return { ms, state: entry?.thumbnail_state ?? 'missing' }
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
}

async function measure(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-console-bench-thumbnails-'))
  const suite = {} as Suite
  suite.mailbox = await startMailbox()
  const kind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'
  // The worker runs in the server, as in production (test servers leave jobs off).
  suite.server = await startServer(kind, {
    env: { SMTP_URL: suite.mailbox.url, LOG_LEVEL: 'warn', JOBS: 'on', THUMBNAIL_JOBS: '2' },
  })
  suite.url = suite.server.url
  try {
    const jpeg = path.join(dir, 'photo.jpg')
    const mp4 = path.join(dir, 'footage.mp4')
    const made = await timed(async () => {
      await makeJpeg(jpeg)
      await makeMp4(dir, mp4)
    })
    const org = await adminOrg(suite, 'Bench', 'business_month')

    const jpegSize = await upload(suite, org, 'photo.jpg', jpeg)
    const jpegWait = await untilThumbnail(suite, org, 'photo.jpg')
    const jpegAlone = await timed(() => thumbnailsOf(jpeg, true))

    const mp4Size = await upload(suite, org, 'footage.mp4', mp4)
    const mp4Wait = await untilThumbnail(suite, org, 'footage.mp4')
    const ffmpegAlone = await timed(() =>
      run(
        toolPaths().ffmpeg,
        [
          ...['-v', 'error', '-threads', '1', '-ss', '1', '-i', mp4, '-frames:v', '1'],
          ...['-vf', "scale=w='min(1280,iw)':h='min(1280,ih)':force_original_aspect_ratio=decrease"],
          ...['-f', 'image2pipe', '-c:v', 'png', '-compression_level', '1', '-'],
        ],
        { encoding: 'buffer', maxBuffer: 64 * MiB },
      ),
    )

    const verdict = (ms: number, state: string) =>
      state === 'ready' && ms <= TARGET_MS ? 'met' : state === 'ready' ? 'MISSED' : `NOT MADE (${state})`
    const row = (label: string, ms: number) => `${label.padEnd(70)} ${figure(ms / 1000, 2).padStart(7)} s`
    console.log(
      [
        '',
        `Thumbnails: upload complete to has_thumbnail in the listing (${kind}, local store, worker in the server, ${os.availableParallelism()} cores; files made in ${figure(made.ms / 1000, 1)} s)`,
        row(
          `JPEG ${figure(jpegSize / MiB, 1)} MiB (8000×6000): upload complete → has_thumbnail`,
          jpegWait.ms,
        ),
        row('  sharp alone on the same file (both WebPs)', jpegAlone.ms),
        `  target ${TARGET_MS / 1000} s: ${verdict(jpegWait.ms, jpegWait.state)}`,
        row(
          `MP4 ${figure(mp4Size / MiB, 0)} MiB (1080p H.264, 12 s, index at the end): upload complete → has_thumbnail`,
          mp4Wait.ms,
        ),
        row('  ffmpeg alone on the same file (poster frame at 1 s, PNG)', ffmpegAlone.ms),
        `  target ${TARGET_MS / 1000} s: ${verdict(mp4Wait.ms, mp4Wait.state)}`,
        '',
      ].join('\n'),
    )
    if (jpegWait.state !== 'ready' || mp4Wait.state !== 'ready') throw new Error('a thumbnail was not made')
  } finally {
    await suite.server.close()
    await suite.mailbox.close()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

describe('thumbnails of a 44 MB JPEG and a 0.9 GB MP4', () => {
  bench('upload complete to has_thumbnail, beside the decoder alone', measure, {
    time: 0,
    iterations: 1,
    warmupTime: 0,
    warmupIterations: 0,
    throws: true,
  })
})
