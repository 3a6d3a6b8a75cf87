// Every route the server registers, read from its catalogue with the route's own schemas, is called with
// malformed input made from those schemas (helpers/fuzzRequests.ts), names with control characters and
// addresses that are not one mailbox in the fields the contract marks as names and e-mails among it: a
// malformed request must be refused with a 4xx and change no row of any table (so a refused name or address
// creates nothing); every request, malformed or not, must be answered below 500
// and in time; /healthz must answer after each route. A route added later is in the catalogue, so it is
// fuzzed and judged here without this file changing. The server runs in a worker thread, so a request
// that stops it fails its own route by a timeout and the next route gets a new server.
import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseKinds, type DatabaseKind } from './helpers/databases.ts'
import { makeFuzzFixture, type FuzzFixture } from './helpers/fuzzFixture.ts'
import { describeAnswer, describeRequest, serverErrorSince } from './helpers/fuzzReport.ts'
import {
  baseRequest,
  drawnRequests,
  malformation,
  singleMalformations,
  toRawRequest,
  type FuzzRequest,
  type FuzzRoute,
} from './helpers/fuzzRequests.ts'
import { startMailbox, type Mailbox } from './helpers/mailbox.ts'
import { answerBody, sendRaw } from './helpers/rawHttp.ts'
import { startServerThread, type ServerThread } from './helpers/serverThread.ts'
import { standby, type Standby } from './helpers/standby.ts'
import type { CatalogueEntry } from './helpers/serverThreadProtocol.ts'
import {
  snapshotChanges,
  snapshotQuery,
  takeSnapshot,
  type SnapshotExclusions,
  type TableSnapshot,
} from './helpers/tableSnapshot.ts'

/** Another seed draws other combinations: FUZZ_SEED=<n> to explore, the fixed one to reproduce. */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123)
const DRAWN_PER_ROUTE = 16
const REQUEST_TIMEOUT_MS = 5_000
const HEALTH_TIMEOUT_MS = 2_000
/** Past this many unanswered requests the rest of a route is not sent: each would cost the whole timeout. */
const UNANSWERED_PER_ROUTE = 2
/**
 * No request is sent later than this after the test started: a misbehaving server still ends it in time. Sized
 * for the slower database with room to spare: on two busy cores PGlite fuzzes about 60 routes a minute
 * (PostgreSQL about twice that), and the catalogue holds over 90. At 70 s PGlite ran out with a third of the
 * routes unfuzzed on a quiet machine.
 */
const SENDING_BUDGET_MS = 180_000
const TEST_TIMEOUT_MS = 220_000

/**
 * Routes of the catalogue the fuzz leaves out, with why. None: the app shell's static files are not
 * registered on the test server (it has no built app), its fallback is the not-found handler (no route),
 * and the catalogue lists no HEAD routes (Fastify's automatic twins of the GET routes).
 */
const LEFT_OUT: readonly string[] = []

const EXCLUSIONS: SnapshotExclusions = {
  // rate_event records attempts per address and per e-mail as they come, before their input is judged
  // further: counting refused attempts too is what a rate limit is for.
  tables: ['rate_event'],
  // A live session key's last use is touched (at most once a minute) by any call that carries it, before
  // the call reads its input: that is how an idle session lapses.
  columns: ['user_session.last_used_at'],
}

interface Live {
  server: ServerThread
  fixture: FuzzFixture
  snapshotSql: string
}

async function bringUp(kind: DatabaseKind, mailbox: Mailbox): Promise<Live> {
  const server = await startServerThread(kind, {
    env: { SMTP_URL: mailbox.url, MAIL_FROM: 'Media Console <console@example.com>' },
  })
  try {
    return {
      server,
      fixture: await makeFuzzFixture(server, mailbox),
      snapshotSql: await snapshotQuery(server, EXCLUSIONS),
    }
  } catch (error) {
    await server.stop()
    throw error
  }
}

async function answersHealth(server: ServerThread): Promise<boolean> {
  const answer = await sendRaw(server.url, { method: 'GET', target: '/healthz' }, HEALTH_TIMEOUT_MS)
  return 'status' in answer && answer.status === 200
}

