// Starts the product exactly as `npm start` does (building it when the build is stale) on a port and a
// DATA_DIR, and stops it. globalSetup starts the suite's shared server with it; a spec that stops and
// restarts a server starts its own, so the other specs never see it go away.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '../..')
const START_TIMEOUT_MS = 180_000

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()))
    })
  })
}

async function waitForHealth(url: string, exited: () => string | undefined): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS
  while (Date.now() < deadline) {
    const exitedWith = exited()
    if (exitedWith) throw new Error(`npm start exited (${exitedWith}) before the server answered`)
    try {
      if ((await fetch(`${url}/healthz`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`the server did not answer ${url}/healthz within ${START_TIMEOUT_MS / 1000} s`)
}

/**
 * Waits until no process of the group is left. npm exits first; the server it started may live on for a
 * moment (or linger unreaped), and a restart would then find DATA_DIR still claimed by it.
 */
async function groupGone(groupId: number): Promise<void> {
  const deadline = Date.now() + 30_000
  for (;;) {
    try {
      process.kill(-groupId, 0)
    } catch {
      return // ESRCH: the whole group is gone
    }
    if (Date.now() > deadline) throw new Error(`processes of group ${groupId} are still running`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

export interface ProductServer {
  readonly baseUrl: string
  readonly dataDir: string
  /**
   * Stops the server (npm and the process it started); the port and DATA_DIR stay for a restart. With
   * crash, it is killed at once, as a crash would end it, so no request in flight is finished.
   */
  stop(options?: { crash?: boolean }): Promise<void>
  /** Starts it again on the same port and DATA_DIR. */
  start(): Promise<void>
  /** Stops it and removes its DATA_DIR. */
  close(): Promise<void>
}

export interface ServerOptions {
  /** Name of the log file under test-results/. */
  logName: string
  /** Settings beyond PORT and DATA_DIR (S3_* for instance). */
  env?: Record<string, string>
  /**
   * Storage host names beside PUBLIC_URL (STORAGE_URLS): s1.localhost, s2.localhost… on the server's port,
   * which the browser resolves to loopback. None by default.
   */
  storageHosts?: number
}

/** The STORAGE_URLS of `count` names for the server on this port. */
export const storageUrls = (count: number, port: number) =>
  Array.from({ length: count }, (_, index) => `http://s${index + 1}.localhost:${port}`)

export async function startServer({
  logName,
  env: extra = {},
  storageHosts = 0,
}: ServerOptions): Promise<ProductServer> {
  const port = await freePort()
  if (storageHosts > 0) extra = { ...extra, STORAGE_URLS: storageUrls(storageHosts, port).join(',') }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-console-e2e-'))
  const logFile = path.join(ROOT, 'test-results', logName)
  fs.mkdirSync(path.dirname(logFile), { recursive: true })
  const log = fs.openSync(logFile, 'w')
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // The browser and the seeding helpers all call from loopback, for many new users a minute: no
    // per-address limit should count them (the server's own tests prove the limits).
    RATE_LIMIT_EXEMPT: '127.0.0.1,::1',
    ...extra,
    PORT: String(port),
    DATA_DIR: dataDir,
  }
  delete env.DATABASE_URL // the embedded defaults, as a new user gets them
  const baseUrl = `http://localhost:${port}`
  let child: ChildProcess | undefined
  let exitedWith: string | undefined

  async function start() {
    exitedWith = undefined
    const started = spawn('npm', ['start'], { cwd: ROOT, env, stdio: ['ignore', log, log], detached: true })
    started.on('exit', (code, signal) => (exitedWith = `code ${code}, signal ${signal}`))
    child = started
    try {
      await waitForHealth(baseUrl, () => exitedWith)
    } catch (error) {
      console.error(fs.readFileSync(logFile, 'utf8').slice(-4000))
      // A server that never answered must not outlive the suite.
      if (started.pid && !exitedWith) {
        process.kill(-started.pid, 'SIGKILL')
        await groupGone(started.pid)
      }
      throw error
    }
  }

  async function stop({ crash = false } = {}) {
    const running = child
    child = undefined
    if (!running?.pid || exitedWith) return
    const exited = new Promise((resolve) => running.once('exit', resolve))
    process.kill(-running.pid, crash ? 'SIGKILL' : 'SIGTERM') // npm and the server it started
    await exited
    await groupGone(running.pid)
  }

  await start()
  return {
    baseUrl,
    dataDir,
    stop,
    start,
    async close() {
      await stop()
      fs.closeSync(log)
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * Points this worker's seeding helpers (support/api.ts, support/mail.ts) at a server of the spec's own
 * until the returned function restores the shared one.
 */
export function useServerForSeeding(server: ProductServer): () => void {
  const before = { url: process.env.E2E_BASE_URL, dataDir: process.env.E2E_DATA_DIR }
  process.env.E2E_BASE_URL = server.baseUrl
  process.env.E2E_DATA_DIR = server.dataDir
  return () => {
    process.env.E2E_BASE_URL = before.url
    process.env.E2E_DATA_DIR = before.dataDir
  }
}

/**
 * The body of a worker fixture for a spec that runs on a server of its own (one it stops, restarts or starts
 * with settings of its own): starts it, seeds through it while the spec runs, then closes it.
 */
export async function ownServer(
  options: ServerOptions,
  use: (server: ProductServer) => Promise<void>,
): Promise<void> {
  const server = await startServer(options)
  const restoreSeeding = useServerForSeeding(server)
  try {
    await use(server)
  } finally {
    restoreSeeding()
    await server.close()
  }
}
