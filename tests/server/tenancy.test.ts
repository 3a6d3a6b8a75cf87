// Nothing crosses between organizations, or past a scope: the generated tenancy matrix. Its routes come
// from the server's own catalogue (app.routeCatalog, filled by Fastify's onRoute), never from a list kept
// here, so a route added later is called and judged without this file changing. Each route of the endpoint
// table is called, with a valid request built from its entry's schemas and the ids of a victim
// organization, by everyone who must be refused:
//   (a) no session key;
//   (b) another organization's admin: on the victim's organization, on a missing one, and on their own
//       organization (and container) naming the victim's ids;
//   (c) a member of the victim's organization who holds no container (container and admin calls);
//   (d) a member who holds the container but lacks the capability the entry names;
//   (e) a member, holding the container with every capability, on an admin call;
// and, on the device protocol's calls (a device's token instead of a session):
//   (f) a device of another organization, naming the victim's container;
//   (g) a device of the victim's organization that does not mount the container;
//   (h) a device that mounts it with its upload and download switches off, where the entry needs one;
//   (i) a disabled device that mounts it.
// Each must answer its refusal (a 4xx with the scope's code, never 2xx or 5xx) and change no row of any
// table (helpers/tableSnapshot.ts).
import crypto from 'node:crypto'
import { isDeepStrictEqual } from 'node:util'
import { describe, expect, it } from 'vitest'
import type { RouteEntry } from '../../server/app.ts'
import {
  isTextParam,
  pathParamNames,
  type Capability,
  type Endpoint,
} from '../../server/contract/endpoints.ts'
import { endpoints } from '../../server/contract/endpointSchemas.ts'
import type { ErrorCode } from '../../server/contract/errorCodes.ts'
import { isAppPath } from '../../server/contract/paths.ts'
import { readyOrg } from './helpers/accounts.ts'
import { addPerson, adminOrg, storeFile, type Person } from './helpers/admin.ts'
import { databaseKinds } from './helpers/databases.ts'
import { addMount, appWithKey, changeDevice, registerDevice } from './helpers/devices.ts'
import {
  callEndpoint,
  refusal,
  requestEndpoint,
  type EndpointCall,
  type ErrorBody,
} from './helpers/endpoint.ts'
import { call, type Answer } from './helpers/http.ts'
import { isObject, propertiesOf, validValue, type Json, type JsonSchema } from './helpers/jsonSchema.ts'
import { useServer, type Suite } from './helpers/suite.ts'
import {
  snapshotChanges,
  snapshotQuery,
  takeSnapshot,
  type SnapshotExclusions,
} from './helpers/tableSnapshot.ts'

/** What a refused call may still write, as in the fuzz test (tests/server/fuzz.test.ts). */
const EXCLUSIONS: SnapshotExclusions = {
  // Attempts counted per address and e-mail for rate limits.
  tables: ['rate_event'],
  // A live session's last use, touched (at most once a minute) by any call that carries its key; a
  // disabled device's last refused call, which the console shows.
  columns: ['user_session.last_used_at', 'device.last_refused_at'],
}

/** The refusal of a call the caller lacks the entry's capability for. */
const CAPABILITY_REFUSALS: Record<Capability, ErrorCode> = {
  cap_web_upload: 'upload_not_allowed',
  cap_web_download: 'download_not_allowed',
}

/** An organization, and an id of any kind, that do not exist. */
const MISSING_ID = 999_999_999
/** A text parameter (an invoice's UUID) that names nothing. */
const MISSING_UUID = '00000000-0000-4000-8000-000000000000'

type Ids = Record<string, number | string>

interface Fixture {
  /** The victim's ids by the name a path parameter or body field gives them. */
  victimIds: Ids
  attacker: { key: string; orgId: number; grantId: number }
  /** Holds the victim's container with every capability. */
  holder: Person
  /** Holds the victim's container without any capability. */
  holderWithoutCaps: Person
  /** Every capability, no container. */
  outsider: Person
  /** Device tokens: (f) to (i) above. */
  devices: { foreign: string; unmounted: string; switchedOff: string; disabled: string }
}

/**
 * The victim: an organization on a plan with room for its admin and three members, its volume and
 * container, a stored file (and so a version), a card; the attacker: another organization's admin.
 */
