// A restart that loses nothing, as a process manager does it: the server runs as `npm start` runs it
// (server/main.ts in a process of its own), a part PUT to the local store is in flight, and SIGTERM comes.
// The process stops taking connections, lets the PUT finish (200, the part kept), closes the idle
// keep-alive connection a client left, and exits 0 well within SHUTDOWN_GRACE_SECONDS; started again, it
// offers the part as stored. A request still running when the grace period ends is cut, and the exit is 1.
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import http from 'node:http'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterEach, describe, expect, it } from 'vitest'
import type { MultipartResponse } from '../../server/contract/media.ts'
import { partFileName } from '../../server/storage/localParts.ts'
import { databaseKinds, freshDatabase, type FreshDatabase } from './helpers/databases.ts'
import { call } from './helpers/http.ts'
import { startMailbox, type Mailbox } from './helpers/mailbox.ts'
import { grantedOrg, type GrantedOrg } from './helpers/media.ts'
import { multipartContent, type TestPart } from './helpers/objects.ts'
import { startServerProcess, type ServerProcess } from './helpers/serverProcess.ts'
import { testServerEnv } from './helpers/server.ts'

const MiB = 1024 * 1024
const GRACE_SECONDS = 10

/** A PUT whose body the test sends piece by piece, on the agent's connection. */
function slowPut(url: string, size: number, agent: http.Agent) {
  let settle: { resolve: (status: number) => void; reject: (error: Error) => void }
  const answered = new Promise<number>((resolve, reject) => (settle = { resolve, reject }))
  const request = http.request(
    url,
    { method: 'PUT', agent, headers: { 'content-length': size } },
    (response) => {
      response.resume()
      response.on('end', () => settle.resolve(response.statusCode ?? 0))
    },
  )
  request.on('error', (error) => settle.reject(error))
  const write = (chunk: Buffer) => new Promise<void>((resolve) => request.write(chunk, () => resolve()))
  return { write, end: () => request.end(), answered }
}

/** Whether a new connection is refused, or answered 503 (draining): the process takes no new work. */
async function takesNoNewWork(url: string): Promise<boolean> {
  try {
    const answer = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(1_000) })
    return answer.status === 503
  } catch {
    return true
  }
}

interface Upload {
  uploadId: string
  parts: TestPart[]
  answer: MultipartResponse
}

/** Registers a two-part file and opens (or resumes) its multipart upload on the local store. */
async function openUpload(url: string, org: GrantedOrg, content: ReturnType<typeof multipartContent>) {
  const file = { file_hash: content.fileHash, file_size: content.whole.length }
  const partList = content.parts.map((part) => ({
    part_num: part.partNumber,
    part_hash: part.sha256Hex,
    part_size: part.size,
  }))
  const opened = await call<MultipartResponse>(url, 'POST', `${org.base}/multipart`, {
    key: org.key,
    body: { ...file, part_list: partList },
  })
  expect(opened.status, JSON.stringify(opened.body)).toBe(200)
  return { uploadId: opened.body.upload_id, parts: content.parts, answer: opened.body } satisfies Upload
}

