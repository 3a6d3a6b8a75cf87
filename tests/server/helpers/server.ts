// Starts the real server (server/app.ts) on a free loopback port against a fresh database, as main.ts
// would, and answers its address. Tests call it over real HTTP.
import net from 'node:net'
import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../../server/app.ts'
import { loadConfig } from '../../../server/config.ts'
import { freshDatabase, type DatabaseKind, type FreshDatabase } from './databases.ts'

export interface TestServer {
  url: string
  app: FastifyInstance
  database: FreshDatabase
  /** Every log line written so far. */
  logs: string[]
  close(): Promise<void>
}

export interface TestServerOptions {
  appDir?: string
  env?: Record<string, string>
  /** Settings that name the port the server will listen on (STORAGE_URLS of host names on it). */
  envFor?: (port: number) => Record<string, string>
  /** Reuse a database instead of creating one (the caller drops it). */
  database?: FreshDatabase
}

/** The settings of a test server on a database, with the test's own on top. */
export function testServerEnv(database: FreshDatabase, extra: Record<string, string> = {}) {
  return {
    DATA_DIR: database.dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    // Request lines are said at debug; tests read them (routes logged, keys never).
    LOG_LEVEL: 'debug',
    // Tests call from loopback for many users a minute: loopback is exempt from per-address limits, and
    // believed as a proxy, so a test names the client address it wants counted in X-Forwarded-For.
    TRUSTED_PROXIES: '127.0.0.1,::1',
    RATE_LIMIT_EXEMPT: '127.0.0.1,::1',
    // The daily jobs run only when a test runs them (helpers/jobs.ts), on the days it simulates.
    JOBS: 'off',
    ...extra,
  }
}

/** A loopback port free at the moment of asking. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.on('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()))
    })
  })
}

/**
 * The server listens on a port chosen before it starts, so that PUBLIC_URL names its real address: the local
 * store signs the host into its URLs, and a URL is honoured only on the host it names. A port taken between
 * the choice and the listen (another test file's server) is chosen again.
 */
export async function startServer(kind: DatabaseKind, options: TestServerOptions = {}): Promise<TestServer> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort()
    try {
      return await startServerOn(kind, port, options)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt >= 3) throw error
    }
  }
}

async function startServerOn(
  kind: DatabaseKind,
  port: number,
  options: TestServerOptions,
): Promise<TestServer> {
  const database = options.database ?? (await freshDatabase(kind))
  const logs: string[] = []
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString())
      done()
    },
  })
  const url = `http://127.0.0.1:${port}`
  const config = loadConfig(
    testServerEnv(database, { PUBLIC_URL: url, ...options.env, ...options.envFor?.(port) }),
  )
  const app = await buildApp({ config, logStream, appDir: options.appDir ?? '/nonexistent-app-dir' })
  try {
    await app.listen({ port, host: '127.0.0.1' })
  } catch (error) {
    await app.close()
    if (!options.database) await database.drop()
    throw error
  }
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('the server has no TCP address')
  return {
    url,
    app,
    database,
    logs,
    async close() {
      // A test is over: keep-alive connections a client left open (an unread answer) must not hold the
      // graceful close, which waits for them.
      const closing = app.close()
      app.server.closeAllConnections()
      await closing
      if (!options.database) await database.drop()
    },
  }
}