async function makeFixture(suite: Suite): Promise<Fixture> {
  const victim = await adminOrg(suite, 'Victim', 'business_month')
  const file = await storeFile(suite, victim, victim.grantId, 'Private/secret.mov', 'the secret')
  const cards = await callEndpoint(suite.url, endpoints.paymentMethodList, {
    params: { org_id: victim.orgId },
    key: victim.key,
  })
  const paymentMethodId = cards.body.payment_method_list[0]?.payment_method_id
  expect(paymentMethodId, JSON.stringify(cards.body)).toBeTypeOf('number')
  const everyCap = { cap_web_upload: true, cap_web_download: true, cap_add_device: true }
  const holder = await addPerson(suite, victim, everyCap, [victim.grantId])
  const holderWithoutCaps = await addPerson(suite, victim, {}, [victim.grantId])
  const outsider = await addPerson(suite, victim, everyCap)
  const attacker = await adminOrg(suite, 'Attacker')
  const victimApp = await appWithKey(suite, victim, 'Victim app')
  const victimDevice = await registerDevice(suite, holder, victim.orgId, victimApp, 'Victim device')
  await addMount(suite, victim, victimDevice.deviceId, victim.grantId)
  const unmounted = await registerDevice(suite, outsider, victim.orgId, victimApp, 'Unmounted')
  const switchedOff = await registerDevice(suite, holder, victim.orgId, victimApp, 'Switched off')
  await addMount(suite, victim, switchedOff.deviceId, victim.grantId)
  await changeDevice(suite, victim, switchedOff.deviceId, { is_upload_disabled: 1, is_download_disabled: 1 })
  const disabled = await registerDevice(suite, outsider, victim.orgId, victimApp, 'Disabled')
  await addMount(suite, victim, disabled.deviceId, victim.grantId)
  await changeDevice(suite, victim, disabled.deviceId, { is_disabled: 1 })
  const attackerApp = await appWithKey(suite, attacker, 'Attacker app')
  const foreign = await registerDevice(suite, { key: attacker.key }, attacker.orgId, attackerApp, 'Attacker')
  await addMount(suite, attacker, foreign.deviceId, attacker.grantId)
  // A network store of the victim's, written to the database (adding one through the call needs a bucket
  // that answers; tests/server/networkStores.test.ts does that).
  const [victimStore] = await suite.server.app.db.query<{ s3_bucket_id: number }>(
    `INSERT INTO s3_bucket (org_id, s3_bucket, s3_bucket_region, s3_host, aws_access_key_id, sealed_secret,
                            priority)
     VALUES ($1, 'victim-bucket', 'us-east-1', 'https://victim.example.com', 'victim', $2, 1)
     RETURNING s3_bucket_id`,
    // Sealed for no real row: the tests here never open it.
    [victim.orgId, suite.server.app.sealer.seal(Buffer.from('victim secret'), 'tenancy fixture')],
  )
  // An invoice of the victim's, written to the database (the invoice job makes them after a month ends;
  // tests/server/invoices.test.ts runs it).
  const victimInvoice = crypto.randomUUID()
  await suite.server.app.db.query(
    `INSERT INTO invoice (invoice_id, org_id, period_start, period_end, invoice_date, total_usd, invoice_status)
     VALUES ($1, $2, '2026-01-01', '2026-01-31', '2026-02-03', 49, 'UNPAID')`,
    [victimInvoice, victim.orgId],
  )
  // A share link of the victim's, made by the member who holds the container.
  const victimLink = await callEndpoint(suite.url, endpoints.shareLinkCreate, {
    params: { org_id: victim.orgId, media_grant_id: victim.grantId },
    key: holder.key,
    body: { media_id: file.mediaId, label: 'Victim link' },
  })
  expect(victimLink.status, JSON.stringify(victimLink.body)).toBe(200)
  return {
    victimIds: {
      org_id: victim.orgId,
      share_link_id: victimLink.body.share_link.share_link_id,
      invoice_id: victimInvoice,
      volume_id: victim.volumeId,
      media_grant_id: victim.grantId,
      media_id: file.mediaId,
      media_version_id: file.mediaVersionId,
      user_id: holder.userId,
      payment_method_id: paymentMethodId as number,
      device_id: victimDevice.deviceId,
      app_id: victimApp.appId,
      s3_bucket_id: victimStore?.s3_bucket_id as number,
    },
    attacker: { key: attacker.key, orgId: attacker.orgId, grantId: attacker.grantId },
    holder,
    holderWithoutCaps,
    outsider,
    devices: {
      foreign: foreign.token,
      unmounted: unmounted.token,
      switchedOff: switchedOff.token,
      disabled: disabled.token,
    },
  }
}

/**
 * A valid body of the entry: its schema's required fields with values it accepts, and every field named
 * after an id of the fixture (volume_id, user_id, media_grant_id, ...) set to that id. The organization
 * comes from the path only.
 */
function bodyOf(endpoint: Endpoint, ids: Ids): Json | undefined {
  if (!endpoint.body) return undefined
  const schema = endpoint.body as unknown as JsonSchema
  const value = validValue(schema)
  if (!isObject(value)) return value
  for (const name of Object.keys(propertiesOf(schema).properties)) {
    const id = ids[name]
    if (name !== 'org_id' && id !== undefined) value[name] = id
  }
  return value
}

