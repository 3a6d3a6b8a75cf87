// Lighthouse against the system's Chromium: Playwright starts it (the suite's flags, a persistent profile so
// that the pages Lighthouse opens share its storage) with a remote debugging port, and Lighthouse connects to
// that port. Each audit starts cold, as a first visit from a phone: the HTTP cache, the service worker and
// its caches are cleared first. Lighthouse's own storage reset is off, because it would also clear
// localStorage, where the signed-in pages' session is set (Layout.useSession, as the e2e suite sets it).
//
// Each load is audited twice from the same trace: with Lighthouse's mobile settings as they are (a CPU
// slowdown of 4, which Lighthouse calibrates for a fast desktop host), and with the slowdown Lighthouse's own
// throttling guide gives for this host's measured benchmark index (docs/throttling.md in the Lighthouse
// repository, 'CPU throttling', and its calculator), so that a slow host is not taken for a slow app. The
// trace and the network are the same in both; only the simulated phone's CPU differs.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium, type BrowserContext } from '@playwright/test'
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js'
import lighthouse from 'lighthouse'
import { Layout } from '../../../e2e/pages/Layout.ts'
import { freePort } from '../../../e2e/support/server.ts'
import { CHROMIUM_ARGS, chromiumPath } from '../../../scripts/chromium.mjs'

export interface Scores {
  /** Lighthouse's mobile Performance score, 0 to 100. */
  performance: number
  lcpMs: number
}

export interface Audit extends Scores {
  /** Lighthouse's Accessibility score, 0 to 100 (its axe run on the loaded page). */
  accessibility: number
  /** The same load with the CPU slowdown calibrated for this host (see above). */
  calibrated: Scores & { cpuSlowdown: number }
  /** Lighthouse's benchmark index of this host, measured at the start of the load. */
  benchmarkIndex: number
  /** Bytes on the wire (encoded bodies and headers) of every request of the load, and of its scripts. */
  totalBytes: number
  scriptBytes: number
  /** What Lighthouse says costs the most, worst first: its opportunities and failed diagnostics. */
  findings: string[]
}

export interface WireBytes {
  /** Encoded (compressed) bodies of the page's own requests, as the browser received them. */
  scriptBytes: number
  totalBytes: number
}

export interface AuditBrowser {
  audit(url: string): Promise<Audit>
  /**
   * A cold first visit of url (caches, service worker and localStorage cleared) in a page of the profile, to
   * the network going idle. Run it after the audits: a page the renderer has just shown leaves its scripts in
   * the renderer's memory cache, which the HTTP cache's clearing does not empty, and the next audit of the same
   * page would count them as never sent.
   */
  wireBytes(url: string): Promise<WireBytes>
  /** Signs the profile in: the session key is in localStorage for every page opened afterwards. */
  useSession(baseUrl: string, sessionKey: string): Promise<void>
  close(): Promise<void>
}

interface NetworkRequest {
  resourceType?: string
  transferSize?: number
}

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']

function scoresOf(lhr: Result): Scores {
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
  }
}

/**
 * The CPU slowdown that makes this host stand for Lighthouse's reference phone, by the calculator that
 * Lighthouse's throttling guide links to: 4 at a benchmark index of 1533 (the fast desktop the default
 * assumes), 3 at 1300, 2 at 800, 1 at 150, in straight lines between.
 */
export function calibratedCpuSlowdown(benchmarkIndex: number): number {
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500
  return Math.max(1, 1 + (benchmarkIndex - 150) / 650)
}

/** What the simulation's nodes tell: a request (its URL and bytes) or a task of the page's main thread. */
interface SimulatedNode {
  type: 'network' | 'cpu'
  request?: { url: string; transferSize: number }
  duration?: number
  didPerformLayout?: () => boolean
}

/**
 * The simulated page loads Lighthouse's LCP was computed from (an optimistic and a pessimistic one, averaged),
 * node by node: when each request and main-thread task starts and ends on the simulated phone. This is
 * what shows which requests share the link with the main chunk; the report itself gives only the result.
 * Lighthouse keeps the last run of each simulation there (as its own LANTERN_DEBUG traces read it).
 */
function lcpSimulation(): string {
  const lines: string[] = []
  for (const [label, timings] of Lantern.Simulation.Simulator.allNodeTimings) {
    if (!label.endsWith('LargestContentfulPaint')) continue
    lines.push(`${label} (start, end in ms)`)
    const rows = [...(timings as Map<SimulatedNode, { startTime: number; endTime: number }>)].sort(
      ([, a], [, b]) => a.startTime - b.startTime,
    )
    for (const [node, { startTime, endTime }] of rows) {
      const what =
        node.type === 'network' && node.request
          ? `${node.request.url.replace(/^https?:\/\/[^/]+/, '')} (${node.request.transferSize} bytes)`
          : `main thread, ${Math.round((node.duration ?? 0) / 1000)} ms observed${node.didPerformLayout?.() ? ', layout' : ''}`
      lines.push(
        `${String(Math.round(startTime)).padStart(6)} ${String(Math.round(endTime)).padStart(6)}  ${what}`,
      )
    }
  }
  return lines.join('\n')
}

