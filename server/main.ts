// Starts the server: configuration from the environment, listen, close gracefully on SIGINT and SIGTERM.
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

  let closing = false
  const close = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'closing')
    const force = setTimeout(() => process.exit(1), 10_000)
    force.unref()
    await app.close()
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
