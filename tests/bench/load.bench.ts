// Throughput and latency under load, each beside a bare Fastify route (Fastify's defaults, one small JSON
// answer) measured in the same run on the same machine: GET /api/1/user/current with a real session key,
// the listing of a 1,000-entry folder of a 100,000-file volume, and the listing of that volume's root (100
// folders, each with its count of active files). The product's server runs as in production: bundled as
// `npm run build` bundles it, in a process of its own, on PostgreSQL, logging at info (to /dev/null), over
// real HTTP; the reference runs the same way; autocannon keeps 32 connections busy from this process. The
// targets are measured in rounds, each between two runs of the reference, and the medians printed. The
// 1,000-entry listing under load is the listing the server keeps until the folder changes; its cost when read
// anew (the first request after a change) is printed beside, one request at a time. Runs on PostgreSQL
// only, in the database tests/bench/globalSetup.ts makes; without PostgreSQL it says so.
//
// Then the same user/current and 1,000-entry listing against more processes, measured in the same rounds
// beside the one process: two processes as `npm run serve -- --processes 2` runs them (node's cluster, one
// port), and two processes behind nginx configured by the deployment guide's own file
// (deploy/nginx/media-console-locations.conf; skipped, with why, where nginx cannot be had). Every process of
// the run shares one SERVER_KEY, as a deployment's must. Beside each figure, how busy the machine's cores
// were and how much of them the load generator took: where the figures stop growing, that says whether the
// cores ran out (the processes, PostgreSQL and autocannon share them) or something else did.
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import pg from 'pg'
import { bench, describe, inject } from 'vitest'
import type { DirListResponse } from '../../server/contract/media.ts'
import type { CurrentUserResponse } from '../../server/contract/user.ts'
import type { MediaGrantListResponse } from '../../server/contract/volume.ts'
import { readyOrg } from '../server/helpers/accounts.ts'
import { call } from '../server/helpers/http.ts'
import { startMailbox, type Mailbox } from '../server/helpers/mailbox.ts'
import {
  LISTED_DIR,
  LISTED_FILES,
  LISTED_SUBDIRS,
  TOP_FOLDERS,
  VOLUME_FILES,
  seedLargeVolume,
} from './support/largeVolume.ts'
import { measureLoad, type LoadFigures, type LoadOptions } from './support/load.ts'
import { makePictures, pendingThumbnails, uploadPictures } from './support/thumbnailWork.ts'
import { ensureNginx, startNginx } from './support/nginx.ts'
import {
  startBareFastify,
  startProductCluster,
  startProductServer,
  type ServerProcess,
} from './support/serverProcess.ts'

const LOAD: LoadOptions = { connections: 32, seconds: 4, warmupSeconds: 1 }
const ROUNDS = 3
/** One key for every process of the run: each seals and opens what the others do. */
const SERVER_KEY = crypto.randomBytes(32).toString('hex')

// What the product must reach, as shares of the bare route's requests per second and in milliseconds.
const GOALS = {
  currentUserShare: 0.1,
  // Three times the 0.25 % the listing reached before folder counts were kept.
  listingShare: 0.0075,
  listingP99Ms: 100,
  rootP95Ms: 50,
}

const databaseUrl = inject('benchDatabaseUrl')
if (!databaseUrl) {
  console.log('load bench: PostgreSQL is absent (no TEST_DATABASE_URL, none at 127.0.0.1:5432); skipped.')
}

const query = (params: Record<string, string>) => new URLSearchParams(params).toString()

