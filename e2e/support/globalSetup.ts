// Starts the product exactly as `npm start` does (building it when the build is stale), on a free port and
// a temporary DATA_DIR, and stops it after the run. Tests find it through E2E_BASE_URL, and its DATA_DIR
// (where the server's mail outbox is) through E2E_DATA_DIR.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '../..')
const START_TIMEOUT_MS = 180_000

function freePort(): Promise<number> {
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

export default async function globalSetup() {
  const port = await freePort()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-console-e2e-'))
  const logFile = path.join(ROOT, 'test-results', 'e2e-server.log')
  fs.mkdirSync(path.dirname(logFile), { recursive: true })
  const log = fs.openSync(logFile, 'w')
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir }
  delete env.DATABASE_URL // the embedded defaults, as a new user gets them
  const server = spawn('npm', ['start'], { cwd: ROOT, env, stdio: ['ignore', log, log], detached: true })
  let exitedWith: string | undefined
  server.on('exit', (code, signal) => (exitedWith = `code ${code}, signal ${signal}`))

  const baseUrl = `http://localhost:${port}`
  try {
    await waitForHealth(baseUrl, () => exitedWith)
  } catch (error) {
    console.error(fs.readFileSync(logFile, 'utf8').slice(-4000))
    throw error
  }
  process.env.E2E_BASE_URL = baseUrl
  process.env.E2E_DATA_DIR = dataDir

  return async () => {
    if (!exitedWith && server.pid) {
      const exited = new Promise((resolve) => server.once('exit', resolve))
      process.kill(-server.pid, 'SIGTERM') // npm and the server it started
      await exited
    }
    fs.closeSync(log)
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}
