// Transfers over a realistic link (issues 14 and 29): the product behind a loopback proxy that adds 40 ms to
// every request and caps each connection at 25 MB/s, as a storage endpoint tens of milliseconds away does
// (S3 gives one connection tens of MB/s and advises parallel connections and byte-range GETs). The browser
// loads the console through the proxy, and the server signs its storage URLs for the proxy's address, so
// every request of the screens crosses the link.
//
// Chromium keeps at most 6 HTTP/1.1 connections per host, so the bench runs twice: once with STORAGE_URLS
// naming the proxy under 4 host names (s1.localhost … s4.localhost, which the browser and curl resolve to
// loopback), once with the one host of PUBLIC_URL, as today. In each run a 1 GiB file (BENCH_LINK_MIB to
// change it) goes through:
// - the upload screen, Start Upload to Success, beside hashing its parts (Node, one thread, as a command-line
//   uploader hashes before it plans) plus its parts sent to the signed part URLs of a fresh upload with 10
//   parallel `curl -T` through the same proxy, then completed (target with 4 hosts: at most 1.1x); with one
//   host also beside 6 parallel curl, the browser's bound on one host (no worse than today);
// - the download screen, Download All to Success, beside 8 parallel ranged `curl` of the same signed URL,
//   each range to a file (target with 4 hosts: at most 1.25x); with one host also beside one `curl` of it,
//   today's one connection per file (no worse than that).
// The most requests the proxy saw in flight, per host and in all, are printed for every row, and how busy the
// machine's cores were: a row near 100% was bound by the CPU, not by the link. BENCH_LINK_MBPS sets the
// link's rate per connection (25 by default), so a slower link shows how the screens fare when the link,
// not the CPU, is the bound. Every run starts after a `sync`, so the disk writes the one before left pending
// do not slow it.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium, type Browser } from '@playwright/test'
import { bench, describe } from 'vitest'
import { DownloadPage } from '../../e2e/pages/DownloadPage.ts'
import { FileListPage } from '../../e2e/pages/FileListPage.ts'
import { Layout } from '../../e2e/pages/Layout.ts'
import { UploadPage } from '../../e2e/pages/UploadPage.ts'
import { api } from '../../e2e/support/api.ts'
import { pickFromOrigin } from '../../e2e/support/originFiles.ts'
import { startServer, useServerForSeeding } from '../../e2e/support/server.ts'
import { CHROMIUM_ARGS, chromiumPath } from '../../scripts/chromium.mjs'
import { endpoints } from '../../server/contract/endpoints.ts'
import { planParts } from '../../src/transfers/limits.ts'
import { GRANT, containers, type Container } from './support/containers.ts'
import { cpuTicks, busyShare } from './support/cpuLoad.ts'
import { curlPartsConfig, partDigests, planFreshUpload, runCurl, timed } from './support/curlUpload.ts'
import { flushDisk } from './support/diskWrites.ts'
import { startLinkProxy, type LinkProxy, type LinkStats } from './support/linkProxy.ts'
import {
  MiB,
  figure,
  filesOfSize,
  mbPerSecond,
  missingChromium,
  run,
  sha256sum,
  writeRandomFile,
} from './support/product.ts'

const FILE_SIZE = Number(process.env.BENCH_LINK_MIB ?? 1024) * MiB
const FILE_NAME = 'upload.bin'
/** The folder the file is uploaded to: the download screen collects a folder's files. */
const FOLDER = 'Link'
const MEDIA_PATH = `${FOLDER}/${FILE_NAME}`
const LATENCY_MS = 40
const BYTES_PER_SECOND = Number(process.env.BENCH_LINK_MBPS ?? 25) * 1e6
const HOST_NAMES = 4
const CURL_PARALLEL = 10
/** Chromium's cap on HTTP/1.1 connections to one host. */
const BROWSER_CONNECTIONS = 6
const CURL_RANGES = 8
const UPLOAD_TARGET = 1.1
const DOWNLOAD_TARGET = 1.25
/** The OPFS folder the directory picker answers. */
const PICKED = 'picked'
const SCREEN_TIMEOUT_MS = 15 * 60_000

const missing = missingChromium()
if (missing) console.log(`link bench: ${missing}; skipped.`)

interface Timing {
  ms: number
  stats: LinkStats
  /** How busy all cores were over the row, 0 to 1 (undefined where the kernel does not say). */
  cpu?: number | undefined
}