/** The targets of the run, each checked once before it is measured: a wrong answer is no benchmark. */
async function prepare(url: string, mailbox: Mailbox, client: pg.Client) {
  const org = await readyOrg({ url, mailbox }, 'Load')
  const grants = await call<MediaGrantListResponse>(url, 'GET', `/web/1/org/${org.orgId}/media_grant`, {
    key: org.key,
  })
  const grantId = grants.body.media_grant_list[0]?.media_grant_id
  if (grantId === undefined) throw new Error('the volume came without a container')
  await seedLargeVolume(client, org.orgId, org.volumeId)
  const base = `${url}/web/1/org/${org.orgId}/media_grant/${grantId}`
  const targets = {
    currentUser: `${url}/api/1/user/current?${query({ session_key: org.key })}`,
    listing: `${base}/dir?${query({ prefix_path: LISTED_DIR, session_key: org.key })}`,
    root: `${base}/dir?${query({ prefix_path: '/', session_key: org.key })}`,
  }
  const user = (await (await fetch(targets.currentUser)).json()) as CurrentUserResponse
  if (user.org_list.length !== 1) throw new Error(`user/current answered ${JSON.stringify(user)}`)
  const listing = (await (await fetch(targets.listing)).json()) as DirListResponse
  if (listing.media_list.length !== LISTED_FILES || listing.dir_list.length !== LISTED_SUBDIRS) {
    throw new Error(
      `the listing holds ${listing.media_list.length} files, ${listing.dir_list.length} folders`,
    )
  }
  const root = (await (await fetch(targets.root)).json()) as DirListResponse
  const counted = root.dir_list.reduce((sum, dir) => sum + dir.file_count, 0)
  // One file in ten of the bulk is deleted; the 1,000 files of the listed folder are all active.
  const bulk = VOLUME_FILES - LISTED_FILES - LISTED_SUBDIRS
  const active = bulk - Math.floor(bulk / 10) + LISTED_FILES + LISTED_SUBDIRS
  if (root.dir_list.length !== TOP_FOLDERS || counted !== active) {
    throw new Error(`the root lists ${root.dir_list.length} folders counting ${counted} files, not ${active}`)
  }
  return { ...targets, volumeId: org.volumeId, picturesTo: { url, key: org.key, orgId: org.orgId, grantId } }
}

const COLD_REQUESTS = 40
/** Pictures uploaded just before the round measured while the thumbnail worker is busy. */
const THUMBNAIL_PICTURES = 48

interface WhileMaking {
  figures: LoadFigures[]
  /** Pictures still waiting for their thumbnails as the round began and as it ended. */
  pendingBefore: number
  pendingAfter: number
}

/**
 * user/current and the 1,000-entry listing once more, right after pictures were uploaded: the server's own
 * worker makes their thumbnails (THUMBNAIL_JOBS at once) while the load runs. The pending counts show the
 * worker was busy for the whole round.
 */
async function measureWhileMakingThumbnails(
  client: pg.Client,
  targets: Awaited<ReturnType<typeof prepare>>,
  pictures: readonly Buffer[],
): Promise<WhileMaking> {
  await uploadPictures(targets.picturesTo, pictures)
  const pendingBefore = await pendingThumbnails(client, targets.picturesTo.orgId)
  const figures = [
    await measureLoad('GET /api/1/user/current, thumbnails being made', targets.currentUser, LOAD),
    await measureLoad(`GET .../dir ${LISTED_DIR}, thumbnails being made`, targets.listing, LOAD),
  ]
  const pendingAfter = await pendingThumbnails(client, targets.picturesTo.orgId)
  return { figures, pendingBefore, pendingAfter }
}

/**
 * The 1,000-entry listing as the first request after a change reads it: before each request the folder's
 * listing version is raised, as any change of the folder raises it, so the server reads and serializes the
 * listing anew. One request at a time: this is what one user waits, not a load.
 */
async function measureColdListing(client: pg.Client, volumeId: number, url: string) {
  const latencies: number[] = []
  for (let request = 0; request < COLD_REQUESTS; request++) {
    await client.query(
      `UPDATE media_dir SET listing_version = listing_version + 1 WHERE volume_id = $1 AND dir_path = $2`,
      [volumeId, `/media/${LISTED_DIR}/`],
    )
    const started = performance.now()
    const answer = await fetch(url)
    await answer.arrayBuffer()
    if (!answer.ok) throw new Error(`the listing answered ${answer.status}`)
    latencies.push(performance.now() - started)
  }
  return { p50: median(latencies), p95: percentileOf(latencies, 0.95) }
}

interface Summary extends LoadFigures {
  share: number
}

const percentileOf = (values: readonly number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2
    ? (sorted[middle] ?? NaN)
    : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2
}

/** The medians over the rounds of one target's figures, and of its shares of the bare route's rounds. */
function summarize(runs: readonly LoadFigures[], shares: readonly number[]): Summary {
  const of = (pick: (run: LoadFigures) => number) => median(runs.map(pick))
  return {
    label: runs[0]?.label ?? '',
    requestsPerSecond: of((run) => run.requestsPerSecond),
    requests: of((run) => run.requests),
    p50: of((run) => run.p50),
    p95: of((run) => run.p95),
    p99: of((run) => run.p99),
    share: median(shares),
  }
}

