// Several server processes as docs/deploy.md deploys them: two real processes (server/main.ts, bundled as the
// build bundles it), each with its own DATA_DIR as on machines of their own, on one PostgreSQL database, one
// S3-compatible store (the stand-in with ListParts) and one SERVER_KEY, behind a balancer that sends each
// request to the next process (helpers/roundRobinProxy.ts, with the headers the guide's nginx configuration
// sets). Nothing a process keeps for itself may matter: a sign-in, a listing, an upload's parts, a network
// store are the database's and the bucket's, so any process carries on what another began, and a process
// killed mid-upload costs no part. Then `npm run serve`'s cluster: N processes on one port of one machine.
// PostgreSQL only (more than one process cannot share the embedded database), so these run when
// TEST_DATABASE_URL is set, as the server suite's PostgreSQL half does; the refusal without it always runs.
import { spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints } from '../../server/contract/endpoints.ts'
import type {
  DirListResponse,
  DownloadUrlResponse,
  MultipartResponse,
  SignedOpts,
  UploadResponse,
} from '../../server/contract/media.ts'
import { planParts } from '../../server/contract/parts.ts'
import { readyOrg, type ReadyOrg } from './helpers/accounts.ts'
import { databaseKinds, freshDatabase, type FreshDatabase } from './helpers/databases.ts'
import { callEndpoint } from './helpers/endpoint.ts'
import { call } from './helpers/http.ts'
import { startMailbox, type Mailbox } from './helpers/mailbox.ts'
import { startRoundRobinProxy, type RoundRobinProxy } from './helpers/roundRobinProxy.ts'
import { startS3Server, type TestS3Server } from './helpers/s3Server.ts'
import { freePort } from './helpers/server.ts'
import { startServerCluster } from './helpers/serverCluster.ts'
import { startServerProcess, type ServerProcess } from './helpers/serverProcess.ts'
import { multipartFile } from './helpers/multipartFile.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')
const MiB = 1024 * 1024
const OK = { status: 200, body: {} }
const sha256 = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex')

describe('npm run serve', () => {
  it('refuses more than one process without DATABASE_URL, before it builds or starts anything', () => {
    const run = spawnSync(process.execPath, [path.join(ROOT, 'scripts/serve.mjs'), '--processes', '2'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '' },
      encoding: 'utf8',
    })
    expect(run.status).toBe(2)
    expect(run.stderr).toContain(
      'serve: 2 processes need DATABASE_URL (PostgreSQL): the embedded database in DATA_DIR serves one process.',
    )
    expect(run.stdout).toBe('')
  })
})

/** A file of three parts as the product plans them, its composite hash, and its parts' bytes. */
function threePartFile() {
  const size = 32 * MiB + 1024
  const whole = crypto.randomBytes(size)
  const pieces = planParts(size).map((part) => whole.subarray(part.offset, part.offset + part.part_size))
  expect(pieces).toHaveLength(3)
  return multipartFile(pieces)
}

const send = (opts: SignedOpts | null | undefined, body: Uint8Array) => {
  if (!opts) throw new Error('no signed request to follow')
  return fetch(opts.url, { method: opts.method, headers: opts.headers, body: new Uint8Array(body) })
}

