// One rule for the names people read in the console and in mail (organization, user, volume, container, app,
// device, network store): no control character (C0, DEL, C1, the line and paragraph separators) anywhere in
// it, blanks around it trimmed, and each field's own rule on top. A refused name answers 400 with the field's
// own code and changes no row; a name with a line break must never reach a mail or a log line as two lines.
import { afterAll, describe, expect, it } from 'vitest'
import { endpoints } from '../../server/contract/endpoints.ts'
import type { ErrorCode } from '../../server/contract/errorCodes.ts'
import { adminOrg, addPerson, type AdminOrg } from './helpers/admin.ts'
import { databaseKinds } from './helpers/databases.ts'
import { appWithKey, registerDevice } from './helpers/devices.ts'
import { callEndpoint, refusal, type EndpointCall, requestEndpoint } from './helpers/endpoint.ts'
import type { Answer } from './helpers/http.ts'
import { startS3Server, type TestS3Server } from './helpers/s3Server.ts'
import { useServer } from './helpers/suite.ts'
import { CONTROLS } from './helpers/textForms.ts'
import { snapshotChanges, snapshotQuery, takeSnapshot } from './helpers/tableSnapshot.ts'

/** Rows a refused call must leave alone: all of them, but the rate limits' counts and session use. */
const EXCLUSIONS = { tables: ['rate_event'], columns: ['user_session.last_used_at'] }