function report(
  bareRuns: readonly LoadFigures[],
  summaries: readonly Summary[],
  cold: { p50: number; p95: number },
  whileMaking: WhileMaking,
): void {
  const ms = (value: number) => value.toFixed(2).padStart(8)
  const rate = (value: number) => Math.round(value).toLocaleString('en')
  const row = (figures: Summary) =>
    [
      figures.label.padEnd(44),
      rate(figures.requestsPerSecond).padStart(9),
      ms(figures.p50),
      ms(figures.p95),
      ms(figures.p99),
      `${(figures.share * 100).toFixed(2)} %`.padStart(10),
    ].join(' ')
  const [bare, currentUser, listing, root] = summaries
  if (!bare || !currentUser || !listing || !root) throw new Error('a measurement is missing')
  const verdict = (met: boolean) => (met ? 'met' : 'MISSED')
  console.log(
    [
      '',
      `Under load: ${LOAD.connections} connections, ${LOAD.seconds} s each after ${LOAD.warmupSeconds} s of warm-up, ${ROUNDS} rounds, ${os.availableParallelism()} cores; PostgreSQL; the server logs at info to /dev/null`,
      `Medians over the rounds; a share is of the bare route measured just before and after in the same round (bare req/s by round: ${bareRuns.map((run) => rate(run.requestsPerSecond)).join(', ')}).`,
      `${''.padEnd(44)} ${'req/s'.padStart(9)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'of bare'.padStart(10)}`,
      ...summaries.map(row),
      `user/current share >= ${GOALS.currentUserShare * 100} %: ${verdict(currentUser.share >= GOALS.currentUserShare)}`,
      `1,000-entry listing share >= ${GOALS.listingShare * 100} % and p99 < ${GOALS.listingP99Ms} ms: ${verdict(
        listing.share >= GOALS.listingShare && listing.p99 < GOALS.listingP99Ms,
      )}`,
      `root listing p95 < ${GOALS.rootP95Ms} ms: ${verdict(root.p95 < GOALS.rootP95Ms)} (${root.p95.toFixed(2)} ms)`,
      `1,000-entry listing read anew after a change, one request at a time (${COLD_REQUESTS}): p50 ${cold.p50.toFixed(2)} ms, p95 ${cold.p95.toFixed(2)} ms`,
      '',
      `While the thumbnail worker makes ${THUMBNAIL_PICTURES} pictures' thumbnails (pending ${whileMaking.pendingBefore} as the round began, ${whileMaking.pendingAfter} as it ended), one round each:`,
      ...whileMaking.figures.map((figures, index) => {
        const without = [currentUser, listing][index]
        const kept = without ? figures.requestsPerSecond / without.requestsPerSecond : NaN
        return `${figures.label.padEnd(52)} ${rate(figures.requestsPerSecond).padStart(9)} req/s ${ms(figures.p99)} p99 ms: ${(kept * 100).toFixed(0)} % of the rate without`
      }),
      '',
    ].join('\n'),
  )
}

/** How busy the machine's cores were over a span, and how many of them this process (the load generator) used. */
interface CpuUse {
  /** 0 to 1, over all cores. */
  busy: number
  /** Cores' worth of time this process took. */
  generatorCores: number
  /** Cores' worth of time PostgreSQL took. */
  postgresCores: number
}

/** Linux's clock ticks per second, the unit of /proc/<pid>/stat's times. */
const CLOCK_TICKS = 100

/**
 * CPU time so far (milliseconds) of each PostgreSQL backend serving the bench's database, by pid: those of
 * pg_stat_activity, read from Linux's /proc. Other databases' backends (other work on the machine) are left
 * out. Empty where /proc is missing.
 */
async function backendsMs(client: pg.Client): Promise<Map<number, number>> {
  const times = new Map<number, number>()
  const { rows } = await client.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
  )
  for (const { pid } of rows) {
    let stat: string
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    } catch {
      continue // ended since, or no /proc
    }
    // "pid (comm) state ppid ...": utime and stime are the 12th and 13th fields after the name.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    times.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS)
  }
  return times
}

/** The CPU milliseconds the backends used between two readings (a backend that started between, all of its). */
function backendsUsed(before: Map<number, number>, after: Map<number, number>): number {
  let used = 0
  for (const [pid, ms] of after) used += ms - (before.get(pid) ?? 0)
  return used
}

