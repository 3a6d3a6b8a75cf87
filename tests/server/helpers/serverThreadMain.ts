// The server under test inside a worker thread of the test process (bundled by serverThread.ts, which
// starts it). A request that blocks this thread's event loop, or fills its heap, cannot stall or crash the
// test that sent it: the test thread keeps its timers, and terminates this thread. It answers the test
// thread's questions about the server: its routes, its database (fixtures and snapshots) and its memory.
import { Writable } from 'node:stream'
import v8 from 'node:v8'
import vm from 'node:vm'
import { parentPort, workerData } from 'node:worker_threads'
import { buildApp } from '../../../server/app.ts'
import { loadConfig } from '../../../server/config.ts'
import type { CatalogueEntry, ThreadCommand, ThreadEvent, ThreadStart } from './serverThreadProtocol.ts'

// A forced collection makes "memory held after the requests" a measurement, not a guess about when V8
// collects. The flag is set at run time because a worker thread takes no V8 flags of its own.
v8.setFlagsFromString('--expose-gc')
const collectGarbage = vm.runInNewContext('gc') as () => void

const port = parentPort
if (!port) throw new Error('serverThreadMain runs only as a worker thread')
const post = (event: ThreadEvent) => port.postMessage(event)

const start = workerData as ThreadStart
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    post({ kind: 'log', line: chunk.toString() })
    done()
  },
})

try {
  const app = await buildApp({ config: loadConfig(start.env), logStream, appDir: '/nonexistent-app-dir' })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('the server has no TCP address')

  port.on('message', async (command: ThreadCommand) => {
    try {
      if (command.kind === 'query') {
        post({ kind: 'answer', id: command.id, value: await app.db.query(command.sql, command.params) })
      } else if (command.kind === 'memory') {
        collectGarbage()
        post({ kind: 'answer', id: command.id, value: process.memoryUsage().heapUsed })
      } else {
        const closing = app.close()
        app.server.closeAllConnections()
        await closing
        post({ kind: 'answer', id: command.id, value: null })
        port.close()
      }
    } catch (error) {
      post({
        kind: 'refusal',
        id: command.id,
        message: error instanceof Error ? error.message : String(error),
      })
    }
  })

  // Schemas cross the thread boundary as plain JSON Schema, which is all the fuzz needs of them.
  const catalogue: CatalogueEntry[] = JSON.parse(JSON.stringify(app.routeCatalog))
  post({
    kind: 'ready',
    url: `http://127.0.0.1:${address.port}`,
    catalogue,
    bodyLimit: app.initialConfig.bodyLimit ?? 1024 * 1024,
  })
} catch (error) {
  post({ kind: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) })
}