function queryOf(endpoint: Endpoint): Record<string, string> | undefined {
  if (!endpoint.query) return undefined
  const value = validValue(endpoint.query as unknown as JsonSchema)
  return isObject(value)
    ? Object.fromEntries(Object.entries(value).map(([name, item]) => [name, String(item)]))
    : {}
}

/** The path's parameters from the ids given; a parameter the fixture has no resource for gets a missing id. */
function paramsOf(endpoint: Endpoint, ids: Ids): Ids {
  return Object.fromEntries(
    pathParamNames(endpoint.path).map((name) => [
      name,
      ids[name] ?? (isTextParam(name) ? MISSING_UUID : MISSING_ID),
    ]),
  )
}

interface MatrixCase {
  who: string
  request: EndpointCall
  expected: Answer<ErrorBody>
}

/** Everyone who must be refused this route, with the request each makes and the answer each must get. */
function casesOf(endpoint: Endpoint, fixture: Fixture): MatrixCase[] {
  if (endpoint.scope === 'public') return []
  if (endpoint.scope === 'device' || endpoint.scope === 'mount') return deviceCasesOf(endpoint, fixture)
  const { victimIds, attacker } = fixture
  const request = (key: string | undefined, ids: Ids = victimIds): EndpointCall => ({
    params: paramsOf(endpoint, ids),
    ...(endpoint.query ? { query: queryOf(endpoint) } : {}),
    ...(endpoint.body ? { body: bodyOf(endpoint, ids) } : {}),
    ...(key === undefined ? {} : { key }),
  })
  const cases: MatrixCase[] = [
    { who: '(a) no session key', request: request(undefined), expected: refusal(403, 'invalid_session') },
  ]
  // A signed-in caller's own calls (their user, their new organization) name no one else's data.
  if (endpoint.scope === 'session') return cases

  const notFound = refusal(404, 'not_found')
  cases.push(
    { who: "(b) another organization's admin", request: request(attacker.key), expected: notFound },
    {
      who: "(b) another organization's admin, on a missing organization",
      request: request(attacker.key, { ...victimIds, org_id: MISSING_ID }),
      expected: notFound,
    },
  )
  const paramNames = pathParamNames(endpoint.path)
  const bodyIds = endpoint.body
    ? Object.keys(propertiesOf(endpoint.body as unknown as JsonSchema).properties).filter(
        (name) => name !== 'org_id' && name in victimIds,
      )
    : []
  const victimIdsBeyond = (own: readonly string[]) =>
    [...paramNames, ...bodyIds].some((name) => !own.includes(name) && name in victimIds)
  if (victimIdsBeyond(['org_id'])) {
    cases.push({
      who: "(b) another organization's admin, in their own organization, naming the victim's ids",
      request: request(attacker.key, { ...victimIds, org_id: attacker.orgId }),
      expected: notFound,
    })
  }
  if (endpoint.scope === 'grant' && victimIdsBeyond(['org_id', 'media_grant_id'])) {
    cases.push({
      who: "(b) another organization's admin, in their own container, naming the victim's ids",
      request: request(attacker.key, {
        ...victimIds,
        org_id: attacker.orgId,
        media_grant_id: attacker.grantId,
      }),
      expected: notFound,
    })
  }
  if (endpoint.scope === 'admin') {
    cases.push(
      {
        who: '(c) a member who holds no container',
        request: request(fixture.outsider.key),
        expected: refusal(403, 'admin_required'),
      },
      {
        who: '(e) a member holding the container with every capability',
        request: request(fixture.holder.key),
        expected: refusal(403, 'admin_required'),
      },
    )
  }
  if (endpoint.scope === 'grant') {
    cases.push({
      who: '(c) a member who does not hold the container',
      request: request(fixture.outsider.key),
      expected: notFound,
    })
    if (endpoint.capability) {
      cases.push({
        who: `(d) a member holding the container without ${endpoint.capability}`,
        request: request(fixture.holderWithoutCaps.key),
        expected: refusal(403, CAPABILITY_REFUSALS[endpoint.capability]),
      })
    }
  }
  return cases
}