function cpuTimes() {
  let idle = 0
  let total = 0
  for (const cpu of os.cpus()) {
    idle += cpu.times.idle
    total += cpu.times.user + cpu.times.nice + cpu.times.sys + cpu.times.irq + cpu.times.idle
  }
  return { idle, total, own: process.cpuUsage(), at: performance.now() }
}

async function measureWithCpu(client: pg.Client, label: string, url: string): Promise<LoadFigures & CpuUse> {
  // The warm-up is left out of the CPU figures as it is of the load figures: measured twice, kept once.
  await measureLoad(label, url, { ...LOAD, seconds: LOAD.warmupSeconds, warmupSeconds: 0 })
  const backendsBefore = await backendsMs(client)
  const before = cpuTimes()
  const figures = await measureLoad(label, url, { ...LOAD, warmupSeconds: 0 })
  const after = cpuTimes()
  const backendsAfter = await backendsMs(client)
  const own = process.cpuUsage(before.own)
  const elapsedMs = after.at - before.at
  return {
    ...figures,
    busy: 1 - (after.idle - before.idle) / (after.total - before.total),
    generatorCores: (own.user + own.system) / 1000 / elapsedMs,
    postgresCores: backendsUsed(backendsBefore, backendsAfter) / elapsedMs,
  }
}

interface Setup {
  label: string
  origin: string
}

interface ScalingRow {
  setup: string
  figures: Array<LoadFigures & CpuUse>
}

interface Scaling {
  rows: ScalingRow[]
  /** Why a setup was left out (nginx missing), or undefined. */
  leftOut: string | undefined
}

/**
 * user/current and the 1,000-entry listing against one process (the one measured above), two in
 * `npm run serve`'s cluster, and two behind nginx: in each round every target against every setup in turn,
 * so other work on the machine weighs on all alike; the medians over the rounds.
 */
async function measureProcesses(
  client: pg.Client,
  databaseUrl: string,
  smtpUrl: string,
  single: ServerProcess,
  targets: ReadonlyArray<{ label: string; url: string }>,
): Promise<Scaling> {
  const started: Array<{ stop(): Promise<void> }> = []
  try {
    const cluster = await startProductCluster(2, databaseUrl, smtpUrl, { SERVER_KEY })
    started.push(cluster)
    const setups: Setup[] = [
      { label: '1 process', origin: single.url },
      { label: '2 processes: npm run serve (cluster, one port)', origin: cluster.url },
    ]
    const nginx = ensureNginx()
    let leftOut: string | undefined
    if ('nginx' in nginx) {
      const second = await startProductServer(databaseUrl, smtpUrl, { SERVER_KEY })
      started.push(second)
      const balancer = await startNginx(nginx.nginx, [single.url, second.url])
      started.unshift(balancer)
      setups.push({ label: '2 processes behind nginx (deploy/nginx)', origin: balancer.url })
    } else {
      leftOut = `2 processes behind nginx: skipped, ${nginx.missing}`
    }
    const runs = setups.map(() => targets.map(() => [] as Array<LoadFigures & CpuUse>))
    for (let round = 0; round < ROUNDS; round++) {
      for (const [targetIndex, target] of targets.entries()) {
        for (const [setupIndex, setup] of setups.entries()) {
          const url = new URL(target.url)
          const { origin } = new URL(setup.origin)
          runs[setupIndex]?.[targetIndex]?.push(
            await measureWithCpu(client, target.label, `${origin}${url.pathname}${url.search}`),
          )
        }
      }
    }
    const rows = setups.map((setup, setupIndex) => ({
      setup: setup.label,
      figures: targets.map((_, targetIndex) => {
        const targetRuns = runs[setupIndex]?.[targetIndex] ?? []
        const of = (pick: (run: LoadFigures & CpuUse) => number) => median(targetRuns.map(pick))
        return {
          ...summarize(targetRuns, []),
          busy: of((run) => run.busy),
          generatorCores: of((run) => run.generatorCores),
          postgresCores: of((run) => run.postgresCores),
        }
      }),
    }))
    return { rows, leftOut }
  } finally {
    for (const server of started) await server.stop()
  }
}