/** The work timed, with how busy the cores were meanwhile. */
async function timedWithCpu(work: () => Promise<unknown>): Promise<{ ms: number; cpu: number | undefined }> {
  const before = cpuTicks()
  const { ms } = await timed(work)
  return { ms, cpu: busyShare(before, cpuTicks()) }
}

/** The file's part digests, and the time Node took to hash them (one thread, from the page cache). */
interface Hashing {
  digests: string[]
  ms: number
}

/**
 * The file hashed, then its parts sent to a fresh upload of the container with `parallel` curl, then
 * completed: the time of all three, as an uploader that hashes before it plans would take.
 */
async function curlUpload(
  proxy: LinkProxy,
  container: Container,
  dir: string,
  file: string,
  hashing: Hashing,
  parallel: number,
): Promise<Timing> {
  const { digests } = hashing
  const target = await planFreshUpload(container, FILE_SIZE, digests)
  const { configFile, removeParts } = await curlPartsConfig(dir, file, FILE_SIZE, target.urls)
  try {
    await flushDisk()
    proxy.reset()
    let curlMs = 0
    const { cpu } = await timedWithCpu(async () => {
      curlMs = await runCurl(configFile, digests.length, ['--parallel', '--parallel-max', String(parallel)])
    })
    const stats = proxy.stats()
    const complete = await timed(target.complete)
    return { ms: hashing.ms + curlMs + complete.ms, stats, cpu }
  } finally {
    removeParts()
  }
}

/** The file through the upload screen, Start Upload to Success. */
async function screenUpload(
  browser: Browser,
  proxy: LinkProxy,
  container: Container,
  file: string,
): Promise<Timing> {
  const page = await browser.newPage({ baseURL: proxy.url })
  try {
    const uploadPage = new UploadPage(page)
    await new Layout(page).useSession(container.sessionKey)
    await uploadPage.useFileInputs()
    await uploadPage.goto(GRANT, `/${FOLDER}/`)
    await uploadPage.pickFiles(file)
    await uploadPage.selection.getByRole('row', { name: new RegExp(FILE_NAME.replace('.', '\\.')) }).waitFor()
    await flushDisk()
    proxy.reset()
    const { ms, cpu } = await timedWithCpu(async () => {
      await uploadPage.startUpload.click()
      await uploadPage.summary.filter({ hasText: /^Success$/ }).waitFor({ timeout: SCREEN_TIMEOUT_MS })
    })
    return { ms, stats: proxy.stats(), cpu }
  } finally {
    await page.close()
  }
}

/**
 * The file through the download screen, Download All to Success, in a fresh profile on disk (an incognito
 * context keeps the origin's private file system in memory); answers the time and the placed copy.
 */
async function screenDownload(
  proxy: LinkProxy,
  container: Container,
  profile: string,
): Promise<Timing & { copy: string }> {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    args: CHROMIUM_ARGS,
    baseURL: proxy.url,
  })
  try {
    const page = context.pages()[0] ?? (await context.newPage())
    const fileList = new FileListPage(page)
    const downloadPage = new DownloadPage(page)
    await pickFromOrigin(page, PICKED)
    await new Layout(page).useSession(container.sessionKey)
    await fileList.goto(GRANT)
    await fileList.select(FOLDER)
    await fileList.download.click()
    await downloadPage.collected.getByRole('cell', { name: MEDIA_PATH, exact: true }).waitFor()
    await flushDisk()
    proxy.reset()
    const { ms, cpu } = await timedWithCpu(async () => {
      await downloadPage.downloadAll.click()
      await downloadPage.status.filter({ hasText: /^Success$/ }).waitFor({ timeout: SCREEN_TIMEOUT_MS })
    })
    const stats = proxy.stats()
    // OPFS keeps its files under obfuscated names: the placed file is the profile's one file of its size.
    const copies = filesOfSize(profile, FILE_SIZE)
    if (copies.length !== 1) throw new Error(`the profile holds ${copies.length} files of the file's size`)
    return { ms, stats, cpu, copy: copies[0] as string }
  } finally {
    await context.close()
  }
}

/** The signed address the console's download of the file starts from (media download_url, inline false). */
async function downloadUrl(container: Container): Promise<string> {
  const listing = await api(
    endpoints.dirList,
    { params: container.params, query: { prefix_path: `/${FOLDER}/` } },
    container.sessionKey,
  )
  const media = listing.media_list.find((entry) => entry.media_path.endsWith(`/${MEDIA_PATH}`))
  if (!media) throw new Error(`/${MEDIA_PATH} is not in the container`)
  const { url } = await api(
    endpoints.mediaDownloadUrl,
    { params: { ...container.params, media_id: media.media_id }, query: { inline: false } },
    container.sessionKey,
  )
  return url
}