/** The device protocol's refusals: a device's token names its organization, so no path does. */
function deviceCasesOf(endpoint: Endpoint, fixture: Fixture): MatrixCase[] {
  const request = (token: string | undefined): EndpointCall => ({
    params: paramsOf(endpoint, fixture.victimIds),
    ...(endpoint.query ? { query: queryOf(endpoint) } : {}),
    ...(endpoint.body ? { body: bodyOf(endpoint, fixture.victimIds) } : {}),
    ...(token === undefined ? {} : { token }),
  })
  const { devices } = fixture
  const cases: MatrixCase[] = [
    {
      who: '(a) no device token',
      request: request(undefined),
      expected: refusal(403, 'invalid_device_token'),
    },
    {
      who: '(i) a disabled device',
      request: request(devices.disabled),
      expected: refusal(403, 'device_disabled'),
    },
  ]
  if (endpoint.scope === 'device') return cases
  const notFound = refusal(404, 'not_found')
  cases.push(
    { who: "(f) another organization's device", request: request(devices.foreign), expected: notFound },
    {
      who: '(g) a device that does not mount the container',
      request: request(devices.unmounted),
      expected: notFound,
    },
  )
  if (endpoint.capability) {
    cases.push({
      who: '(h) a device mounting the container with its switches off',
      request: request(devices.switchedOff),
      expected: refusal(403, CAPABILITY_REFUSALS[endpoint.capability]),
    })
  }
  return cases
}

/** A route of the catalogue that is not the API's: the store's signed URLs, or the app shell's files. */
const isStoreOrShell = (route: RouteEntry) =>
  route.url.startsWith('/storage/') || (route.method === 'GET' && isAppPath(route.url))

describe.each(databaseKinds)('tenant isolation on %s', (kind) => {
  const suite = useServer(kind)

  it('registers every entry of the endpoint table, and nothing else but the store and the app shell', () => {
    const catalog = suite.server.app.routeCatalog
    const registered = catalog.filter((route) => route.endpoint)
    for (const route of registered) {
      expect(route.url, route.url).toBe(route.endpoint?.path)
      expect(route.method, route.url).toBe(route.endpoint?.method)
    }
    expect(new Set(registered.map((route) => route.endpoint)).size).toBe(registered.length)
    expect(registered.length).toBe(Object.keys(endpoints).length)
    const others = catalog.filter((route) => !route.endpoint)
    expect(
      others.filter((route) => !isStoreOrShell(route)).map((route) => `${route.method} ${route.url}`),
    ).toEqual([])
    // Every call that reaches an organization's data names the organization in its path, but a device's,
    // whose token names it.
    const orgFromToken = ['public', 'session', 'device', 'mount']
    for (const { endpoint } of registered) {
      if (endpoint && !orgFromToken.includes(endpoint.scope)) {
        expect(pathParamNames(endpoint.path), endpoint.path).toContain('org_id')
      }
      if (endpoint?.scope === 'grant' || endpoint?.scope === 'mount')
        expect(pathParamNames(endpoint.path), endpoint.path).toContain('media_grant_id')
    }
  })

  it(
    'refuses every route of the catalogue to every caller outside its scope, changing nothing',
    { timeout: 240_000 },
    async () => {
      const fixture = await makeFixture(suite)
      const db = suite.server.app.db
      const snapshotSql = await snapshotQuery(db, EXCLUSIONS)
      let snapshot = await takeSnapshot(db, snapshotSql)
      const failures: string[] = []
      let calls = 0
      const covered = new Set<string>()
      for (const route of suite.server.app.routeCatalog) {
        const endpoint = route.endpoint
        if (!endpoint) continue
        for (const { who, request, expected } of casesOf(endpoint, fixture)) {
          calls++
          covered.add(who.slice(0, 3))
          const answer = await requestEndpoint(suite.url, endpoint, request)
          const after = await takeSnapshot(db, snapshotSql)
          const changes = snapshotChanges(snapshot, after)
          snapshot = after
          const told = `${endpoint.method} ${endpoint.path} as ${who}`
          if (answer.status < 400 || answer.status >= 500) {
            failures.push(
              `${told}: answered ${answer.status} ${JSON.stringify(answer.body)}, must be refused with a 4xx`,
            )
          } else if (!isDeepStrictEqual(answer, expected)) {
            failures.push(
              `${told}: answered ${answer.status} ${JSON.stringify(answer.body)}, expected ${expected.status} ${JSON.stringify(expected.body)}`,
            )
          }
          if (changes.length > 0) failures.push(`${told}: changed ${changes.join('; ')}`)
        }
      }
      expect(failures).toEqual([])
      // Every kind of caller was tried, on every route that has one.
      expect([...covered].sort()).toEqual(['(a)', '(b)', '(c)', '(d)', '(e)', '(f)', '(g)', '(h)', '(i)'])
      expect(calls).toBeGreaterThan(Object.keys(endpoints).length * 3)
    },
  )

  it('answers malformed ids as missing ones', async () => {
    const client = { url: suite.url, mailbox: suite.mailbox }
    const mine = await readyOrg(client, 'Ids')
    for (const id of ['abc', '0', '-1', '1e3', '99999999999999999999']) {
      expect((await call(suite.url, 'GET', `/api/1/org/${id}`, { key: mine.key })).status, id).toBe(404)
    }
  })
})