export async function startAuditBrowser(): Promise<AuditBrowser> {
  const port = await freePort()
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'media-console-lighthouse-'))
  const context: BrowserContext = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  })

  async function clearCaches(origin: string, storageTypes = 'service_workers,cache_storage') {
    const page = context.pages()[0] ?? (await context.newPage())
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.clearBrowserCache')
    await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes })
    await cdp.detach()
  }

  return {
    async audit(url) {
      await clearCaches(new URL(url).origin)
      const artifacts = fs.mkdtempSync(path.join(os.tmpdir(), 'media-console-lighthouse-artifacts-'))
      const flags = {
        port,
        output: 'json' as const,
        logLevel: 'error' as const,
        onlyCategories: ['performance', 'accessibility'],
        disableStorageReset: true,
      }
      // Gathered once (and saved), audited with the standard settings, then again from the saved artifacts.
      const result = await lighthouse(url, { ...flags, gatherMode: artifacts, auditMode: artifacts })
      if (!result) throw new Error(`Lighthouse gave no result for ${url}`)
      const { lhr } = result
      const simulation = lcpSimulation()
      const benchmarkIndex = lhr.environment.benchmarkIndex
      const cpuSlowdown = calibratedCpuSlowdown(benchmarkIndex)
      const throttling = { ...lhr.configSettings.throttling, cpuSlowdownMultiplier: cpuSlowdown }
      // Lighthouse refuses to audit saved artifacts under settings other than those they were gathered with.
      // Under simulated throttling the gathering does not depend on the slowdown (the page ran at the host's
      // speed), so the saved settings are given the calibrated one to match.
      const saved = path.join(artifacts, 'artifacts.json')
      const gathered = JSON.parse(fs.readFileSync(saved, 'utf8')) as { settings: { throttling: unknown } }
      gathered.settings.throttling = throttling
      fs.writeFileSync(saved, JSON.stringify(gathered))
      const again = await lighthouse(undefined, { ...flags, auditMode: artifacts, throttling })
      fs.rmSync(artifacts, { recursive: true, force: true })
      if (!again) throw new Error(`Lighthouse gave no calibrated result for ${url}`)
      // The whole report, for the request-by-request and audit-by-audit detail the summary leaves out.
      const reports = process.env.BENCH_LIGHTHOUSE_REPORTS
      if (reports) {
        fs.mkdirSync(reports, { recursive: true })
        const name = `${new URL(url).pathname.replace(/[^\w]+/g, '_')}-${Date.now()}.json`
        fs.writeFileSync(path.join(reports, name), JSON.stringify(lhr))
        fs.writeFileSync(path.join(reports, name.replace(/\.json$/, '-lcp.txt')), `${simulation}\n`)
      }
      if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`)
      const requests = ((lhr.audits['network-requests']?.details as { items?: NetworkRequest[] }).items ??
        []) as NetworkRequest[]
      const bytesOf = (items: NetworkRequest[]) =>
        items.reduce((sum, item) => sum + (item.transferSize ?? 0), 0)
      const findings = Object.values(lhr.audits)
        .filter(
          (audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative',
        )
        .sort((a, b) => (a.score ?? 1) - (b.score ?? 1))
        .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`)
      return {
        ...scoresOf(lhr),
        accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
        calibrated: { ...scoresOf(again.lhr), cpuSlowdown },
        benchmarkIndex,
        totalBytes: bytesOf(requests),
        scriptBytes: bytesOf(requests.filter((request) => request.resourceType === 'Script')),
        findings,
      }
    },
    async wireBytes(url) {
      // A first visit, signed out: the session the audits used is cleared with the caches.
      await clearCaches(new URL(url).origin, 'service_workers,cache_storage,local_storage')
      const page = await context.newPage()
      const sizes: Promise<{ script: boolean; bytes: number }>[] = []
      page.on('requestfinished', (request) => {
        const script = request.resourceType() === 'script'
        sizes.push(request.sizes().then((size) => ({ script, bytes: size.responseBodySize })))
      })
      await page.goto(url, { waitUntil: 'networkidle' })
      await page.close()
      const done = await Promise.all(sizes)
      const sum = (items: typeof done) => items.reduce((total, item) => total + item.bytes, 0)
      return { scriptBytes: sum(done.filter((item) => item.script)), totalBytes: sum(done) }
    },
    async useSession(baseUrl, sessionKey) {
      const page = await context.newPage()
      await new Layout(page).useSession(sessionKey)
      await page.goto(`${baseUrl}/login`)
      await page.close()
    },
    async close() {
      await context.close().catch(() => undefined)
      fs.rmSync(profile, { recursive: true, force: true })
    },
  }
}