/** The fixture's identities whose session no longer answers: requests meant to change nothing ended it. */
async function lostIdentities(live: Live): Promise<string[]> {
  const lost: string[] = []
  for (const [who, key] of [
    ['admin', live.fixture.adminKey],
    ['member', live.fixture.memberKey],
  ] as const) {
    const target = `/api/1/user/current?session_key=${encodeURIComponent(key)}`
    const answer = await sendRaw(live.server.url, { method: 'GET', target }, REQUEST_TIMEOUT_MS)
    if (!('status' in answer) || answer.status !== 200) lost.push(who)
  }
  return lost
}

const routeName = (route: CatalogueEntry) => `${route.method} ${route.url}`

/** The route's own seed: the same for a route whatever routes are added before it in the catalogue. */
const seedOf = (route: CatalogueEntry) =>
  (SEED ^ crypto.createHash('sha256').update(routeName(route)).digest().readInt32BE(0)) >>> 0

/** The tables' state, or why it could not be read (a server thread that died). */
async function snapshotOf(live: Live): Promise<TableSnapshot | string> {
  try {
    return await takeSnapshot(live.server, live.snapshotSql)
  } catch (error) {
    return `the tables could not be read: ${error instanceof Error ? error.message : String(error)}`
  }
}

/** What the route's valid request is refused without, as the error code of its answer without a key says. */
async function credentialsOf(live: Live, route: CatalogueEntry): Promise<FuzzRoute['credentials']> {
  const request: FuzzRequest = { ...baseRequest(route, live.fixture), identity: 'none' }
  const answer = await sendRaw(
    live.server.url,
    toRawRequest(route, request, live.fixture),
    REQUEST_TIMEOUT_MS,
  )
  const body = 'status' in answer && answer.status === 403 ? answerBody(answer.text) : undefined
  const code = typeof body === 'object' && body !== null && 'error' in body ? body.error : undefined
  return code === 'invalid_session' ? 'session' : code === 'invalid_signature' ? 'signature' : 'none'
}

