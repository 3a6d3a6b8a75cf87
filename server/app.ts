// The server as a Fastify plugin: external plugins, then the app's services, then routes. buildApp creates
// the Fastify instance with its logger and registers the plugin; main.ts only listens, and tests build it
// the same way and call it over real HTTP.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify'
import fastifyPlugin from 'fastify-plugin'
import type { DestinationStream } from 'pino'
import type { Config } from './config.ts'
import { openDatabase, type Database } from './db/index.ts'
import { registerAppShell } from './http/appShell.ts'
import { registerErrorHandler } from './http/errors.ts'
import { registerSecurityHeaders } from './http/securityHeaders.ts'
import { createLogger } from './logger.ts'
import { createMailer } from './mail/index.ts'
import type { Mailer } from './mail/mailer.ts'
import { createPaymentProvider } from './payments/index.ts'
import type { PaymentProvider } from './payments/provider.ts'
import { accountRoutes } from './routes/accounts.ts'
import { downloadRoutes } from './routes/downloads.ts'
import { healthRoutes } from './routes/health.ts'
import { mediaRoutes } from './routes/media.ts'
import { orgRoutes } from './routes/orgs.ts'
import { paymentMethodRoutes } from './routes/paymentMethods.ts'
import { planRoutes } from './routes/plans.ts'
import { uploadRoutes } from './routes/uploads.ts'
import { volumeRoutes } from './routes/volumes.ts'
import { storePlugin } from './storage/index.ts'
import { s3BrowserOrigin } from './storage/s3Addressing.ts'

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
    db: Database
    mailer: Mailer
    payments: PaymentProvider
  }
}

export interface AppOptions {
  config: Config
  /** The built app (index.html and assets). Defaults to dist/app beside the server bundle. */
  appDir?: string
  /** An open database; when absent the app opens (and on close closes) its own from the config. */
  db?: Database
}

// The server bundle is dist/server/main.js, the app dist/app: siblings.
const defaultAppDir = () => path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../app')

/** The whole server. Not encapsulated: its decorators, hooks and handlers apply to the instance it joins. */
export const mediaConsole = fastifyPlugin<AppOptions>(
  async (app, options) => {
    const { config } = options
    const db = options.db ?? (await openDatabase(config))
    app.decorate('config', config)
    app.decorate('db', db)
    if (!options.db) app.addHook('onClose', () => db.close())
    const mailer = await createMailer(config, app.log)
    app.decorate('mailer', mailer)
    app.addHook('onClose', () => mailer.close())
    app.decorate('payments', await createPaymentProvider(config))

    registerSecurityHeaders(app, {
      connectOrigins: config.s3 ? [s3BrowserOrigin(config.s3)] : [],
      stripe: Boolean(config.stripePublishableKey),
    })
    registerErrorHandler(app)
    await app.register(storePlugin)

    await app.register(healthRoutes)
    await app.register(planRoutes)
    await app.register(accountRoutes)
    await app.register(orgRoutes)
    await app.register(paymentMethodRoutes)
    await app.register(volumeRoutes)
    await app.register(mediaRoutes)
    await app.register(uploadRoutes)
    await app.register(downloadRoutes)
    await registerAppShell(app, options.appDir ?? defaultAppDir())
  },
  { name: 'media-console', fastify: '5.x' },
)

export interface BuildOptions extends AppOptions {
  /** Where log lines go (standard output by default). */
  logStream?: DestinationStream
}

export async function buildApp({ logStream, ...options }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // pino's Logger is a FastifyBaseLogger; the cast keeps Fastify's default generic types for plugins.
    loggerInstance: createLogger(options.config.logLevel, logStream) as FastifyBaseLogger,
    // X-Forwarded-For is believed only from proxies on private networks, where load balancers live.
    trustProxy: 'loopback, linklocal, uniquelocal',
    // Opening the database (PGlite's first start, migrations behind another server's lock) can take longer
    // than Fastify's 10 s default on a busy machine; a database that never answers still fails start.
    pluginTimeout: 120_000,
    bodyLimit: 1024 * 1024,
  })
  await app.register(mediaConsole, options)
  return app
}
