// The console on a phone (issue 15): Lighthouse's mobile audit (a mid-range phone on a slow 4G link,
// simulated) of /login, /home, a listing, a file's detail and an admin list (the users), each loaded cold,
// beside the goals: Performance at least 95, Largest Contentful Paint at most 2.0 s, Accessibility 100. With them, the bytes /login moves over the wire: the encoded bodies
// of its JavaScript (goal: at most 150 KB) and of all its requests, as Chromium received them, and
// Lighthouse's count, which adds every answer's headers. Each page is audited BENCH_LIGHTHOUSE_RUNS times
// (3 by default) and its median run by score is shown, since one run on a shared machine can be unlucky;
// what Lighthouse says holds each page back follows, to say where to look when a goal is missed. Each load is
// also scored with the CPU slowdown Lighthouse's throttling guide gives for this host (support/lighthouse.ts):
// the goals are judged on the standard settings, and the calibrated line says how much of a miss is the host.
// BENCH_LIGHTHOUSE_REPORTS=<dir> keeps every run's full report (JSON) there, with the simulated load its LCP
// comes from, request by request (-lcp.txt).
import { bench, describe } from 'vitest'
import { putFile, type GrantAccess } from '../../e2e/support/api.ts'
import { startServer, useServerForSeeding } from '../../e2e/support/server.ts'
import { GRANT, containers } from './support/containers.ts'
import { startAuditBrowser, type Audit } from './support/lighthouse.ts'
import { figure, missingChromium } from './support/product.ts'

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3)
const GOAL_PERFORMANCE = 95
const GOAL_LCP_MS = 2000
const GOAL_ACCESSIBILITY = 100
const GOAL_LOGIN_SCRIPT_BYTES = 150 * 1000
/** Files in the listing's folder: a screenful and more, as a real container has. */
const LISTING_FILES = 40

const missing = missingChromium()
if (missing) console.log(`lighthouse bench: ${missing}; skipped.`)

const kb = (bytes: number) => `${figure(bytes / 1000, 1)} KB`
const mark = (met: boolean) => (met ? 'met' : 'MISSED')

function median<T>(runs: T[], by: (run: T) => number): T {
  const sorted = [...runs].sort((a, b) => by(a) - by(b))
  return sorted[Math.floor(sorted.length / 2)] as T
}

async function measure() {
  const server = await startServer({ logName: 'bench-lighthouse-server.log' })
  const restoreSeeding = useServerForSeeding(server)
  const browser = await startAuditBrowser()
  try {
    const [container] = await containers(['Lighthouse'])
    if (!container) throw new Error('no container to list')
    const access: GrantAccess = {
      sessionKey: container.sessionKey,
      orgId: container.params.org_id,
      grantId: container.params.media_grant_id,
    }
    for (let i = 0; i < LISTING_FILES; i++) {
      await putFile(access, `/clip-${String(i).padStart(2, '0')}.txt`, `clip ${i}\n`.repeat(i + 1))
    }

    const pages: { name: string; path: string; signedIn: boolean }[] = [
      { name: '/login', path: '/login', signedIn: false },
      { name: '/home', path: '/home', signedIn: true },
      { name: 'a listing', path: `/home/${encodeURIComponent(GRANT)}/`, signedIn: true },
      // One of the listing's files: its Properties tab, the first screen a tap on a row opens.
      { name: 'a file', path: `/home/${encodeURIComponent(GRANT)}/clip-00.txt`, signedIn: true },
      // An admin list: the organization's users (the container's owner is its admin).
      { name: 'users', path: '/admin/user', signedIn: true },
    ]
    const results: { name: string; audit: Audit; runs: Audit[] }[] = []
    for (const page of pages) {
      // Signed out first: the session, once set, stays in the profile.
      if (page.signedIn) await browser.useSession(server.baseUrl, container.sessionKey)
      const runs: Audit[] = []
      for (let run = 0; run < RUNS; run++) runs.push(await browser.audit(`${server.baseUrl}${page.path}`))
      results.push({ name: page.name, audit: median(runs, (run) => run.performance), runs })
    }
    // Last: a page loaded just before an audit would leave its scripts in memory for that audit.
    const wire = await browser.wireBytes(`${server.baseUrl}/login`)

    const login = results[0]?.audit as Audit
    console.log(`\nLighthouse mobile, median of ${RUNS} cold loads per page:`)
    console.log(
      `  /login over the wire: ${kb(wire.scriptBytes)} of JavaScript ` +
        `(goal ≤ ${kb(GOAL_LOGIN_SCRIPT_BYTES)}: ${mark(wire.scriptBytes <= GOAL_LOGIN_SCRIPT_BYTES)}), ` +
        `${kb(wire.totalBytes)} in all; with headers, by Lighthouse: ${kb(login.scriptBytes)} and ${kb(login.totalBytes)}`,
    )
    for (const { name, audit, runs } of results) {
      console.log(
        `  ${name.padEnd(10)} Performance ${String(audit.performance).padStart(3)} ` +
          `(goal ≥ ${GOAL_PERFORMANCE}: ${mark(audit.performance >= GOAL_PERFORMANCE)}; ` +
          `runs ${runs.map((run) => run.performance).join(', ')})  ` +
          `LCP ${figure(audit.lcpMs / 1000, 2)} s (goal ≤ ${figure(GOAL_LCP_MS / 1000, 1)} s: ` +
          `${mark(audit.lcpMs <= GOAL_LCP_MS)})  ` +
          `Accessibility ${audit.accessibility} (goal ${GOAL_ACCESSIBILITY}: ` +
          `${mark(audit.accessibility >= GOAL_ACCESSIBILITY)})`,
      )
      const calibrated = median(runs, (run) => run.calibrated.performance)
      console.log(
        `             calibrated for this host: Performance ${calibrated.calibrated.performance} ` +
          `(runs ${runs.map((run) => run.calibrated.performance).join(', ')})  ` +
          `LCP ${figure(calibrated.calibrated.lcpMs / 1000, 2)} s; CPU slowdown ` +
          `${runs.map((run) => `${figure(run.calibrated.cpuSlowdown, 1)}× (index ${Math.round(run.benchmarkIndex)})`).join(', ')}`,
      )
      if (audit.findings.length)
        console.log(`             held back by: ${audit.findings.slice(0, 6).join('; ')}`)
    }
  } finally {
    await browser.close()
    restoreSeeding()
    await server.close()
  }
}

describe.skipIf(missing)('the console on a phone', () => {
  bench('Lighthouse mobile audit of /login, /home, a listing, a file and the users', measure, {
    time: 0,
    iterations: 1,
    warmupTime: 0,
    warmupIterations: 0,
    throws: true,
  })
})