/**
 * The URL fetched by curl in `ranges` byte ranges at once (one range: a plain GET), each range written to a
 * file of its own in `dir`, as a download lands on disk; the files are removed afterwards.
 */
async function curlDownload(proxy: LinkProxy, dir: string, url: string, ranges: number): Promise<Timing> {
  const size = Math.ceil(FILE_SIZE / ranges)
  const outputs = Array.from({ length: ranges }, (_, index) => path.join(dir, `curl-range-${index}`))
  const config = outputs
    .map((output, index) => {
      const start = index * size
      const end = Math.min(FILE_SIZE, start + size) - 1
      return [`url = "${url}"`, ranges > 1 ? `range = "${start}-${end}"` : '', `output = "${output}"`]
        .filter(Boolean)
        .join('\n')
    })
    .join('\n')
  const configFile = path.join(dir, `curl-ranges-${ranges}.conf`)
  fs.writeFileSync(configFile, config)
  try {
    await flushDisk()
    proxy.reset()
    const { ms, cpu } = await timedWithCpu(() =>
      run(
        'curl',
        [
          '--silent',
          '--show-error',
          '--fail',
          '--parallel',
          '--parallel-max',
          String(ranges),
          '--config',
          configFile,
        ],
        { maxBuffer: MiB },
      ),
    )
    const written = outputs.reduce((sum, output) => sum + fs.statSync(output).size, 0)
    if (written !== FILE_SIZE) throw new Error(`curl wrote ${written} bytes of ${FILE_SIZE}`)
    return { ms, stats: proxy.stats(), cpu }
  } finally {
    for (const file of [configFile, ...outputs]) fs.rmSync(file, { force: true })
  }
}

interface Run {
  hosts: string[]
  upload: Timing
  curlUpload: Timing
  browserBound?: Timing
  download: Timing & { copy: string }
  curlRanges: Timing
  curlOne?: Timing
}

/** One run of the product through the proxy, with the storage host names given (none: PUBLIC_URL's). */
async function measureWith(
  browser: Browser,
  proxy: LinkProxy,
  dir: string,
  file: string,
  hashing: Hashing,
  hostNames: readonly string[],
): Promise<Run> {
  const env: Record<string, string> = { PUBLIC_URL: proxy.url }
  if (hostNames.length > 0) env.STORAGE_URLS = hostNames.join(',')
  const label = hostNames.length > 0 ? `${hostNames.length} hosts` : '1 host'
  const server = await startServer({ logName: `bench-link-server-${hostNames.length}.log`, env })
  proxy.setTarget(Number(new URL(server.baseUrl).port))
  const restoreSeeding = useServerForSeeding(server)
  try {
    // A user and organization per upload, so that each upload of the same content is a fresh one.
    const [forScreen, forCurl, forBound] = await containers([
      `Link screen ${label}`,
      `Link curl ${label}`,
      `Link curl 6 ${label}`,
    ])
    if (!forScreen || !forCurl || !forBound) throw new Error('no containers')
    const upload = await screenUpload(browser, proxy, forScreen, file)
    const reference = await curlUpload(proxy, forCurl, dir, file, hashing, CURL_PARALLEL)
    const browserBound =
      hostNames.length > 0
        ? undefined
        : await curlUpload(proxy, forBound, dir, file, hashing, BROWSER_CONNECTIONS)

    const download = await screenDownload(proxy, forScreen, path.join(dir, `profile-${hostNames.length}`))
    const url = await downloadUrl(forScreen)
    const curlRanges = await curlDownload(proxy, dir, url, CURL_RANGES)
    const curlOne = hostNames.length > 0 ? undefined : await curlDownload(proxy, dir, url, 1)
    const hosts = hostNames.length > 0 ? [...hostNames] : [proxy.url]
    return { hosts, upload, curlUpload: reference, browserBound, download, curlRanges, curlOne }
  } finally {
    restoreSeeding()
    await server.close()
  }
}

const row = (label: string, { ms, stats, cpu }: Timing) => {
  const perHost = [...stats.peakInFlightByHost.entries()]
    .filter(([host]) => host !== '')
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([host, peak]) => `${host.split('.')[0]} ${peak}`)
    .join(', ')
  const busy = cpu === undefined ? '' : `   cores busy: ${figure(cpu * 100)}%`
  return `  ${label.padEnd(70)} ${figure(mbPerSecond(FILE_SIZE, ms)).padStart(6)} MB/s ${figure(ms / 1000, 2).padStart(7)} s   in flight: ${stats.peakInFlight} (per host: ${perHost})${busy}`
}

