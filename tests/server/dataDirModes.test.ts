// DATA_DIR holds what no other user of the machine may read: the server key, sign-in codes in the outbox,
// the embedded database and every stored object. Nothing in it is readable, writable or searchable by group
// or others: directories 0700, files 0600. The server started as `npm start` starts it (the umask main.ts
// sets reaches PGlite's own files) leaves nothing else; the product's own writers keep those modes under
// any umask; and an existing DATA_DIR with looser modes is tightened at start.
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { endpoints } from '../../server/contract/endpoints.ts'
import type { UploadResponse } from '../../server/contract/media.ts'
import { readyOrg } from './helpers/accounts.ts'
import { databaseKinds, freshDatabase, type DatabaseKind, type FreshDatabase } from './helpers/databases.ts'
import { callEndpoint } from './helpers/endpoint.ts'
import { call } from './helpers/http.ts'
import type { Mailbox } from './helpers/mailbox.ts'
import { multipartContent, partEntry, send, sha256Hex } from './helpers/objects.ts'
import { startServer, testServerEnv, type TestServer } from './helpers/server.ts'
import { startServerProcess, type ServerProcess } from './helpers/serverProcess.ts'

const OPEN_TO_OTHERS = 0o077

/** Every file and directory under dir (dir itself first), with its permission bits. */
async function walk(dir: string): Promise<Array<{ path: string; mode: number; isDirectory: boolean }>> {
  const stat = await fs.lstat(dir)
  const found = [{ path: dir, mode: stat.mode & 0o777, isDirectory: stat.isDirectory() }]
  if (stat.isDirectory()) {
    for (const name of await fs.readdir(dir)) found.push(...(await walk(path.join(dir, name))))
  }
  return found
}

/** What group or others may touch, as `path mode` lines (empty when nothing). */
const openToOthers = (entries: Awaited<ReturnType<typeof walk>>) =>
  entries
    .filter((entry) => (entry.mode & OPEN_TO_OTHERS) !== 0)
    .map((entry) => `${entry.path} ${entry.mode.toString(8)}`)

const relative = (root: string, entries: Awaited<ReturnType<typeof walk>>) =>
  entries.map((entry) => path.relative(root, entry.path))

