// Requests that claim or carry more than the server takes: sizes no file has (1e18, 2^63, 1e308 bytes),
// more parts or files than an upload may list, strings past their length, bodies past the body limit.
// Each must be refused with a 4xx at once, before any work proportional to what it claims, leaving the
// server answering /healthz; and the whole run must stay within a memory bound. The server runs in a
// worker thread of this process: a request that blocks it fails its own case by a timeout, and one that
// fills its heap kills only the thread (at its heap limit), never this process.
import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseKinds, type DatabaseKind } from './helpers/databases.ts'
import { grantedAdmin } from './helpers/fuzzFixture.ts'
import { describeAnswer } from './helpers/fuzzReport.ts'
import { startMailbox, type Mailbox } from './helpers/mailbox.ts'
import { sendRaw, type RawAnswer } from './helpers/rawHttp.ts'
import { startServerThread, type ServerThread } from './helpers/serverThread.ts'
import { standby, type Standby } from './helpers/standby.ts'

const MiB = 1024 * 1024
const ANSWER_WITHIN_MS = 2_000
/** /healthz answers a server that is well within milliseconds: a second means it is not. */
const HEALTH_WITHIN_MS = 1_000
/** No case is sent later than this after the file's server started: one hanging on each still ends in time. */
const SENDING_BUDGET_MS = 65_000
/**
 * The memory bound. The server reads at most its body limit (1 MiB) of a request and parses it into a few
 * MiB of objects, one request at a time; work bounded by what it read leaves nothing behind and, even with
 * the garbage of every case still uncollected, stays within tens of MiB (a server that refuses at once
 * peaks under 16 MiB and retains under 1 MiB, on PGlite and PostgreSQL alike). Work proportional to a
 * claimed size (a part plan for 1e18 bytes) grows by gigabytes within seconds. So: the process's resident
 * memory (this thread and the server's) may peak at most PEAK_RSS_GROWTH above where it was before the
 * cases, and the server's heap after a forced collection may hold at most RETAINED_HEAP_GROWTH more.
 */
const PEAK_RSS_GROWTH = 128 * MiB
const RETAINED_HEAP_GROWTH = 16 * MiB
/** The server thread dies at this heap size instead of taking the machine's memory. */
const SERVER_HEAP_LIMIT_MB = 512

const hex = (text: string) => crypto.createHash('sha256').update(text).digest('hex')
const FILE_HASH = hex('oversized file')
const PART = `{"part_num":1,"part_hash":"${hex('part 1')}","part_size":8388608}`
/** Parts as short as the schema lets them be written, so that many fit under the body limit. */
const shortParts = (count: number) =>
  Array.from({ length: count }, (_, index) => `{"part_num":${index + 1},"part_hash":"a","part_size":1}`).join(
    ',',
  )
const files = (count: number) =>
  Array.from({ length: count }, (_, index) => `{"file_hash":"${hex(String(index))}","file_size":1}`).join(',')

interface OversizedCase {
  name: string
  /** Under the container's path, or from the root when it starts with /api. */
  path: string
  /** The body as sent, built from the body limit where it depends on it. */
  body(bodyLimit: number): string
  /** Where the body must be against the body limit for the case to mean what it says. */
  limit?: 'under' | 'over'
}

const multipart = (fileSize: string, parts = PART) =>
  `{"file_hash":"${FILE_HASH}","file_size":${fileSize},"part_list":[${parts}]}`
const completion = (fileSize: string, parts = PART) =>
  `${multipart(fileSize, parts).slice(0, -1)},"upload_id":"upload","s3_bucket_id":0}`
const registration = (fileSize: string, mediaPath = 'Big/file.bin') =>
  `{"media_path":${JSON.stringify(mediaPath)},"file_size":${fileSize},"file_hash":"${FILE_HASH}"}`

const CASES: OversizedCase[] = [
  ...['1e18', '9223372036854775808', '1e308'].flatMap((size) => [
    { name: `multipart with file_size ${size}`, path: '/multipart', body: () => multipart(size) },
    {
      name: `multipart_complete with file_size ${size}`,
      path: '/multipart_complete',
      body: () => completion(size),
    },
  ]),
  { name: 'register with file_size 1e308', path: '/media', body: () => registration('1e308') },
  { name: 'register with file_size 2^63', path: '/media', body: () => registration('9223372036854775808') },
  {
    name: 'upload of one file of 1e18 bytes',
    path: '/upload',
    body: () => `{"file_list":[{"file_hash":"${FILE_HASH}","file_size":1e18}]}`,
  },
  {
    name: 's3_object of 1e308 bytes',
    path: '/s3_object',
    body: () => `{"s3_bucket_id":0,"file_hash":"${FILE_HASH}","file_size":1e308}`,
  },
  {
    name: 'multipart with a part_list of 10,001 items',
    path: '/multipart',
    body: () => multipart('83886080000', shortParts(10_001)),
    limit: 'under',
  },
  {
    name: 'multipart_complete with a part_list of 10,001 items',
    path: '/multipart_complete',
    body: () => completion('83886080000', shortParts(10_001)),
    limit: 'under',
  },
  {
    name: 'upload with a file_list of 1,001 items',
    path: '/upload',
    body: () => `{"file_list":[${files(1_001)}]}`,
    limit: 'under',
  },
  {
    name: 'upload with a file_list of 100,000 items',
    path: '/upload',
    body: () => `{"file_list":[${files(100_000)}]}`,
    limit: 'over',
  },
  {
    name: 'register with a body just over the body limit',
    path: '/media',
    body: (limit) => {
      const start = registration('1').slice(0, -1)
      return `${start},"padding":"${'x'.repeat(limit - start.length - 13)}"}`
    },
    limit: 'over',
  },
  {
    name: 'register with a media_path of nearly the body limit',
    path: '/media',
    body: (limit) => registration('1', 'a/'.repeat(Math.floor((limit - 200) / 2))),
    limit: 'under',
  },
  {
    name: 'register with arrays nested 100,000 deep',
    path: '/media',
    body: () =>
      `{"media_path":${'['.repeat(100_000)}${']'.repeat(100_000)},"file_size":1,"file_hash":"${FILE_HASH}"}`,
    limit: 'under',
  },
  {
    name: 'create an organization with a name of nearly the body limit',
    path: '/api/1/org',
    body: (limit) => `{"org_name":"${'n'.repeat(limit - 100)}"}`,
    limit: 'under',
  },
]

