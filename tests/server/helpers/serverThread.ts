// Starts the real server (server/app.ts, as startServer builds it) in a worker thread of the test process,
// on a fresh database, for tests whose requests may stop a server: one that blocks its event loop or fills
// its heap. The test thread keeps running its timers, so such a request fails its own test by a timeout;
// the thread is then terminated (or dies at its heap limit) and a new one started. Node 20 cannot run the
// TypeScript sources in a thread, so the thread's entry is bundled with esbuild as the server's build is.
import fs from 'node:fs/promises'
import { Worker } from 'node:worker_threads'
import { freshDatabase, type DatabaseKind } from './databases.ts'
import { writeBundle } from './nodeBundle.ts'
import { testServerEnv } from './server.ts'
import type { CatalogueEntry, ThreadCommand, ThreadEvent, ThreadStart } from './serverThreadProtocol.ts'

const START_TIMEOUT_MS = 60_000
const COMMAND_TIMEOUT_MS = 10_000

export interface ServerThread {
  url: string
  /** Every route the server registered, with its schemas. */
  catalogue: CatalogueEntry[]
  /** The server's limit on a request body, in bytes. */
  bodyLimit: number
  /** Every log line written so far. */
  logs: string[]
  /** Why the thread ended, once it has: its heap limit, an uncaught error, or stop(). */
  readonly ended: string | undefined
  query<Row>(sql: string, params?: readonly unknown[]): Promise<Row[]>
  /** The server thread's heap in use after a forced garbage collection, in bytes. */
  heapUsed(): Promise<number>
  /**
   * Closes the server (terminating the thread when it does not close in time, or at once with `now` for
   * a server known not to answer) and drops its database.
   */
  stop(options?: { now?: boolean }): Promise<void>
}

export interface ServerThreadOptions {
  env?: Record<string, string>
  /** The thread's old-generation heap limit: past it the thread dies, not the test process. */
  heapLimitMb?: number
}

export async function startServerThread(
  kind: DatabaseKind,
  options: ServerThreadOptions = {},
): Promise<ServerThread> {
  const [database, entryFile] = await Promise.all([
    freshDatabase(kind),
    writeBundle('tests/server/helpers/serverThreadMain.ts', 'server-thread'),
  ])
  const start: ThreadStart = { env: testServerEnv(database, options.env) }
  const worker = new Worker(entryFile, {
    workerData: start,
    resourceLimits: { maxOldGenerationSizeMb: options.heapLimitMb ?? 512 },
  })

  const logs: string[] = []
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>()
  let nextId = 1
  let ended: string | undefined
  let settleStart: { resolve(event: ThreadEvent & { kind: 'ready' }): void; reject(error: Error): void }
  const started = new Promise<ThreadEvent & { kind: 'ready' }>((resolve, reject) => {
    settleStart = { resolve, reject }
  })

  worker.on('message', (event: ThreadEvent) => {
    if (event.kind === 'log') logs.push(event.line)
    else if (event.kind === 'ready') settleStart.resolve(event)
    else if (event.kind === 'failed')
      settleStart.reject(new Error(`the server did not start: ${event.message}`))
    else {
      const waiter = pending.get(event.id)
      pending.delete(event.id)
      if (event.kind === 'answer') waiter?.resolve(event.value)
      else waiter?.reject(new Error(event.message))
    }
  })
  worker.on('error', (error) => {
    ended = `${(error as NodeJS.ErrnoException).code ?? 'error'}: ${error.message}`
  })
  worker.on('exit', (exitCode) => {
    ended ??= `exited with code ${exitCode}`
    const error = new Error(`the server thread ${ended}`)
    settleStart.reject(error)
    for (const waiter of pending.values()) waiter.reject(error)
    pending.clear()
  })

  function command<T>(make: (id: number) => ThreadCommand, timeoutMs = COMMAND_TIMEOUT_MS): Promise<T> {
    if (ended) return Promise.reject(new Error(`the server thread ${ended}`))
    const id = nextId++
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id)
        reject(new Error(`the server thread did not answer within ${timeoutMs} ms`))
      }, timeoutMs)
      pending.set(id, {
        resolve: (value) => {
          clearTimeout(timer)
          resolve(value as T)
        },
        reject: (error) => {
          clearTimeout(timer)
          reject(error)
        },
      })
      worker.postMessage(make(id))
    })
  }

  async function stop({ now = false } = {}): Promise<void> {
    if (!ended) {
      try {
        if (!now) await command((id) => ({ kind: 'close', id }), 5_000)
      } catch {
        // A server that does not close in time is stopped by ending its thread.
      }
      await worker.terminate()
    }
    await database.drop()
    await fs.rm(entryFile, { force: true })
  }

  let ready: ThreadEvent & { kind: 'ready' }
  const startTimer = setTimeout(
    () => settleStart.reject(new Error(`the server did not start within ${START_TIMEOUT_MS} ms`)),
    START_TIMEOUT_MS,
  )
  try {
    ready = await started
  } catch (error) {
    await stop()
    throw error
  } finally {
    clearTimeout(startTimer)
  }

  return {
    url: ready.url,
    catalogue: ready.catalogue,
    bodyLimit: ready.bodyLimit,
    logs,
    get ended() {
      return ended
    },
    query: <Row>(sql: string, params: readonly unknown[] = []) =>
      command<Row[]>((id) => ({ kind: 'query', id, sql, params: [...params] })),
    heapUsed: () => command<number>((id) => ({ kind: 'memory', id })),
    stop,
  }
}