/** Sign-in codes as a server without SMTP_URL prints them, read from its output. */
function printedCodes(server: ServerProcess): Mailbox {
  return {
    url: '',
    latestTo: () => Promise.reject(new Error('the outbox is read through the printed line')),
    received: () => [],
    async codeFor(address) {
      const deadline = Date.now() + 5000
      for (;;) {
        const codes = [...server.stdout().matchAll(/^Sign-in code for (\S+): (\d+)$/gm)]
        const code = codes.findLast((match) => match[1] === address.toLowerCase())?.[2]
        if (code) return code
        if (Date.now() > deadline) throw new Error(`no sign-in code for ${address} was printed`)
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    },
    close: async () => {},
  }
}

/** A signed URL of the local store, aimed at the server's real address (PUBLIC_URL names another port). */
function onServer<T extends { url: string }>(url: string, signed: T): T {
  const target = new URL(signed.url)
  return { ...signed, url: `${url}${target.pathname}${target.search}` }
}

describe.each(databaseKinds)('DATA_DIR modes on %s', (kind: DatabaseKind) => {
  const cleanups: Array<() => Promise<void>> = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })

  async function fresh(): Promise<FreshDatabase> {
    const database = await freshDatabase(kind)
    cleanups.push(() => database.drop())
    return database
  }

  it('started as npm start starts it on a new DATA_DIR, after a sign-up mail and an upload, leaves nothing open to others', async () => {
    const database = await fresh()
    // A DATA_DIR the server makes itself, inside the test's own directory.
    const dataDir = path.join(database.dataDir, 'data')
    const server = await startServerProcess(
      testServerEnv({ ...database, dataDir }, { APP_DIR: '/nonexistent-app-dir' }),
    )
    cleanups.push(() => server.stop())
    const url = server.url as string
    expect(url, server.stderr()).toBeDefined()

    // A sign-up (its code mailed to the outbox), an organization, and a file uploaded to the local store.
    const org = await readyOrg({ url, mailbox: printedCodes(server) }, 'Modes')
    const grants = await callEndpoint(url, endpoints.grantList, {
      params: { org_id: org.orgId },
      key: org.key,
    })
    const grantId = grants.body.media_grant_list.find(
      (grant) => grant.volume_id === org.volumeId,
    )?.media_grant_id
    const bytes = crypto.randomBytes(1000)
    const ref = { file_hash: sha256Hex(bytes), file_size: bytes.length }
    const base = `/web/1/org/${org.orgId}/media_grant/${grantId}`
    expect(
      (await call(url, 'POST', `${base}/media`, { key: org.key, body: { media_path: '/a.bin', ...ref } }))
        .status,
    ).toBe(200)
    const signed = await call<UploadResponse>(url, 'POST', `${base}/upload`, {
      key: org.key,
      body: { file_list: [ref] },
    })
    const opts = signed.body.upload_list[0]?.signed_opts
    if (!opts) throw new Error(`no signed PUT in ${JSON.stringify(signed.body)}`)
    const sent = onServer(url, opts)
    expect((await fetch(sent.url, { method: sent.method, headers: sent.headers, body: bytes })).status).toBe(
      200,
    )
    // Confirmed, the sender's copy becomes the object.
    const confirmed = await call(url, 'POST', `${base}/s3_object`, {
      key: org.key,
      body: { s3_bucket_id: 0, ...ref },
    })
    expect(confirmed.status).toBe(200)

    const entries = await walk(dataDir)
    const names = relative(dataDir, entries)
    expect(names).toEqual(expect.arrayContaining(['server.key', 'outbox', 'objects', 'tmp']))
    expect(names.some((name) => /^outbox\/.+\.eml$/.test(name))).toBe(true)
    expect(names.some((name) => name.startsWith('objects/') && name.endsWith(ref.file_hash))).toBe(true)
    if (kind === 'pglite') {
      expect(names).toEqual(expect.arrayContaining(['server.pid', 'pgdata', 'pgdata/PG_VERSION']))
    }
    expect(openToOthers(entries)).toEqual([])
  })

  it('keeps the modes of its own files under a permissive umask: objects, parts, the outbox, the key', async () => {
    // The test process's umask is the usual 022; a server embedded without main.ts must still write 0600.
    const umask = process.umask(0o022)
    cleanups.push(async () => void process.umask(umask))
    const database = await fresh()
    const server: TestServer = await startServer(kind, { database })
    cleanups.push(() => server.close())
    const store = server.app.store

    const single = crypto.randomBytes(500)
    const key = { orgId: 7, fileHash: sha256Hex(single) }
    const put = await store.signPut(key, { sha256Hex: key.fileHash, size: single.length }, 60)
    expect((await send(onServer(server.url, put), single)).status).toBe(200)
    // Parts: one upload completed (its parts become the object's), one still open.
    for (const complete of [true, false]) {
      const content = multipartContent([1500, 700])
      const partsKey = { orgId: 7, fileHash: content.fileHash }
      const uploadId = await store.createMultipart(partsKey)
      for (const part of content.parts) {
        const signed = await store.signPartPut(partsKey, uploadId, partEntry(part), 60)
        expect((await send(onServer(server.url, signed), part.bytes)).status).toBe(200)
      }
      if (complete) await store.completeMultipart(partsKey, uploadId, content.parts.map(partEntry))
    }
    const mailed = await call(server.url, 'POST', '/api/1/user/email_code', {
      body: { email: 'modes@example.com', signup: true },
    })
    expect(mailed.status).toBe(200)

    const dataDir = database.dataDir
    // PGlite writes its own files with the process's umask (main.ts sets it; the test above covers them).
    const entries = (await walk(dataDir)).filter(
      (entry) => !entry.path.startsWith(path.join(dataDir, 'pgdata/')),
    )
    const names = relative(dataDir, entries)
    expect(names).toEqual(expect.arrayContaining(['server.key', 'outbox', 'objects', 'uploads', 'tmp']))
    expect(names.some((name) => name.endsWith('.parts'))).toBe(true)
    expect(names.some((name) => /^uploads\/[0-9a-f]{32}\/\d+\.[0-9a-f]{64}\.verified$/.test(name))).toBe(true)
    expect(openToOthers(entries)).toEqual([])
  })

  it('tightens an existing DATA_DIR with looser modes at start', async () => {
    const umask = process.umask(0o022)
    cleanups.push(async () => void process.umask(umask))
    const database = await fresh()
    const dataDir = database.dataDir
    // As an earlier version left it: the directory and its parts open to all, the key readable by all.
    await fs.chmod(dataDir, 0o755)
    await fs.writeFile(path.join(dataDir, 'server.key'), `${crypto.randomBytes(32).toString('hex')}\n`, {
      mode: 0o644,
    })
    for (const dir of ['outbox', 'objects', 'uploads', 'tmp'])
      await fs.mkdir(path.join(dataDir, dir), { mode: 0o755 })

    const server = await startServer(kind, { database })
    cleanups.push(() => server.close())
    const modeOf = async (name: string) =>
      ((await fs.stat(path.join(dataDir, name))).mode & 0o777).toString(8)
    expect(await modeOf('.')).toBe('700')
    expect(await modeOf('server.key')).toBe('600')
    for (const dir of ['outbox', 'objects', 'uploads', 'tmp']) expect(await modeOf(dir)).toBe('700')
    if (kind === 'pglite') expect(await modeOf('pgdata')).toBe('700')
  })
})
