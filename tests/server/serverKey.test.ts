// The server key (SERVER_KEY, or DATA_DIR/server.key) is checked at start against a value sealed with the
// first process's key, so a process with another key refuses to start instead of serving without the
// secrets it cannot open; and every sealed value is bound to its row, so it cannot be moved to another.
// Values sealed before either (format 1, no row) still open after the upgrade, and are sealed again.
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import { afterEach, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app.ts'
import { loadConfig } from '../../server/config.ts'
import { endpoints } from '../../server/contract/endpoints.ts'
import type { UploadResponse } from '../../server/contract/media.ts'
import type { Database } from '../../server/db/database.ts'
import { openPGlite } from '../../server/db/pglite.ts'
import { openPostgres } from '../../server/db/postgres.ts'
import { adminOrg, addPerson, type AdminOrg } from './helpers/admin.ts'
import { databaseKinds, freshDatabase, type DatabaseKind, type FreshDatabase } from './helpers/databases.ts'
import { addMount, appWithKey, registerDevice } from './helpers/devices.ts'
import { callEndpoint } from './helpers/endpoint.ts'
import { call } from './helpers/http.ts'
import { startMailbox } from './helpers/mailbox.ts'
import { startS3Server, type TestS3Server } from './helpers/s3Server.ts'
import { startServer, testServerEnv } from './helpers/server.ts'
import { startServerProcess } from './helpers/serverProcess.ts'
import type { Suite } from './helpers/suite.ts'

const KEY_A = crypto.randomBytes(32).toString('hex')
const KEY_B = crypto.randomBytes(32).toString('hex')
const STORE_SECRET = 'S3RVER'
const REFUSAL = "SERVER_KEY does not open this database's sealed values"
const sha256 = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex')

/** A value as servers sealed them before values carried their row: format 1, no associated data. */
function sealedByEarlierServers(plain: Buffer, keyHex: string): Buffer {
  const nonce = crypto.randomBytes(12)
  const cipher = crypto.createCipheriv('aes-256-gcm', Buffer.from(keyHex, 'hex'), nonce)
  const body = Buffer.concat([cipher.update(plain), cipher.final()])
  return Buffer.concat([Buffer.of(1), nonce, cipher.getAuthTag(), body])
}

describe.each(databaseKinds)('the server key on %s', (kind: DatabaseKind) => {
  const cleanups: Array<() => Promise<void>> = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })

  async function fresh(): Promise<FreshDatabase> {
    const database = await freshDatabase(kind)
    cleanups.push(() => database.drop())
    return database
  }

  async function s3(): Promise<TestS3Server> {
    const server = await startS3Server('', { browser: true })
    cleanups.push(() => server.close())
    return server
  }

  /** A server with a mailbox on the database (which it leaves in place when closed). */
  async function start(database: FreshDatabase, env: Record<string, string> = {}) {
    const mailbox = await startMailbox()
    const server = await startServer(kind, {
      database,
      env: { SMTP_URL: mailbox.url, STORE_ALLOW_PRIVATE_HOSTS: 'true', ...env },
    }).catch(async (error: unknown) => {
      await mailbox.close()
      throw error
    })
    let closed = false
    const close = async () => {
      if (closed) return
      closed = true
      await server.close()
      await mailbox.close()
    }
    cleanups.push(close)
    const suite: Suite = { server, mailbox, url: server.url }
    return { suite, close }
  }

  /** Builds the app as main.ts does and expects it to refuse; answers why, and what it logged. */
  async function refusedStart(database: FreshDatabase, env: Record<string, string> = {}) {
    const logs: string[] = []
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logs.push(chunk.toString())
        done()
      },
    })
    const config = loadConfig(testServerEnv(database, env))
    let app
    try {
      app = await buildApp({ config, logStream, appDir: '/nonexistent-app-dir' })
    } catch (error) {
      return { message: (error as Error).message, logs }
    }
    await app.close()
    throw new Error('the server started')
  }

  /** The database as it is on disk, opened without migrating, for rows a test writes while no server runs. */
  async function openRaw(database: FreshDatabase): Promise<Database> {
    return database.databaseUrl
      ? openPostgres(database.databaseUrl)
      : openPGlite(path.join(database.dataDir, 'pgdata'))
  }

  async function withRaw(database: FreshDatabase, work: (db: Database) => Promise<void>): Promise<void> {
    const db = await openRaw(database)
    try {
      await work(db)
    } finally {
      await db.close()
    }
  }

  /** Takes the database back to before the check: its migration undone, as an earlier version left it. */
  async function forgetTheCheck(db: Database): Promise<void> {
    await db.exec('DROP TABLE server_key_check')
    await db.query("DELETE FROM schema_migration WHERE migration_id LIKE '%_server_key_check'")
  }

  /** An organization whose device mounts two volumes' containers; answers how to ask each volume's key. */
  async function twoMountedVolumes(suite: Suite) {
    const org = await adminOrg(suite, 'Keys')
    const app = await appWithKey(suite, org, 'Desktop')
    const member = await addPerson(suite, org, { cap_add_device: true })
    const device = await registerDevice(suite, member, org.orgId, app, 'Edit bay')
    const volume = await callEndpoint(suite.url, endpoints.volumeCreate, {
      params: { org_id: org.orgId },
      body: { volume_name: 'Second' },
      key: org.key,
    })
    expect(volume.status, JSON.stringify(volume.body)).toBe(200)
    const grants = await callEndpoint(suite.url, endpoints.grantList, {
      params: { org_id: org.orgId },
      key: org.key,
    })
    const second = grants.body.media_grant_list.find(
      (grant) => grant.volume_id === volume.body.volume_id && grant.prefix_path === '/',
    )
    expect(second).toBeDefined()
    await addMount(suite, org, device.deviceId, org.grantId)
    await addMount(suite, org, device.deviceId, second?.media_grant_id as number)
    return {
      org,
      deviceId: device.deviceId,
      first: { volumeId: org.volumeId, grantId: org.grantId },
      second: { volumeId: volume.body.volume_id, grantId: second?.media_grant_id as number },
    }
  }

  /** The key of the volume of a container the device mounts, as an admin asks for it. */
  const keyOf = (suite: Suite, org: AdminOrg, deviceId: number, grantId: number) =>
    callEndpoint(suite.url, endpoints.deviceVolumeKey, {
      params: { org_id: org.orgId, device_id: deviceId, media_grant_id: grantId },
      key: org.key,
    })

  /** Adds a network store through the call (a real round trip to the bucket); answers its id. */
  async function addStore(suite: Suite, org: AdminOrg, store: TestS3Server, prefix: string) {
    const added = await callEndpoint(suite.url, endpoints.networkStoreAdd, {
      params: { org_id: org.orgId },
      body: {
        s3_bucket: store.bucket,
        s3_bucket_region: 'us-east-1',
        s3_host: store.endpoint,
        s3_bucket_prefix: prefix,
        aws_access_key_id: 'S3RVER',
        aws_secret_access_key: STORE_SECRET,
      },
      key: org.key,
    })
    expect(added.status, JSON.stringify(added.body)).toBe(200)
    return added.body.s3_bucket_id
  }

  /** Registers a new file and asks where to upload it: answers the store the server placed it in. */
  async function placeOf(suite: Suite, org: AdminOrg, name: string): Promise<number | undefined> {
    const bytes = crypto.randomBytes(64)
    const ref = { file_hash: sha256(bytes), file_size: bytes.length }
    const base = `/web/1/org/${org.orgId}/media_grant/${org.grantId}`
    const media = await call(suite.url, 'POST', `${base}/media`, {
      key: org.key,
      body: { media_path: name, ...ref },
    })
    expect(media.status, JSON.stringify(media.body)).toBe(200)
    const signed = await call<UploadResponse>(suite.url, 'POST', `${base}/upload`, {
      key: org.key,
      body: { file_list: [ref] },
    })
    expect(signed.status, JSON.stringify(signed.body)).toBe(200)
    return signed.body.upload_list[0]?.s3_bucket_id
  }

  const logLines = (logs: string[]) => logs.map((line) => JSON.parse(line) as Record<string, unknown>)

  it('refuses to start a process whose key does not open the database, naming SERVER_KEY; the first keeps serving and starts again', async () => {
    const database = await fresh()
    // The first process makes DATA_DIR/server.key, as an install without SERVER_KEY does.
    const first = await start(database)
    await expect(fs.stat(path.join(database.dataDir, 'server.key'))).resolves.toBeDefined()

    if (kind === 'postgres') {
      // A second process on the same PostgreSQL with a DATA_DIR of its own, so a server.key of its own.
      const otherDir = await fs.mkdtemp(path.join(os.tmpdir(), 'media-console-test-'))
      cleanups.push(() => fs.rm(otherDir, { recursive: true, force: true }))
      const refused = await refusedStart({ ...database, dataDir: otherDir })
      expect(refused.message).toContain(REFUSAL)
      expect(refused.message).toContain(path.join(otherDir, 'server.key'))
      expect(refused.message).toContain('give every process the same SERVER_KEY')
      const fatal = logLines(refused.logs).find((line) => line.level === 60)
      expect(fatal?.msg).toBe(refused.message)
      expect((await fetch(`${first.suite.url}/healthz`)).status).toBe(200)
    }
    await first.close()

    const refused = await refusedStart(database, { SERVER_KEY: KEY_B })
    expect(refused.message).toContain(REFUSAL)
    expect(refused.message).toContain('give every process the same SERVER_KEY')
    // The process that made the key still starts (and the refused one left the database free for it).
    const again = await start(database)
    expect((await fetch(`${again.suite.url}/healthz`)).status).toBe(200)
  })

  it('started as npm start starts it, a process with another key exits before it listens, with status 2 and the error logged', async () => {
    const database = await fresh()
    const first = await start(database, { SERVER_KEY: KEY_A })
    await first.close()

    const refused = await startServerProcess(
      testServerEnv(database, { SERVER_KEY: KEY_B, APP_DIR: '/nonexistent-app-dir' }),
    )
    // Stopped should it have started after all, so a failing run leaves no server behind.
    cleanups.push(() => refused.stop())
    expect(refused.url, refused.stdout()).toBeUndefined()
    expect(refused.exitCode).toBe(2)
    expect(refused.stderr()).toContain(REFUSAL)
    expect(refused.stderr()).toContain('give every process the same SERVER_KEY')
    const fatal = refused
      .stdout()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => line.level === 60)
    expect(fatal?.msg).toEqual(expect.stringContaining(REFUSAL))
    expect(refused.stdout()).not.toContain('Server listening')

    // The right key starts it.
    const started = await startServerProcess(
      testServerEnv(database, { SERVER_KEY: KEY_A, APP_DIR: '/nonexistent-app-dir' }),
    )
    cleanups.push(() => started.stop())
    expect(started.url, started.stderr()).toBeDefined()
    expect((await fetch(`${started.url}/healthz`)).status).toBe(200)
  })

  it("does not open a volume's key moved to another volume's row", async () => {
    const { suite } = await start(await fresh())
    const { org, deviceId, first, second } = await twoMountedVolumes(suite)
    const firstKey = await keyOf(suite, org, deviceId, first.grantId)
    expect(firstKey.body.volume_encryption_key).toMatch(/^[0-9a-f]{64}$/)

    await suite.server.app.db.query(
      'UPDATE volume SET sealed_key = (SELECT sealed_key FROM volume WHERE volume_id = $1) WHERE volume_id = $2',
      [first.volumeId, second.volumeId],
    )
    const moved = await keyOf(suite, org, deviceId, second.grantId)
    expect(moved.status).toBe(500)
    expect(JSON.stringify(moved.body)).not.toContain(firstKey.body.volume_encryption_key)
    // The volume whose key it is still answers it.
    expect((await keyOf(suite, org, deviceId, first.grantId)).body).toEqual(firstKey.body)
  })

  it("does not open a network store's secret moved to another store's row: uploads skip that store", async () => {
    const bucket = await s3()
    const { suite } = await start(await fresh())
    const org = await adminOrg(suite, 'Stores')
    const storeA = await addStore(suite, org, bucket, 'a')
    const storeB = await addStore(suite, org, bucket, 'b')
    // B first: its own sealed secret opens, and it takes uploads.
    await suite.server.app.db.query('UPDATE s3_bucket SET is_disabled = true WHERE s3_bucket_id = $1', [
      storeA,
    ])
    expect(await placeOf(suite, org, '/before.bin')).toBe(storeB)

    // The same secret, sealed for A, written into B's row: it does not open there.
    await suite.server.app.db.query(
      `UPDATE s3_bucket
          SET sealed_secret = (SELECT sealed_secret FROM s3_bucket WHERE s3_bucket_id = $1),
              updated_at = now(), last_probe_at = NULL
        WHERE s3_bucket_id = $2`,
      [storeA, storeB],
    )
    expect(await placeOf(suite, org, '/after.bin')).toBe(0)
    const failed = logLines(suite.server.logs).find(
      (line) => line.msg === 'a network store failed its probe' && line.s3_bucket_id === storeB,
    )
    // Logged with the error's own message and stack.
    expect(failed?.err).toMatchObject({ message: expect.stringMatching(/authenticate/) })
    expect((failed?.err as { stack?: string } | undefined)?.stack).toMatch(/\n\s+at /)
  })

  it('opens values sealed before they carried their row, seals them again bound to it, and writes the check', async () => {
    const bucket = await s3()
    const database = await fresh()
    const env = { SERVER_KEY: KEY_A }
    const before = await start(database, env)
    const { org, deviceId, first } = await twoMountedVolumes(before.suite)
    const volumeKey = (await keyOf(before.suite, org, deviceId, first.grantId)).body.volume_encryption_key
    const store = await addStore(before.suite, org, bucket, 'kept')
    await before.close()

    // As an earlier version left the database: no check, and values sealed without their row.
    const earlierKey = sealedByEarlierServers(Buffer.from(volumeKey, 'hex'), KEY_A)
    const earlierSecret = sealedByEarlierServers(Buffer.from(STORE_SECRET), KEY_A)
    await withRaw(database, async (db) => {
      await forgetTheCheck(db)
      await db.query('UPDATE volume SET sealed_key = $2 WHERE volume_id = $1', [first.volumeId, earlierKey])
      await db.query('UPDATE s3_bucket SET sealed_secret = $2 WHERE s3_bucket_id = $1', [
        store,
        earlierSecret,
      ])
    })

    const after = await start(database, env)
    const db = after.suite.server.app.db
    expect((await keyOf(after.suite, org, deviceId, first.grantId)).body.volume_encryption_key).toBe(
      volumeKey,
    )
    expect(await placeOf(after.suite, org, '/kept.bin')).toBe(store)
    // Sealed again in the current format, bound to their rows, and the check written.
    const [volume] = await db.query<{ sealed_key: Uint8Array }>(
      'SELECT sealed_key FROM volume WHERE volume_id = $1',
      [first.volumeId],
    )
    const [secret] = await db.query<{ sealed_secret: Uint8Array }>(
      'SELECT sealed_secret FROM s3_bucket WHERE s3_bucket_id = $1',
      [store],
    )
    expect(volume?.sealed_key[0]).toBe(2)
    expect(secret?.sealed_secret[0]).toBe(2)
    expect(await db.query('SELECT 1 FROM server_key_check')).toHaveLength(1)

    // A value of the earlier format written back (from a copy of the database) no longer opens, and the next
    // start does not seal it for the row it was written into.
    await db.query('UPDATE volume SET sealed_key = $2 WHERE volume_id = $1', [first.volumeId, earlierKey])
    expect((await keyOf(after.suite, org, deviceId, first.grantId)).status).toBe(500)
    await after.close()
    const again = await start(database, env)
    expect((await keyOf(again.suite, org, deviceId, first.grantId)).status).toBe(500)
    const [left] = await again.suite.server.app.db.query<{ sealed_key: Uint8Array }>(
      'SELECT sealed_key FROM volume WHERE volume_id = $1',
      [first.volumeId],
    )
    expect(left?.sealed_key[0]).toBe(1)
    await again.close()
    await expect(refusedStart(database, { SERVER_KEY: KEY_B })).resolves.toMatchObject({
      message: expect.stringContaining(REFUSAL),
    })
  })

  it('refuses another key on a database from before the check whose sealed values that key does not open', async () => {
    const database = await fresh()
    const before = await start(database, { SERVER_KEY: KEY_A })
    const { org, deviceId, first } = await twoMountedVolumes(before.suite)
    const volumeKey = (await keyOf(before.suite, org, deviceId, first.grantId)).body.volume_encryption_key
    await before.close()
    await withRaw(database, async (db) => {
      await forgetTheCheck(db)
      await db.query('UPDATE volume SET sealed_key = $2 WHERE volume_id = $1', [
        first.volumeId,
        sealedByEarlierServers(Buffer.from(volumeKey, 'hex'), KEY_A),
      ])
    })

    const refused = await refusedStart(database, { SERVER_KEY: KEY_B })
    expect(refused.message).toContain(REFUSAL)
    // Nothing was pinned to the refused key: the key that sealed the values still starts.
    const after = await start(database, { SERVER_KEY: KEY_A })
    expect((await keyOf(after.suite, org, deviceId, first.grantId)).body.volume_encryption_key).toBe(
      volumeKey,
    )
    await after.close()
  })

  it('starts on a database from before the check whose values only partly open, naming each one that does not', async () => {
    const bucket = await s3()
    const database = await fresh()
    const before = await start(database, { SERVER_KEY: KEY_A })
    const { org, deviceId, first } = await twoMountedVolumes(before.suite)
    const volumeKey = (await keyOf(before.suite, org, deviceId, first.grantId)).body.volume_encryption_key
    const store = await addStore(before.suite, org, bucket, 'other-key')
    await before.close()
    // Two processes with two keys served this database before the check: each sealed some of its values.
    await withRaw(database, async (db) => {
      await forgetTheCheck(db)
      await db.query('UPDATE volume SET sealed_key = $2 WHERE volume_id = $1', [
        first.volumeId,
        sealedByEarlierServers(Buffer.from(volumeKey, 'hex'), KEY_A),
      ])
      await db.query('UPDATE s3_bucket SET sealed_secret = $2 WHERE s3_bucket_id = $1', [
        store,
        sealedByEarlierServers(Buffer.from(STORE_SECRET), KEY_B),
      ])
    })

    const after = await start(database, { SERVER_KEY: KEY_A })
    expect((await keyOf(after.suite, org, deviceId, first.grantId)).body.volume_encryption_key).toBe(
      volumeKey,
    )
    const unopened = logLines(after.suite.server.logs).filter((line) => line.sealed !== undefined)
    expect(unopened).toEqual([
      expect.objectContaining({
        level: 50,
        sealed: `network store ${store}`,
        msg: expect.stringContaining('does not open with this SERVER_KEY'),
      }),
    ])
    // The check is written with the key that opened the rest: the other key is now refused.
    await after.close()
    expect((await refusedStart(database, { SERVER_KEY: KEY_B })).message).toContain(REFUSAL)
  })
})
