// Starts the server: configuration from the environment, listen, drain and close on SIGINT and SIGTERM.
// Files it creates are its user's alone (the umask, privateFiles.ts): DATA_DIR holds the key, sign-in codes,
// the database and every object.
import fs from 'node:fs/promises'
import { buildApp } from './app.ts'
import { ConfigError, loadConfig } from './config.ts'
import { ServerKeyMismatchError } from './auth/serverKeyCheck.ts'
import { DataDirInUseError } from './db/dataDirLock.ts'
import { PRIVATE_DIR_MODE, restrictNewFiles } from './privateFiles.ts'

async function main(): Promise<void> {
  restrictNewFiles()
  let config
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`)
      process.exit(2)
    }
    throw error
  }
  await fs.mkdir(config.dataDir, { recursive: true, mode: PRIVATE_DIR_MODE })
  const app = await buildApp({ config })
  app.server.keepAliveTimeout = 65_000 // longer than common load-balancer idle timeouts
  app.server.requestTimeout = 0 // uploads to the local store may stream for hours; Fastify guards headers

  // Draining (http/drain.ts): /readyz answers 503, Fastify's close stops taking connections and closes the
  // idle ones (forceCloseConnections 'idle', its default), requests in flight (a part PUT included) run to
  // their answer, which closes their connection; then the jobs, stores and database close. Past the grace
  // period the process exits anyway, with 1: the requests still running are cut.
  let closing = false
  const close = async (signal: string) => {
    if (closing) return
    closing = true
    app.drain.start()
    const graceSeconds = config.shutdownGraceSeconds
    app.log.info({ signal, graceSeconds }, 'draining')
    const force = setTimeout(() => {
      app.log.error({ graceSeconds }, 'requests still running at the end of the grace period: exiting')
      process.exit(1)
    }, graceSeconds * 1000)
    force.unref()
    try {
      await app.close()
    } catch (error) {
      app.log.error({ err: error }, 'closing failed')
      process.exit(1)
    }
    app.log.info('closed')
    process.exit(0)
  }
  process.on('SIGINT', () => void close('SIGINT'))
  process.on('SIGTERM', () => void close('SIGTERM'))

  await app.listen({ port: config.port, host: config.host })
  app.log.info({ database: app.db.kind, dataDir: config.dataDir }, `Media console at ${config.publicUrl}`)
}

main().catch((error: unknown) => {
  // Mistakes in how the server was started get their message alone; anything else its stack.
  if (error instanceof DataDirInUseError || error instanceof ServerKeyMismatchError) {
    console.error(error.message)
    process.exit(2)
  }
  console.error(error)
  process.exit(1)
})