interface Live {
  server: ServerThread
  adminKey: string
  /** '/web/1/org/{org}/media_grant/{grant}' */
  base: string
}

async function bringUp(kind: DatabaseKind, mailbox: Mailbox): Promise<Live> {
  const server = await startServerThread(kind, {
    env: { SMTP_URL: mailbox.url, MAIL_FROM: 'Media Console <console@example.com>' },
    heapLimitMb: SERVER_HEAP_LIMIT_MB,
  })
  try {
    const { adminKey, base } = await grantedAdmin(server, mailbox)
    return { server, adminKey, base }
  } catch (error) {
    await server.stop()
    throw error
  }
}

function post(live: Live, path: string, body: Buffer): Promise<RawAnswer> {
  const target = `${path.startsWith('/api/') ? path : `${live.base}${path}`}?session_key=${live.adminKey}`
  return sendRaw(
    live.server.url,
    { method: 'POST', target, headers: { 'content-type': 'application/json' }, body },
    ANSWER_WITHIN_MS,
  )
}

const healthz = (live: Live) =>
  sendRaw(live.server.url, { method: 'GET', target: '/healthz' }, HEALTH_WITHIN_MS)

describe.each(databaseKinds)('oversized requests on %s', (kind) => {
  let mailbox: Mailbox
  let live: Live
  let replacements: Standby<Live>
  let started = 0
  let restarts = 0
  let rssBefore = 0
  let rssPeak = 0
  let heapBefore = 0
  let sampler: NodeJS.Timeout | undefined
  const bodies = new Map<string, Buffer>()

  beforeAll(async () => {
    mailbox = await startMailbox()
    replacements = standby(
      () => bringUp(kind, mailbox),
      (unused) => unused.server.stop(),
    )
    live = await bringUp(kind, mailbox)
    started = Date.now()
    // Built before the baseline: the memory measured is the server's, not that of the bodies sent to it.
    for (const item of CASES) bodies.set(item.name, Buffer.from(item.body(live.server.bodyLimit)))
    // A request of each route once, so that lazily built parts of the server are in the baseline.
    for (const path of [
      '/multipart',
      '/multipart_complete',
      '/media',
      '/upload',
      '/s3_object',
      '/api/1/org',
    ]) {
      await post(live, path, Buffer.from('{}'))
    }
    heapBefore = await live.server.heapUsed()
    rssBefore = process.memoryUsage.rss()
    rssPeak = rssBefore
    sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage.rss())
    }, 10)
  })

  afterAll(async () => {
    clearInterval(sampler)
    await replacements?.close()
    await live?.server.stop()
    await mailbox?.close()
  })

  it.each(CASES)('refuses $name with a 4xx within 2 s, and /healthz answers after it', async (item) => {
    const body = bodies.get(item.name) as Buffer
    const limit = live.server.bodyLimit
    if (item.limit === 'under')
      expect(body.length, 'the body must stay under the body limit').toBeLessThan(limit)
    if (item.limit === 'over')
      expect(body.length, 'the body must be over the body limit').toBeGreaterThan(limit)
    expect(Date.now() - started, 'the time budget of the file ran out before this case').toBeLessThan(
      SENDING_BUDGET_MS,
    )

    const answer = await post(live, item.path, body)
    const health = await healthz(live)
    const serverEnded = live.server.ended
    if (!('status' in health) || health.status !== 200) {
      // The next case gets a server that answers.
      restarts++
      await live.server.stop({ now: true })
      live = await replacements.take()
    }

    const ended = serverEnded ? `; the server thread ${serverEnded}` : ''
    const told = `${item.name} (${body.length} bytes) → ${describeAnswer(answer)}${ended}`
    expect('status' in answer && answer.status >= 400 && answer.status < 500, told).toBe(true)
    expect(answer.ms, told).toBeLessThan(ANSWER_WITHIN_MS)
    expect(
      'status' in health && health.status,
      `/healthz after ${item.name} → ${describeAnswer(health)}`,
    ).toBe(200)
  })

  const bound = `${PEAK_RSS_GROWTH / MiB} MiB of peak growth and the server's heap within ${RETAINED_HEAP_GROWTH / MiB} MiB`
  it(`keeps the process within ${bound}`, async () => {
    clearInterval(sampler)
    const heapAfter = await live.server.heapUsed()
    const peakGrowth = rssPeak - rssBefore
    const retained = heapAfter - heapBefore
    const mib = (bytes: number, digits = 1) => `${(bytes / MiB).toFixed(digits)} MiB`
    const restarted = restarts
      ? `; the server was restarted ${restarts} times (each a failed case above)`
      : ''
    const told =
      `resident memory peaked ${mib(peakGrowth)} above its ${mib(rssBefore, 0)}; ` +
      `the server's heap after collection grew ${mib(retained)}${restarted}`
    console.info(`oversized on ${kind}: ${told}`)
    expect(peakGrowth, told).toBeLessThan(PEAK_RSS_GROWTH)
    expect(retained, told).toBeLessThan(RETAINED_HEAP_GROWTH)
    expect(restarts, told).toBe(0)
  })
})