const ratioLine = (label: string, ratio: number, target?: number) =>
  `  ${label}: ${ratio.toFixed(2)}x${target === undefined ? '' : `; target at most ${target}x: ${ratio <= target ? 'met' : 'NOT MET'}`}`

function report(run: Run): string[] {
  const sharded = run.hosts.length > 1
  const lines = [
    `${sharded ? `${run.hosts.length} storage host names (STORAGE_URLS)` : 'One storage host (PUBLIC_URL only)'}: ${run.hosts.join(', ')}`,
    row('upload screen: Start Upload to Success (hash, plan, parts, complete)', run.upload),
    row(`hashing in Node, then curl -T, ${CURL_PARALLEL} in parallel, then complete`, run.curlUpload),
  ]
  if (run.browserBound)
    lines.push(
      row(
        `hashing, then curl -T, ${BROWSER_CONNECTIONS} in parallel (the browser's bound on one host)`,
        run.browserBound,
      ),
    )
  lines.push(
    ratioLine(
      `upload screen / hashing + curl ${CURL_PARALLEL} in parallel`,
      run.upload.ms / run.curlUpload.ms,
      sharded ? UPLOAD_TARGET : undefined,
    ),
  )
  if (run.browserBound)
    lines.push(
      ratioLine(
        `upload screen / hashing + curl ${BROWSER_CONNECTIONS} in parallel (today's bound)`,
        run.upload.ms / run.browserBound.ms,
      ),
    )
  lines.push(
    row('download screen: Download All to Success (ranges, hash check, place)', run.download),
    row(`curl, ${CURL_RANGES} byte ranges of the signed URL in parallel, to files`, run.curlRanges),
  )
  if (run.curlOne)
    lines.push(
      row('curl, one GET of the signed URL to a file (one connection per file, as before)', run.curlOne),
    )
  lines.push(
    ratioLine(
      `download screen / curl ${CURL_RANGES} ranges`,
      run.download.ms / run.curlRanges.ms,
      sharded ? DOWNLOAD_TARGET : undefined,
    ),
  )
  if (run.curlOne)
    lines.push(ratioLine('download screen / one GET (before: about 1.0x)', run.download.ms / run.curlOne.ms))
  return lines
}

async function measure(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-console-bench-link-'))
  const proxy = await startLinkProxy({ latencyMs: LATENCY_MS, bytesPerSecond: BYTES_PER_SECOND })
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
  try {
    const file = path.join(dir, FILE_NAME)
    writeRandomFile(file, FILE_SIZE)
    const { value: digests, ms: hashMs } = await timed(async () => partDigests(file, FILE_SIZE))
    const hashing = { digests, ms: hashMs }
    const [sourceDigest] = (await sha256sum([file])).digests
    const port = new URL(proxy.url).port
    const names = Array.from({ length: HOST_NAMES }, (_, index) => `http://s${index + 1}.localhost:${port}`)
    const sharded = await measureWith(browser, proxy, dir, file, hashing, names)
    const single = await measureWith(browser, proxy, dir, file, hashing, [])
    const copies = (await sha256sum([sharded.download.copy, single.download.copy])).digests
    if (copies.some((digest) => digest !== sourceDigest))
      throw new Error('a downloaded copy differs from the file')
    console.log(
      [
        '',
        `Transfers of ${FILE_SIZE / MiB} MiB (${planParts(FILE_SIZE).length} parts) over a link of ${LATENCY_MS} ms per request and ${BYTES_PER_SECOND / 1e6} MB/s per connection, ${os.availableParallelism()} cores`,
        `  hashing the parts in Node (one thread; part of both curl upload rows): ${figure(mbPerSecond(FILE_SIZE, hashMs))} MB/s, ${figure(hashMs / 1000, 2)} s`,
        ...report(sharded),
        ...report(single),
        "SHA-256 of both screens' downloaded copies: equal to the file's",
        '',
      ].join('\n'),
    )
  } finally {
    await browser.close().catch(() => undefined)
    await proxy.close()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

describe.skipIf(missing)('transfers over a realistic link', () => {
  bench(
    `upload and download screens beside curl through a ${LATENCY_MS} ms, ${BYTES_PER_SECOND / 1e6} MB/s link, 4 host names and 1`,
    measure,
    {
      time: 0,
      iterations: 1,
      warmupTime: 0,
      warmupIterations: 0,
      throws: true,
    },
  )
})
