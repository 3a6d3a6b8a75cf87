// Lighthouse against the system's Chromium: Playwright starts it (the suite's flags, a persistent profile so
// that the pages Lighthouse opens share its storage) with a remote debugging port, and Lighthouse connects to
// that port. Each audit starts cold, as a first visit from a phone: the HTTP cache, the service worker and
// its caches are cleared first. Lighthouse's own storage reset is off, because it would also clear
// localStorage, where the signed-in pages' session is set (Layout.useSession, as the e2e suite sets it).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium, type BrowserContext } from '@playwright/test'
import lighthouse from 'lighthouse'
import { Layout } from '../../../e2e/pages/Layout.ts'
import { freePort } from '../../../e2e/support/server.ts'
import { CHROMIUM_ARGS, chromiumPath } from '../../../scripts/chromium.mjs'

export interface Audit {
  /** Lighthouse's mobile Performance score, 0 to 100. */
  performance: number
  lcpMs: number
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
  /** A cold load of url in a page of the profile, to the network going idle. */
  wireBytes(url: string): Promise<WireBytes>
  /** Signs the profile in: the session key is in localStorage for every page opened afterwards. */
  useSession(baseUrl: string, sessionKey: string): Promise<void>
  close(): Promise<void>
}

interface NetworkRequest {
  resourceType?: string
  transferSize?: number
}

export async function startAuditBrowser(): Promise<AuditBrowser> {
  const port = await freePort()
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'media-console-lighthouse-'))
  const context: BrowserContext = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  })

  async function clearCaches(origin: string) {
    const page = context.pages()[0] ?? (await context.newPage())
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.clearBrowserCache')
    await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'service_workers,cache_storage' })
    await cdp.detach()
  }

  return {
    async audit(url) {
      await clearCaches(new URL(url).origin)
      const result = await lighthouse(url, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        disableStorageReset: true,
      })
      if (!result) throw new Error(`Lighthouse gave no result for ${url}`)
      const { lhr } = result
      // The whole report, for the request-by-request and audit-by-audit detail the summary leaves out.
      const reports = process.env.BENCH_LIGHTHOUSE_REPORTS
      if (reports) {
        fs.mkdirSync(reports, { recursive: true })
        const name = `${new URL(url).pathname.replace(/[^\w]+/g, '_')}-${Date.now()}.json`
        fs.writeFileSync(path.join(reports, name), JSON.stringify(lhr))
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
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
        totalBytes: bytesOf(requests),
        scriptBytes: bytesOf(requests.filter((request) => request.resourceType === 'Script')),
        findings,
      }
    },
    async wireBytes(url) {
      await clearCaches(new URL(url).origin)
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