if (databaseKinds.includes('postgres')) {
  describe('two server processes on one PostgreSQL database and one bucket, behind a balancer', () => {
    let database: FreshDatabase
    let mailbox: Mailbox
    let bucket: TestS3Server
    let orgBucket: TestS3Server
    let proxy: RoundRobinProxy
    const dataDirs: string[] = []
    const ports: number[] = []
    /** Each process's environment, kept to start it again. */
    const envs: Array<Record<string, string>> = []
    const processes: ServerProcess[] = []
    const direct = (index: number) => `http://127.0.0.1:${ports[index]}`

    beforeAll(async () => {
      ;[database, mailbox, bucket, orgBucket] = await Promise.all([
        freshDatabase('postgres'),
        startMailbox(),
        startS3Server(),
        startS3Server('', { browser: true }),
      ])
      ports.push(await freePort(), await freePort())
      proxy = await startRoundRobinProxy([direct(0), direct(1)])
      const serverKey = crypto.randomBytes(32).toString('hex')
      for (const port of ports) {
        const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'media-console-scale-'))
        dataDirs.push(dataDir)
        envs.push({
          // What every process of the deployment shares (docs/deploy.md).
          DATABASE_URL: database.databaseUrl as string,
          SERVER_KEY: serverKey,
          PUBLIC_URL: proxy.url,
          TRUSTED_PROXIES: '127.0.0.1',
          ...bucket.env,
          SMTP_URL: mailbox.url,
          MAIL_FROM: 'Media Console <console@example.com>',
          // The organization's own bucket is on loopback.
          STORE_ALLOW_PRIVATE_HOSTS: 'true',
          // And what is each one's own.
          DATA_DIR: dataDir,
          PORT: String(port),
        })
      }
      // Both at once on the new database: the migrations' lock lets one apply them while the other waits.
      processes.push(...(await Promise.all(envs.map((env) => startServerProcess(env)))))
      for (const server of processes) expect(server.url, server.stderr()).toBeDefined()
    })
    afterAll(async () => {
      await Promise.all(processes.map((server) => server.stop()))
      await proxy?.close()
      await Promise.all([bucket?.close(), orgBucket?.close(), mailbox?.close()])
      await database?.drop()
      for (const dir of dataDirs) await fs.rm(dir, { recursive: true, force: true })
    })

    /** A ready organization made through the balancer, so that its calls alternate between the processes. */
    const newOrg = async (label: string) => {
      const before = proxy.served.length
      const org = await readyOrg({ url: proxy.url, mailbox }, label)
      // The code asked for on one process was traded on the other, and so on.
      expect(new Set(proxy.served.slice(before))).toEqual(new Set([0, 1]))
      const grants = await callEndpoint(proxy.url, endpoints.memberGrantList, {
        params: { org_id: org.orgId },
        key: org.key,
      })
      const grantId = grants.body.media_grant_list[0]?.media_grant_id
      expect(grantId).toBeTypeOf('number')
      return { ...org, base: `/web/1/org/${org.orgId}/media_grant/${grantId}` }
    }
    const post = <T = Record<string, unknown>>(url: string, key: string, path: string, body: unknown) =>
      call<T>(url, 'POST', path, { key, body })
    const names = async (url: string, org: ReadyOrg & { base: string }) => {
      const listing = await call<DirListResponse>(url, 'GET', `${org.base}/dir?prefix_path=%2F`, {
        key: org.key,
      })
      expect(listing.status).toBe(200)
      return listing.body.media_list.map((media) => media.media_path)
    }
    const download = async (url: string, org: ReadyOrg & { base: string }, mediaId: number) => {
      const signed = await call<DownloadUrlResponse>(
        url,
        'GET',
        `${org.base}/media/${mediaId}/download_url`,
        { key: org.key },
      )
      expect(signed.status).toBe(200)
      return { url: signed.body.url, bytes: Buffer.from(await (await fetch(signed.body.url)).arrayBuffer()) }
    }

    it('signs in through both, sends the parts of one upload through both, and lists on one what the other registered', async () => {
      const org = await newOrg('Scale')
      const [a, b] = [direct(0), direct(1)]
      // Listed on the first process, which keeps the listing.
      expect(await names(a, org)).toEqual([])

      const file = threePartFile()
      const planA = await post<MultipartResponse>(a, org.key, `${org.base}/multipart`, file.request)
      expect(planA.status, JSON.stringify(planA.body)).toBe(200)
      expect((await send(planA.body.upload_list[0]?.signed_opts, file.pieces[0] as Buffer)).ok).toBe(true)
      // The other process plans the same upload: the part stored is not asked for again.
      const planB = await post<MultipartResponse>(b, org.key, `${org.base}/multipart`, file.request)
      expect(planB.body.upload_id).toBe(planA.body.upload_id)
      expect(planB.body.upload_list.map((part) => part.skip_upload)).toEqual([true, false, false])
      for (const index of [1, 2]) {
        const opts = planB.body.upload_list[index]?.signed_opts
        expect((await send(opts, file.pieces[index] as Buffer)).ok).toBe(true)
      }
      const complete = await post(a, org.key, `${org.base}/multipart_complete`, {
        ...file.request,
        upload_id: planB.body.upload_id,
        s3_bucket_id: 0,
      })
      expect(complete, JSON.stringify(complete.body)).toEqual(OK)

      // Registered on the second; the first's kept listing sees it at once.
      const media = await post<{ media_id: number }>(b, org.key, `${org.base}/media`, {
        media_path: 'clip.bin',
        file_hash: file.request.file_hash,
        file_size: file.request.file_size,
      })
      expect(media.status, JSON.stringify(media.body)).toBe(200)
      expect(await names(a, org)).toEqual(['/media/clip.bin'])
      expect((await download(a, org, media.body.media_id)).bytes.equals(file.whole)).toBe(true)
    })

    it('sends uploads planned on one process to the network store added on the other', async () => {
      const org = await newOrg('ScaleStore')
      const [a, b] = [direct(0), direct(1)]
      const added = await callEndpoint(a, endpoints.networkStoreAdd, {
        params: { org_id: org.orgId },
        key: org.key,
        body: {
          s3_bucket: orgBucket.bucket,
          s3_bucket_region: 'us-east-1',
          s3_host: orgBucket.endpoint,
          s3_bucket_prefix: 'org-store',
          aws_access_key_id: 'S3RVER',
          aws_secret_access_key: 'S3RVER',
        },
      })
      expect(added.status, JSON.stringify(added.body)).toBe(200)
      const storeId = added.body.s3_bucket_id

      const bytes = crypto.randomBytes(64 * 1024)
      const ref = { file_hash: sha256(bytes), file_size: bytes.length }
      const media = await post<{ media_id: number }>(b, org.key, `${org.base}/media`, {
        media_path: 'photo.bin',
        ...ref,
      })
      expect(media.status).toBe(200)
      // The second process opens the store's secret the first sealed (one SERVER_KEY) and signs for it.
      const signed = await post<UploadResponse>(b, org.key, `${org.base}/upload`, { file_list: [ref] })
      const item = signed.body.upload_list[0]
      expect(item?.s3_bucket_id).toBe(storeId)
      expect(item?.signed_opts?.url.startsWith(orgBucket.endpoint)).toBe(true)
      expect((await send(item?.signed_opts, bytes)).ok).toBe(true)
      expect(await post(a, org.key, `${org.base}/s3_object`, { s3_bucket_id: storeId, ...ref })).toEqual(OK)
      const fetched = await download(b, org, media.body.media_id)
      expect(fetched.url.startsWith(orgBucket.endpoint)).toBe(true)
      expect(fetched.bytes.equals(bytes)).toBe(true)
    })

    it('finishes an upload across a process killed and started again, sending no part twice', async () => {
      const org = await newOrg('ScaleCrash')
      const file = threePartFile()
      const sent = new Map<number, number>()
      /** Plans the upload where told, checks which parts it still asks for, and sends the first of them. */
      const planAndSendOne = async (url: string, stored: number[]) => {
        const plan = await post<MultipartResponse>(url, org.key, `${org.base}/multipart`, file.request)
        expect(plan.status, JSON.stringify(plan.body)).toBe(200)
        // What the bucket holds (its ListParts) is what the plan skips.
        expect(plan.body.upload_list.filter((part) => part.skip_upload).map((part) => part.part_num)).toEqual(
          stored,
        )
        const next = plan.body.upload_list.find((part) => !part.skip_upload)
        if (next) {
          const answer = await send(next.signed_opts, file.pieces[next.part_num - 1] as Buffer)
          expect(answer.ok).toBe(true)
          sent.set(next.part_num, (sent.get(next.part_num) ?? 0) + 1)
        }
        return plan.body.upload_id
      }

      const uploadId = await planAndSendOne(proxy.url, [])
      // The first process dies as a crash ends it; the balancer passes it over.
      await processes[0]?.kill()
      expect(await planAndSendOne(proxy.url, [1])).toBe(uploadId)
      expect(await planAndSendOne(proxy.url, [1, 2])).toBe(uploadId)
      // Started again on its port, it carries on the upload the others advanced.
      processes[0] = await startServerProcess(envs[0] as Record<string, string>)
      expect(processes[0].url, processes[0].stderr()).toBeDefined()
      expect(await planAndSendOne(direct(0), [1, 2, 3])).toBe(uploadId)
      expect([...sent.entries()].sort()).toEqual([
        [1, 1],
        [2, 1],
        [3, 1],
      ])

      const complete = await post(proxy.url, org.key, `${org.base}/multipart_complete`, {
        ...file.request,
        upload_id: uploadId,
        s3_bucket_id: 0,
      })
      expect(complete, JSON.stringify(complete.body)).toEqual(OK)
      const media = await post<{ media_id: number }>(proxy.url, org.key, `${org.base}/media`, {
        media_path: 'survivor.bin',
        file_hash: file.request.file_hash,
        file_size: file.request.file_size,
      })
      expect(media.status).toBe(200)
      expect((await download(direct(0), org, media.body.media_id)).bytes.equals(file.whole)).toBe(true)
    })
  })

  describe("npm run serve's cluster: processes on one port of one machine", () => {
    let database: FreshDatabase
    beforeAll(async () => {
      database = await freshDatabase('postgres')
    })
    afterAll(async () => {
      await database?.drop()
    })

    /** GET /healthz on a connection of its own: the primary hands each new connection to the next worker. */
    const health = () =>
      new Promise<number>((resolve, reject) => {
        http
          .get(`${cluster?.url}/healthz`, { agent: false }, (answer) => {
            answer.resume()
            answer.on('end', () => resolve(answer.statusCode ?? 0))
          })
          .on('error', reject)
      })
    let cluster: Awaited<ReturnType<typeof startServerCluster>> | undefined

    it('starts the processes on one key, starts a killed one again, and ends them all on SIGTERM', async () => {
      // No SERVER_KEY: the processes share DATA_DIR, and the key the first one makes there.
      cluster = await startServerCluster(2, {
        DATABASE_URL: database.databaseUrl as string,
        DATA_DIR: database.dataDir,
        LOG_LEVEL: 'warn',
      })
      try {
        const first = cluster.workers()
        expect([...first.keys()].sort()).toEqual([1, 2])
        expect(await Promise.all([health(), health(), health(), health()])).toEqual([200, 200, 200, 200])

        const killed = first.get(2) as number
        process.kill(killed, 'SIGKILL')
        await cluster.waitFor(new RegExp(`process 2 \\(pid ${killed}\\) ended \\(signal SIGKILL\\)`))
        const deadline = Date.now() + 30_000
        while (cluster.workers().get(2) === killed && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 50))
        }
        const again = cluster.workers().get(2) as number
        expect(again).not.toBe(killed)
        expect(await Promise.all([health(), health(), health(), health()])).toEqual([200, 200, 200, 200])
      } catch (error) {
        await cluster.stop()
        throw error
      }
      const workers = [...cluster.workers().values()]
      expect(await cluster.stop()).toBe(0)
      expect(cluster.stdout()).toContain('serve: SIGTERM: stopping 2 server processes')
      // Each worker ended too, not only the primary.
      for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow()
    })
  })
}