describe.each(databaseKinds)('drain on %s', (kind) => {
  let mailbox: Mailbox | undefined
  let database: FreshDatabase | undefined
  const servers: ServerProcess[] = []
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.stop()
    await mailbox?.close()
    await database?.drop()
  })

  const start = async (env: Record<string, string>) => {
    const server = await startServerProcess(
      testServerEnv(database as FreshDatabase, {
        SMTP_URL: (mailbox as Mailbox).url,
        MAIL_FROM: 'Media Console <console@example.com>',
        APP_DIR: '/nonexistent-app-dir',
        ...env,
      }),
    )
    servers.push(server)
    expect(server.url, server.stderr()).toBeDefined()
    return { server, url: server.url as string }
  }

  it(
    'finishes a part PUT in flight at SIGTERM, takes no new connection, exits 0 within the grace period; past it, exits 1',
    { timeout: 90_000 },
    async () => {
      mailbox = await startMailbox()
      database = await freshDatabase(kind)
      const first = await start({ SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS) })
      const org = await grantedOrg({ url: first.url, mailbox }, 'Drain')
      const content = multipartContent([8 * MiB, 1 + crypto.randomInt(1000)])
      const file = { file_hash: content.fileHash, file_size: content.whole.length }
      const media = await call(first.url, 'POST', `${org.base}/media`, {
        key: org.key,
        body: { media_path: '/media/drain.bin', ...file },
      })
      expect(media.status, JSON.stringify(media.body)).toBe(200)
      const upload = await openUpload(first.url, org, content)
      const [part] = upload.parts
      const partUrl = upload.answer.upload_list[0]?.signed_opts?.url
      if (!part || !partUrl) throw new Error('the upload has no first part to send')

      // A client's keep-alive connection, idle at SIGTERM: it must not hold the process open.
      const agent = new http.Agent({ keepAlive: true, maxSockets: 2 })
      const idle = await new Promise<number>((resolve, reject) =>
        http
          .get(`${first.url}/healthz`, { agent }, (response) => {
            response.resume()
            response.on('end', () => resolve(response.statusCode ?? 0))
          })
          .on('error', reject),
      )
      expect(idle).toBe(200)

      const put = slowPut(partUrl, part.size, agent)
      const half = part.size / 2
      await put.write(part.bytes.subarray(0, half))
      await sleep(200)
      const signalled = Date.now()
      first.server.signal('SIGTERM')

      let refused = false
      for (let tries = 0; tries < 40 && !refused; tries++) {
        refused = await takesNoNewWork(first.url)
        if (!refused) await sleep(50)
      }
      expect(refused, 'a new connection was still served as ready after SIGTERM').toBe(true)
      expect(first.server.exitCode).toBeUndefined()

      // The rest of the part, slowly, well after the drain began.
      for (let offset = half; offset < part.size; offset += MiB) {
        await put.write(part.bytes.subarray(offset, Math.min(offset + MiB, part.size)))
        await sleep(100)
      }
      put.end()
      expect(await put.answered).toBe(200)

      expect(await first.server.ended()).toBe(0)
      expect(Date.now() - signalled).toBeLessThan(GRACE_SECONDS * 1000)
      agent.destroy()
      const kept = await fs.readFile(
        path.join(database.dataDir, 'uploads', upload.uploadId, partFileName(part)),
      )
      expect(crypto.createHash('sha256').update(kept).digest('hex')).toBe(part.sha256Hex)
      const log = first.server.stdout()
      expect(log).toContain('"msg":"draining"')
      expect(log).toContain('"msg":"closed"')

      // Started again: the part is stored, so the upload resumes without it.
      const second = await start({ SHUTDOWN_GRACE_SECONDS: '1' })
      const resumed = await openUpload(second.url, org, content)
      expect(resumed.uploadId).toBe(upload.uploadId)
      expect(resumed.answer.upload_list.map((item) => item.skip_upload)).toEqual([true, false])

      // A PUT that never sends its last byte outlives a grace period of 1 s: the process exits 1, not sooner.
      const lastUrl = resumed.answer.upload_list[1]?.signed_opts?.url
      const last = upload.parts[1]
      if (!last || !lastUrl) throw new Error('the upload has no second part to send')
      const stalled = slowPut(lastUrl, last.size, new http.Agent())
      stalled.answered.catch(() => {})
      await stalled.write(last.bytes.subarray(0, last.size - 1))
      await sleep(200)
      const cut = Date.now()
      second.server.signal('SIGTERM')
      expect(await second.server.ended()).toBe(1)
      expect(Date.now() - cut).toBeGreaterThanOrEqual(900)
      expect(second.server.stdout()).toContain('requests still running at the end of the grace period')
    },
  )
})
