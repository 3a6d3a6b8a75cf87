// An upload over a realistic link (issue 14): the product behind a loopback proxy that adds 40 ms to every
// request and caps each connection at 25 MB/s, as a storage endpoint tens of milliseconds away does. The
// browser loads the console through the proxy, and the server signs its part URLs for the proxy's address
// (PUBLIC_URL), so every request of the screen crosses the link. A 1 GiB file (BENCH_LINK_MIB to change it)
// is uploaded through the upload screen, Start Upload to Success; beside it, the same parts go to the signed
// part URLs of a fresh upload with 10 parallel `curl -T` through the same proxy, then are completed. The
// figures: both times, their ratio (target: at most 1.25x), and the most requests the proxy saw in flight.
//
// A second reference sends the same parts with 6 parallel curl: Chromium opens at most 6 HTTP/1.1
// connections to one host, and the link caps each connection, so 6 connections are the most the browser can
// use whatever the console asks for. The screen's ratio to it says how close the console comes to the
// browser's bound; the ratio to 10 curl, how close it comes to the spec's 10 parts in parallel. Every run
// starts after a `sync`, so the disk writes the one before left pending (the local store writes every part
// it receives) do not slow it; the time each sync took is printed, and says whether they would have.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium } from '@playwright/test'
import { bench, describe } from 'vitest'
import { Layout } from '../../e2e/pages/Layout.ts'
import { UploadPage } from '../../e2e/pages/UploadPage.ts'
import { startServer, useServerForSeeding } from '../../e2e/support/server.ts'
import { CHROMIUM_ARGS, chromiumPath } from '../../scripts/chromium.mjs'
import { planParts } from '../../src/transfers/limits.ts'
import { GRANT, containers, type Container } from './support/containers.ts'
import { curlPartsConfig, partDigests, planFreshUpload, runCurl, timed } from './support/curlUpload.ts'
import { flushDisk } from './support/diskWrites.ts'
import { startLinkProxy, type LinkProxy } from './support/linkProxy.ts'
import { MiB, figure, mbPerSecond, missingChromium, writeRandomFile } from './support/product.ts'

const FILE_SIZE = Number(process.env.BENCH_LINK_MIB ?? 1024) * MiB
const LATENCY_MS = 40
const BYTES_PER_SECOND = 25_000_000
const CURL_PARALLEL = 10
/** Chromium's cap on HTTP/1.1 connections to one host. */
const BROWSER_CONNECTIONS = 6
const TARGET_RATIO = 1.25
const SCREEN_TIMEOUT_MS = 15 * 60_000

const missing = missingChromium()
if (missing) console.log(`link bench: ${missing}; skipped.`)

interface CurlRun {
  /** The parts and the complete call, in milliseconds. */
  ms: number
  peakInFlight: number
  requests: number
  /** How long the sync before it took, in milliseconds. */
  flushMs: number
}

/** The parts of the file sent to a fresh upload of the container with `parallel` curl, then completed. */
async function curlReference(
  proxy: LinkProxy,
  container: Container,
  dir: string,
  file: string,
  digests: readonly string[],
  parallel: number,
): Promise<CurlRun> {
  const target = await planFreshUpload(container, FILE_SIZE, digests)
  const { configFile, removeParts } = await curlPartsConfig(dir, file, FILE_SIZE, target.urls)
  try {
    const flushMs = await flushDisk()
    proxy.reset()
    const curlMs = await runCurl(configFile, digests.length, [
      '--parallel',
      '--parallel-max',
      String(parallel),
    ])
    const { peakInFlight, requests } = proxy.stats()
    const complete = await timed(target.complete)
    return { ms: curlMs + complete.ms, peakInFlight, requests, flushMs }
  } finally {
    removeParts()
  }
}