function reportProcesses(scaling: Scaling, targetLabels: readonly string[]): void {
  const [base] = scaling.rows
  const rate = (value: number) => Math.round(value).toLocaleString('en')
  const cell = (figures: LoadFigures & CpuUse, baseline: LoadFigures | undefined) =>
    [
      `${rate(figures.requestsPerSecond).padStart(7)} req/s`,
      `x${(figures.requestsPerSecond / (baseline?.requestsPerSecond ?? NaN)).toFixed(2)}`,
      `p99 ${figures.p99.toFixed(1).padStart(6)} ms`,
      `cores ${(figures.busy * 100).toFixed(0).padStart(3)} % busy (PostgreSQL ${figures.postgresCores.toFixed(2)} and the load generator ${figures.generatorCores.toFixed(2)} of them)`,
    ].join(', ')
  console.log(
    [
      `More processes, the same ${LOAD.connections} connections, medians of ${ROUNDS} rounds measured side by side; ${os.availableParallelism()} cores shared by the server processes, PostgreSQL and the load generator (autocannon, in this process):`,
      ...targetLabels.flatMap((label, targetIndex) => [
        `  ${label}`,
        ...scaling.rows.map((row) => {
          const figures = row.figures[targetIndex]
          return figures
            ? `    ${row.setup.padEnd(48)} ${cell(figures, base?.figures[targetIndex])}`
            : `    ${row.setup}: no figures`
        }),
      ]),
      ...(scaling.leftOut ? [`  ${scaling.leftOut}`] : []),
      '',
    ].join('\n'),
  )
}

async function measure(url: string): Promise<void> {
  const mailbox = await startMailbox()
  const product = await startProductServer(url, mailbox.url, { SERVER_KEY })
  const bareServer = await startBareFastify()
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const targets = await prepare(product.url, mailbox, client)
    const pictures = await makePictures(THUMBNAIL_PICTURES)
    const measured = [
      { label: 'GET /api/1/user/current', url: targets.currentUser },
      { label: `GET .../dir ${LISTED_DIR} (1,000 entries)`, url: targets.listing },
      { label: `GET .../dir / (${TOP_FOLDERS} folders, 100,000 files)`, url: targets.root },
    ]
    // Rounds of the bare route then each target, and the bare route once more at the end: each target is
    // compared with the reference measured around it, so that other work on the machine during the run
    // weighs on both sides alike, and the medians leave out a round that such work disturbed.
    const bareRuns: LoadFigures[] = []
    const runs: LoadFigures[][] = measured.map(() => [])
    const shares: number[][] = measured.map(() => [])
    const bare = () => measureLoad('bare Fastify GET / (reference)', `${bareServer.url}/`, LOAD)
    bareRuns.push(await bare())
    for (let round = 0; round < ROUNDS; round++) {
      const inRound: LoadFigures[] = []
      for (const target of measured) inRound.push(await measureLoad(target.label, target.url, LOAD))
      bareRuns.push(await bare())
      const [before, after] = bareRuns.slice(-2)
      const reference = ((before?.requestsPerSecond ?? NaN) + (after?.requestsPerSecond ?? NaN)) / 2
      inRound.forEach((figures, index) => {
        runs[index]?.push(figures)
        shares[index]?.push(figures.requestsPerSecond / reference)
      })
    }
    const cold = await measureColdListing(client, targets.volumeId, targets.listing)
    // Before the thumbnails are made: the other processes would take a share of that work.
    const scaled = measured.slice(0, 2)
    const scaling = await measureProcesses(client, url, mailbox.url, product, scaled)
    const whileMaking = await measureWhileMakingThumbnails(client, targets, pictures)
    report(
      bareRuns,
      [
        summarize(
          bareRuns,
          bareRuns.map(() => 1),
        ),
        ...runs.map((targetRuns, index) => summarize(targetRuns, shares[index] ?? [])),
      ],
      cold,
      whileMaking,
    )
    reportProcesses(
      scaling,
      scaled.map((target) => target.label),
    )
  } finally {
    await client.end()
    await bareServer.stop()
    await product.stop()
    await mailbox.close()
  }
}

describe.runIf(databaseUrl)('the server under load beside a bare Fastify route', () => {
  // One measured run: autocannon's own seconds of load are the repetitions.
  bench('user/current and listings beside a bare route', async () => measure(databaseUrl as string), {
    time: 0,
    iterations: 1,
    warmupTime: 0,
    warmupIterations: 0,
    throws: true,
  })
})