describe.each(databaseKinds)('fuzzing every route on %s', (kind) => {
  let mailbox: Mailbox
  let live: Live | undefined
  let replacements: Standby<Live>
  beforeAll(async () => {
    mailbox = await startMailbox()
    replacements = standby(
      () => bringUp(kind, mailbox),
      (unused) => unused.server.stop(),
    )
  })
  afterAll(async () => {
    await replacements?.close()
    await live?.server.stop()
    await mailbox?.close()
  })

  it(
    'refuses malformed requests with a 4xx that changes nothing, answers all below 500 in time',
    async () => {
      const started = Date.now()
      const deadline = started + SENDING_BUDGET_MS
      let sentCount = 0
      let malformedCount = 0
      live = await bringUp(kind, mailbox)
      const catalogue = live.server.catalogue.filter((route) => !LEFT_OUT.includes(routeName(route)))
      const fuzzed: string[] = []

      for (const entry of catalogue) {
        if (Date.now() > deadline) break
        const failures: string[] = []
        const route: FuzzRoute = {
          ...entry,
          credentials: await credentialsOf(live, entry),
          bodyLimit: live.server.bodyLimit,
        }
        const requests = [
          ...singleMalformations(route, live.fixture),
          ...drawnRequests(route, live.fixture, seedOf(entry), DRAWN_PER_ROUTE),
        ].map((request) => ({ request, refusal: malformation(route, request) }))
        // Malformed requests first: around each one a snapshot shows whether it changed anything. The valid
        // ones may change rows, as they are allowed to.
        const ordered = [
          ...requests.filter((item) => item.refusal),
          ...requests.filter((item) => !item.refusal),
        ]
        let before = await snapshotOf(live)
        let unanswered = 0
        let serverStopped = false

        for (const [sent, { request, refusal }] of ordered.entries()) {
          const untold = ordered.length - sent
          if (typeof before === 'string') {
            failures.push(`${before}: ${untold} requests of the route were not sent`)
            serverStopped = true
            break
          }
          if (Date.now() > deadline) {
            failures.push(`the time budget ran out: ${untold} requests of the route were not sent`)
            break
          }
          const raw = toRawRequest(route, request, live.fixture)
          const firstLogLine = live.server.logs.length
          const answer = await sendRaw(live.server.url, raw, REQUEST_TIMEOUT_MS)
          sentCount++
          if (refusal) malformedCount++
          const who = `as ${request.identity}${refusal ? `; must be refused: ${refusal}` : ''}`
          const sentAs = describeRequest(`${request.label} (${who})`, raw)
          const told = `${sentAs}\n      → ${describeAnswer(answer)}`
          // A body over the limit may be refused by closing the connection as soon as the answer is written:
          // a client still writing then sees the close (EPIPE, ECONNRESET) before it reads the 413. That is a
          // refusal in time, not a hang.
          const closedOnOversizedBody =
            'error' in answer &&
            /EPIPE|ECONNRESET/.test(answer.error) &&
            raw.body !== undefined &&
            Buffer.byteLength(raw.body) > live.server.bodyLimit
          if ('error' in answer && !closedOnOversizedBody) {
            failures.push(`${told}\n      expected an answer within ${REQUEST_TIMEOUT_MS} ms`)
            if (!(await answersHealth(live.server))) {
              const ended = live.server.ended ? ` (the server thread ${live.server.ended})` : ''
              failures.push(
                `/healthz stopped answering${ended}: ${untold - 1} requests of the route were not sent`,
              )
              serverStopped = true
              break
            }
            if (++unanswered >= UNANSWERED_PER_ROUTE) {
              failures.push(
                `${unanswered} requests went unanswered: ${untold - 1} of the route were not sent`,
              )
              break
            }
            before = await snapshotOf(live)
            continue
          }
          if ('error' in answer) {
            // Closed on an oversized body: refused, and it must have changed nothing.
            const after = await snapshotOf(live)
            const changes = typeof after === 'string' ? [] : snapshotChanges(before, after)
            if (changes.length > 0) failures.push(`${told}\n      changed ${changes.join('; ')}`)
            before = after
            continue
          }
          if (answer.status >= 500 || (refusal !== undefined && answer.status < 400)) {
            const logged = serverErrorSince(live.server.logs, firstLogLine)
            const expected = refusal ? '4xx' : 'below 500'
            failures.push(
              `${told}\n      expected ${expected}${logged ? `; the server logged ${logged}` : ''}`,
            )
          }
          if (refusal) {
            const after = await snapshotOf(live)
            const changes = typeof after === 'string' ? [] : snapshotChanges(before, after)
            if (changes.length > 0) failures.push(`${told}\n      changed ${changes.join('; ')}`)
            before = after
          }
        }

        if (!serverStopped && !(await answersHealth(live.server))) {
          failures.push(
            `/healthz did not answer 200 within ${HEALTH_TIMEOUT_MS} ms after the route's requests`,
          )
          serverStopped = true
        }
        const lostSessions = serverStopped ? [] : await lostIdentities(live)
        if (lostSessions.length > 0) {
          failures.push(`the route's requests ended the session of the ${lostSessions.join(' and the ')}`)
        }
        if (serverStopped || lostSessions.length > 0) {
          // The next route gets a server that answers and a fixture whose sessions live: a new database.
          await live.server.stop({ now: serverStopped })
          live = await replacements.take()
        }
        fuzzed.push(routeName(entry))
        const report = failures.map((failure) => `\n    ${failure}`).join('')
        const heading = `${routeName(entry)} (seed ${seedOf(entry)}): ${failures.length} failures`
        expect.soft(failures.length, `${heading}${report}\n`).toBe(0)
      }

      const seconds = Math.round((Date.now() - started) / 1000)
      console.info(
        `fuzz on ${kind}: ${fuzzed.length} routes, ${sentCount} requests (${malformedCount} malformed) in ${seconds} s`,
      )
      const notFuzzed = catalogue.map(routeName).filter((name) => !fuzzed.includes(name))
      expect(notFuzzed, 'routes the time budget left unfuzzed').toEqual([])
      expect(fuzzed.length).toBe(live.server.catalogue.length - LEFT_OUT.length)
    },
    TEST_TIMEOUT_MS,
  )
})