async function measure(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-console-bench-link-'))
  const proxy = await startLinkProxy({ latencyMs: LATENCY_MS, bytesPerSecond: BYTES_PER_SECOND })
  const server = await startServer({ logName: 'bench-link-server.log', env: { PUBLIC_URL: proxy.url } })
  proxy.setTarget(Number(new URL(server.baseUrl).port))
  const restoreSeeding = useServerForSeeding(server)
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
  try {
    const file = path.join(dir, 'upload.bin')
    writeRandomFile(file, FILE_SIZE)
    const plan = planParts(FILE_SIZE)
    // A user and organization per run, so that each curl upload of the same content is a fresh one.
    const [forConsole, forCurl, forBrowserBound] = await containers([
      'Link console',
      'Link curl',
      'Link curl 6',
    ])
    if (!forConsole || !forCurl || !forBrowserBound) throw new Error('no containers')

    const page = await browser.newPage({ baseURL: proxy.url })
    const uploadPage = new UploadPage(page)
    await new Layout(page).useSession(forConsole.sessionKey)
    await uploadPage.useFileInputs()
    await uploadPage.goto(GRANT, '/')
    await uploadPage.pickFiles(file)
    await uploadPage.selection.getByRole('row', { name: /upload\.bin/ }).waitFor()
    const screenFlushMs = await flushDisk()
    proxy.reset()
    const screen = await timed(async () => {
      await uploadPage.startUpload.click()
      await uploadPage.summary.filter({ hasText: /^Success$/ }).waitFor({ timeout: SCREEN_TIMEOUT_MS })
    })
    const screenStats = proxy.stats()
    await page.close()

    const digests = partDigests(file, FILE_SIZE)
    const curl = await curlReference(proxy, forCurl, dir, file, digests, CURL_PARALLEL)
    const browserBound = await curlReference(proxy, forBrowserBound, dir, file, digests, BROWSER_CONNECTIONS)

    const ratio = screen.ms / curl.ms
    const boundRatio = screen.ms / browserBound.ms
    const row = (label: string, ms: number) =>
      `${label.padEnd(84)} ${figure(mbPerSecond(FILE_SIZE, ms)).padStart(6)} MB/s ${figure(ms / 1000, 2).padStart(7)} s`
    const seconds = (ms: number) => `${figure(ms / 1000, 2)} s`
    console.log(
      [
        '',
        `Upload of ${FILE_SIZE / MiB} MiB (${plan.length} parts) over a link of ${LATENCY_MS} ms per request and ${BYTES_PER_SECOND / 1e6} MB/s per connection, ${os.availableParallelism()} cores`,
        row('upload screen: Start Upload to Success (hash, plan, parts, complete)', screen.ms),
        row(`curl -T, ${CURL_PARALLEL} in parallel (the spec's parts in parallel), then complete`, curl.ms),
        row(
          `curl -T, ${BROWSER_CONNECTIONS} in parallel (the browser's cap on connections per host), then complete`,
          browserBound.ms,
        ),
        `upload screen / curl ${CURL_PARALLEL} in parallel (time): ${ratio.toFixed(2)}x; target at most ${TARGET_RATIO}x: ${ratio <= TARGET_RATIO ? 'met' : 'NOT MET'}`,
        `upload screen / curl ${BROWSER_CONNECTIONS} in parallel, the browser's bound (time): ${boundRatio.toFixed(2)}x`,
        `Peak requests in flight at the proxy: upload screen ${screenStats.peakInFlight} (${screenStats.requests} requests), curl ${CURL_PARALLEL} in parallel ${curl.peakInFlight} (${curl.requests} requests), curl ${BROWSER_CONNECTIONS} in parallel ${browserBound.peakInFlight} (${browserBound.requests} requests)`,
        `Runs in this order, each after a sync; the syncs took: before the screen ${seconds(screenFlushMs)}, before curl ${CURL_PARALLEL} ${seconds(curl.flushMs)}, before curl ${BROWSER_CONNECTIONS} ${seconds(browserBound.flushMs)}`,
        '',
      ].join('\n'),
    )
  } finally {
    await browser.close().catch(() => undefined)
    restoreSeeding()
    await server.close()
    await proxy.close()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

describe.skipIf(missing)('upload over a realistic link', () => {
  bench('upload screen beside 10 parallel curl -T through a 40 ms, 25 MB/s link', measure, {
    time: 0,
    iterations: 1,
    warmupTime: 0,
    warmupIterations: 0,
    throws: true,
  })
})