describe.each(databaseKinds)('the name rule on %s', (kind) => {
  let s3: TestS3Server | undefined
  const suite = useServer(kind, async () => {
    s3 = await startS3Server('', { browser: true })
    return { STORE_ALLOW_PRIVATE_HOSTS: 'true' }
  })
  afterAll(async () => {
    await s3?.close()
  })

  const storeFields = (extra: Record<string, string> = {}) => ({
    s3_bucket: s3?.bucket ?? '',
    s3_bucket_region: 'us-east-1',
    s3_host: s3?.endpoint ?? '',
    s3_bucket_prefix: 'names',
    aws_access_key_id: 'S3RVER',
    aws_secret_access_key: 'S3RVER',
    ...extra,
  })

  interface NamedThings {
    org: AdminOrg
    grantId: number
    appId: number
    deviceId: number
    storeId: number
    member: { key: string }
    secretKey: string
  }

  /** An organization with one of everything that has a name, each made through the API. */
  async function namedThings(label: string): Promise<NamedThings> {
    const org = await adminOrg(suite, label, 'business_month')
    const grant = await callEndpoint(suite.url, endpoints.grantCreate, {
      params: { org_id: org.orgId },
      body: { volume_id: org.volumeId, grant_name: 'Team', prefix_path: 'team' },
      key: org.key,
    })
    expect(grant.status, JSON.stringify(grant.body)).toBe(200)
    const app = await appWithKey(suite, org, 'Desktop')
    const member = await addPerson(suite, org, { cap_add_device: true })
    const device = await registerDevice(suite, member, org.orgId, app, 'Edit Bay')
    const store = await callEndpoint(suite.url, endpoints.networkStoreAdd, {
      params: { org_id: org.orgId },
      body: storeFields(),
      key: org.key,
    })
    expect(store.status, JSON.stringify(store.body)).toBe(200)
    return {
      org,
      grantId: grant.body.media_grant_id,
      appId: app.appId,
      deviceId: device.deviceId,
      storeId: store.body.s3_bucket_id,
      member,
      secretKey: app.secretKey,
    }
  }

  /** Every call that saves a name, with the name given, and the code a refused name answers. */
  function nameCalls(
    things: NamedThings,
    name: (base: string) => string,
  ): Array<{ label: string; code: ErrorCode; send: () => Promise<Answer<unknown>> }> {
    const { org } = things
    const admin = (endpoint: Parameters<typeof requestEndpoint>[1], input: EndpointCall) => () =>
      requestEndpoint(suite.url, endpoint, { key: org.key, ...input })
    const orgParams = { org_id: org.orgId }
    return [
      {
        label: 'new organization',
        code: 'invalid_org_name',
        send: admin(endpoints.orgCreate, { body: { org_name: name('Acme') } }),
      },
      {
        label: 'organization',
        code: 'invalid_org_name',
        send: admin(endpoints.orgUpdate, { params: orgParams, body: { org_name: name('Acme') } }),
      },
      {
        label: 'user name',
        code: 'invalid_user_name',
        send: admin(endpoints.updateCurrentUser, { body: { user_name: name('ada_l') } }),
      },
      {
        label: 'new volume',
        code: 'invalid_volume_name',
        send: admin(endpoints.volumeCreate, { params: orgParams, body: { volume_name: name('Footage') } }),
      },
      {
        label: 'volume',
        code: 'invalid_volume_name',
        send: admin(endpoints.volumeUpdate, {
          params: { ...orgParams, volume_id: org.volumeId },
          body: { volume_name: name('Footage') },
        }),
      },
      {
        label: 'new container',
        code: 'invalid_grant_name',
        send: admin(endpoints.grantCreate, {
          params: orgParams,
          body: { volume_id: org.volumeId, grant_name: name('Crew'), prefix_path: 'crew' },
        }),
      },
      {
        label: 'container',
        code: 'invalid_grant_name',
        send: admin(endpoints.grantUpdate, {
          params: { ...orgParams, media_grant_id: things.grantId },
          body: { grant_name: name('Cast') },
        }),
      },
      {
        label: 'new app',
        code: 'invalid_app_name',
        send: admin(endpoints.appCreate, { params: orgParams, body: { app_name: name('Laptop') } }),
      },
      {
        label: 'app',
        code: 'invalid_app_name',
        send: admin(endpoints.appUpdate, {
          params: { ...orgParams, app_id: things.appId },
          body: { app_name: name('Tablet') },
        }),
      },
      {
        label: 'device',
        code: 'invalid_device_name',
        send: admin(endpoints.deviceUpdate, {
          params: { ...orgParams, device_id: things.deviceId },
          body: { device_name: name('Studio') },
        }),
      },
      {
        label: 'new device',
        code: 'invalid_device_name',
        send: () =>
          requestEndpoint(suite.url, endpoints.deviceRegister, {
            params: orgParams,
            body: { app_id: things.appId, secret_key: things.secretKey, device_name: name('Studio') },
            key: things.member.key,
          }),
      },
      ...(['s3_bucket', 's3_bucket_region', 's3_bucket_prefix', 'aws_access_key_id'] as const).flatMap(
        (field) => [
          {
            label: `new network store's ${field}`,
            code: 'invalid_store_settings' as const,
            send: admin(endpoints.networkStoreAdd, {
              params: orgParams,
              body: storeFields({ [field]: name(storeFields()[field]) }),
            }),
          },
          {
            label: `network store's ${field}`,
            code: 'invalid_store_settings' as const,
            send: admin(endpoints.networkStoreUpdate, {
              params: { ...orgParams, s3_bucket_id: things.storeId },
              body: { [field]: name(storeFields()[field]) },
            }),
          },
        ],
      ),
    ]
  }

  it("refuses a control character in every name with the field's own code, changing no row", async () => {
    const things = await namedThings('Controls')
    const { org } = things
    const snapshotSql = await snapshotQuery(suite.server.app.db, EXCLUSIONS)
    const before = await takeSnapshot(suite.server.app.db, snapshotSql)
    const wrong: string[] = []
    for (const [label, control] of CONTROLS) {
      // Inside the name, and at its end, where trimming must not quietly take it away.
      for (const place of ['inside', 'end'] as const) {
        const name = (base: string) =>
          place === 'inside' ? `${base}${control}Bcc: eve@evil.test` : `${base}${control}`
        for (const call of nameCalls(things, name)) {
          const answer = await call.send()
          if (JSON.stringify(answer) !== JSON.stringify(refusal(400, call.code))) {
            wrong.push(`${call.label}, ${label} ${place}: ${answer.status} ${JSON.stringify(answer.body)}`)
          }
        }
      }
    }
    expect(wrong).toEqual([])
    expect(snapshotChanges(before, await takeSnapshot(suite.server.app.db, snapshotSql))).toEqual([])

    // The same names with blanks around them instead are saved trimmed, except where the field's own rule
    // reads the name as sent (volumes: a letter or digit at each end, spec 000 section 5).
    const padded = (base: string) => `  ${base}\u00a0 `
    const answers: Record<string, number> = {}
    for (const call of nameCalls(things, padded)) {
      // A second device or organization of the same name is another rule's business (409).
      if (call.label === 'new device' || call.label === 'new organization') continue
      answers[call.label] = (await call.send()).status
    }
    expect(answers).toEqual({
      organization: 200,
      'user name': 200,
      'new volume': 400,
      volume: 400,
      'new container': 200,
      container: 200,
      'new app': 200,
      app: 200,
      device: 200,
      "new network store's s3_bucket": 200,
      "network store's s3_bucket": 200,
      "new network store's s3_bucket_region": 200,
      "network store's s3_bucket_region": 200,
      "new network store's s3_bucket_prefix": 200,
      "network store's s3_bucket_prefix": 200,
      "new network store's aws_access_key_id": 200,
      "network store's aws_access_key_id": 200,
    })
    const [row] = await suite.server.app.db.query<{
      org_name: string
      app_name: string
      device_name: string
    }>(
      `SELECT o.org_name, a.app_name, d.device_name
         FROM org o JOIN app a ON a.org_id = o.org_id JOIN device d ON d.org_id = o.org_id
        WHERE o.org_id = $1 AND a.app_id = $2 AND d.device_id = $3`,
      [org.orgId, things.appId, things.deviceId],
    )
    expect(row).toEqual({ org_name: 'Acme', app_name: 'Tablet', device_name: 'Studio' })
    const user = await callEndpoint(suite.url, endpoints.currentUser, { key: org.key })
    expect(user.body.user.user_name).toBe('ada_l')
    // Printable text beyond ASCII stays part of a name.
    const printable = await callEndpoint(suite.url, endpoints.orgUpdate, {
      params: { org_id: org.orgId },
      body: { org_name: 'Café\u00a0Noël 東京 🎬' },
      key: org.key,
    })
    expect(printable).toEqual({ status: 200, body: {} })
  })
})
