// Servers under load, each in a Node process of its own: the product's server bundled from server/main.ts
// with the options `npm run build` uses (so it starts, logs and listens as in production), the same as
// `npm run serve -- --processes N` runs it (scripts/cluster.mjs, N workers on one port), and the bare
// Fastify reference bundled the same way. A separate process keeps the load generator's work off the
// server's event loop, as it would be in production.
import { spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { freePort } from '../../../e2e/support/server.ts'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
// Inside the repository, so that the bundles' imports of packages resolve to its node_modules.
const BUNDLE_DIR = path.join(ROOT, 'node_modules/.tmp')
const START_TIMEOUT_MS = 120_000

export interface ServerProcess {
  url: string
  /** Stops the process (SIGTERM, as a process manager would) and removes what it was started from. */
  stop(): Promise<void>
}

/** One ESM file of the entry with packages left in node_modules, as scripts/build.mjs makes the server's. */
async function bundle(entry: string): Promise<string> {
  await fs.mkdir(BUNDLE_DIR, { recursive: true })
  const outfile = path.join(BUNDLE_DIR, `bench-${path.basename(entry, '.ts')}-${crypto.randomUUID()}.mjs`)
  await build({
    entryPoints: [path.join(ROOT, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  })
  return outfile
}

interface StartOptions {
  /** Arguments after the bundle's path. */
  args?: string[]
  /** Ready once the cluster's primary has said this many workers listen, as well as once readyPath answers. */
  workers?: number
}

/** What the primary of scripts/cluster.mjs says of each worker that listens. */
const WORKER_LISTENING = /serve: process \d+ \(pid \d+\) is listening/g

async function startBundled(
  entry: string,
  env: Record<string, string>,
  readyPath: string,
  cleanUp: () => Promise<void> = async () => {},
  { args = [], workers = 0 }: StartOptions = {},
): Promise<ServerProcess> {
  const file = await bundle(entry)
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  // Standard output (the log lines) is written, as in production, but not kept: read only for the
  // primary's lines of a cluster, then dropped.
  const child = spawn(process.execPath, [file, ...args], {
    env: {
      PATH: process.env.PATH ?? '',
      // PUBLIC_URL names the real address: the local store signs the host into its URLs.
      PUBLIC_URL: url,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', workers > 0 ? 'pipe' : 'ignore', 'pipe'],
  })
  let listening = 0
  let tail = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    // Whole lines only: a line cut between two chunks is counted with the next one.
    const text = tail + chunk.toString()
    const end = text.lastIndexOf('\n') + 1
    listening += [...text.slice(0, end).matchAll(WORKER_LISTENING)].length
    tail = text.slice(end)
  })
  let errors = ''
  child.stderr?.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)))
  let exited: string | undefined
  const gone = new Promise<void>((resolve) =>
    child.on('exit', (code, signal) => {
      exited = `code ${code}, signal ${signal}`
      resolve()
    }),
  )
  const stop = async () => {
    if (!exited) {
      child.kill('SIGTERM')
      await gone
    }
    await fs.rm(file, { force: true })
    await cleanUp()
  }

  const deadline = Date.now() + START_TIMEOUT_MS
  for (;;) {
    if (exited) {
      await stop()
      throw new Error(`${entry} exited (${exited}) before it answered: ${errors}`)
    }
    try {
      if ((await fetch(`${url}${readyPath}`)).ok && listening >= workers) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`${entry} did not answer ${readyPath} within ${START_TIMEOUT_MS / 1000} s: ${errors}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return { url, stop }
}

/** The environment of a product server on PostgreSQL, logging at its default level (info), mail sent to smtpUrl. */
const productEnv = (dataDir: string, databaseUrl: string, smtpUrl: string) => ({
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  SMTP_URL: smtpUrl,
  LOG_LEVEL: 'info',
  // The seeding signs a user up from loopback; the benchmark's requests are not rate limited anyway.
  RATE_LIMIT_EXEMPT: '127.0.0.1,::1',
})

/** The product's server on PostgreSQL; env adds settings (SERVER_KEY, shared by several processes). */
export async function startProductServer(
  databaseUrl: string,
  smtpUrl: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'media-console-bench-load-'))
  return startBundled(
    'server/main.ts',
    { ...productEnv(dataDir, databaseUrl, smtpUrl), ...env },
    '/healthz',
    () => fs.rm(dataDir, { recursive: true, force: true }),
  )
}

/**
 * The product's server as `npm run serve -- --processes N` runs it: the cluster's primary (scripts/cluster.mjs,
 * through tests/server/helpers/clusterMain.ts) and N workers of the same bundle, on one port; ready once
 * every worker listens.
 */
export async function startProductCluster(
  processes: number,
  databaseUrl: string,
  smtpUrl: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'media-console-bench-load-'))
  const server = await bundle('server/main.ts')
  return startBundled(
    'tests/server/helpers/clusterMain.ts',
    { ...productEnv(dataDir, databaseUrl, smtpUrl), ...env },
    '/healthz',
    async () => {
      await fs.rm(server, { force: true })
      await fs.rm(dataDir, { recursive: true, force: true })
    },
    { args: [String(processes), server], workers: processes },
  )
}

export function startBareFastify(): Promise<ServerProcess> {
  return startBundled('tests/bench/support/bareFastify.ts', {}, '/')
}
