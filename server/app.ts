// The server as a Fastify plugin: external plugins, then the app's services, then routes. buildApp creates
// the Fastify instance with its logger and registers the plugin; main.ts only listens, and tests build it
// the same way and call it over real HTTP.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifySchema } from 'fastify'
import fastifySwagger from '@fastify/swagger'
import fastifyPlugin from 'fastify-plugin'
import type { DestinationStream } from 'pino'
import type { Config } from './config.ts'
import type { Endpoint } from './contract/endpoints.ts'
import { TEXT_RULE_KEYWORD } from './contract/text.ts'
import { openDatabase, type Database } from './db/index.ts'
import { appShellInlineScripts, registerAppShell } from './http/appShell.ts'
import { registerCompression } from './http/compression.ts'
import { consoleOriginRule } from './http/consoleOrigins.ts'
import { registerHeldPrefixRedirect } from './http/customDomain.ts'
import { registerDrain } from './http/drain.ts'
import { registerErrorHandler } from './http/errorHandler.ts'
import { registerIdleTimeout } from './http/idleTimeout.ts'
import { registerInputRules } from './http/inputRules.ts'
import { registerMetrics } from './http/metrics.ts'
import { registerRequestId, requestIdOf } from './http/requestId.ts'
import { registerSecurityHeaders } from './http/securityHeaders.ts'
import { jobsPlugin } from './jobs/index.ts'
import { createLogger, logCutOffRequests, RequestLog } from './logger.ts'
import type { Meters } from './metrics.ts'
import { createMailer } from './mail/index.ts'
import { checkServerKey, ServerKeyMismatchError, serverKeySource } from './auth/serverKeyCheck.ts'
import { createSealer, loadServerKey, type Sealer } from './auth/sealing.ts'
import type { Mailer } from './mail/mailer.ts'
import { createPaymentProvider } from './payments/index.ts'
import { secureDataDir } from './privateFiles.ts'
import type { PaymentProvider } from './payments/provider.ts'
import { routeModules } from './routes/index.ts'
import { listingCacheOf } from './services/listingCache.ts'
import { defaultStoreOrigins, storePlugin } from './storage/index.ts'
import { storeSetPlugin } from './services/placement.ts'
import { networkStoreConnectSources } from './storage/networkStores.ts'

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
    db: Database
    mailer: Mailer
    payments: PaymentProvider
    /** Seals and opens the secrets the server keeps (volume keys, network stores' secrets), each for its row. */
    sealer: Sealer
    /** Every route registered, with its schema: what tests that must cover every call walk through. */
    routeCatalog: RouteEntry[]
    /** What /metrics serves; undefined when METRICS_TOKEN is unset, and then nothing is counted. */
    metrics: Meters | undefined
  }
}

export interface RouteEntry {
  method: string
  url: string
  schema: FastifySchema | undefined
  /** The endpoint table's entry of an API route; undefined for the store's signed URLs and the app shell. */
  endpoint: Endpoint | undefined
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
    const routeCatalog: RouteEntry[] = []
    app.decorate('routeCatalog', routeCatalog)
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') {
          routeCatalog.push({
            method,
            url: route.url,
            schema: route.schema,
            endpoint: route.config?.endpoint,
          })
        }
      }
    })
    // Before anything is written in it: DATA_DIR is the server user's alone (privateFiles.ts).
    await secureDataDir(config.dataDir, app.log)
    const db = options.db ?? (await openDatabase(config))
    // The key is checked against the database before anything else starts (and so before main.ts listens):
    // a process with another key must not serve without the secrets it cannot open.
    let sealer: Sealer
    try {
      sealer = createSealer(loadServerKey(config.serverKey, config.dataDir))
      await checkServerKey(db, sealer, serverKeySource(config), app.log)
    } catch (error) {
      if (error instanceof ServerKeyMismatchError) app.log.fatal(error.message)
      if (!options.db) await db.close()
      throw error
    }
    app.decorate('config', config)
    app.decorate('db', db)
    if (!options.db) app.addHook('onClose', () => db.close())
    const mailer = await createMailer(config, app.log)
    app.decorate('mailer', mailer)
    app.addHook('onClose', () => mailer.close())
    app.decorate('payments', await createPaymentProvider(config))
    app.decorate('sealer', sealer)

    const appDir = options.appDir ?? config.appDir ?? defaultAppDir()
    registerRequestId(app)
    registerDrain(app)
    // /metrics when METRICS_TOKEN is set (http/metrics.ts); the stores and jobs count into app.metrics.
    const { metricsToken } = config
    const sources = { listingLookups: () => listingCacheOf(db), poolUse: db.poolUse }
    app.decorate('metrics', metricsToken ? registerMetrics(app, metricsToken, sources) : undefined)
    registerInputRules(app)
    registerIdleTimeout(app, config.idleTimeoutSeconds)
    registerSecurityHeaders(app, {
      connectOrigins: [...defaultStoreOrigins(config), ...networkStoreConnectSources(config)],
      stripe: Boolean(config.stripePublishableKey),
      inlineScripts: appShellInlineScripts(appDir),
    })
    registerErrorHandler(app)
    registerCompression(app)
    registerHeldPrefixRedirect(app)
    // Before any route: it collects every route's schema into the OpenAPI document (routes/openApi.ts).
    await app.register(fastifySwagger, {
      openapi: {
        info: { title: 'Media Console API', version: '1' },
        components: {
          securitySchemes: {
            session_key: { type: 'apiKey', in: 'query', name: 'session_key' },
            // The device protocol (docs/devices.md): a registered device's token.
            device_token: { type: 'http', scheme: 'bearer' },
          },
        },
        security: [{ session_key: [] }],
      },
      // The store's signed URLs and the app shell are not the API: only routes registered from the endpoint
      // table carry a tag (their scope, routes/define.ts), so every untagged route is left out.
      hideUntagged: true,
    })
    await app.register(storePlugin, { isConsoleOrigin: consoleOriginRule(config) })
    await app.register(storeSetPlugin)
    await app.register(jobsPlugin)

    for (const routes of routeModules) await app.register(routes)
    await registerAppShell(app, appDir)
  },
  { name: 'media-console', fastify: '5.x' },
)

export interface BuildOptions extends AppOptions {
  /** Where log lines go (standard output by default). */
  logStream?: DestinationStream
}

export async function buildApp({ logStream, ...options }: BuildOptions): Promise<FastifyInstance> {
  const { config } = options
  const app = Fastify({
    // pino's Logger is a FastifyBaseLogger; the cast keeps Fastify's default generic types for plugins.
    loggerInstance: createLogger(config.logLevel, logStream) as FastifyBaseLogger,
    // Fastify's two lines per request would log the URL, query string and all: RequestLog writes one.
    logController: new RequestLog(),
    // X-Forwarded-For is believed only from the proxies the configuration names; by default from none.
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    // Opening the database (PGlite's first start, migrations behind another server's lock) can take longer
    // than Fastify's 10 s default on a busy machine; a database that never answers still fails start.
    pluginTimeout: 120_000,
    bodyLimit: 1024 * 1024,
    // A load balancer's X-Request-Id names the request in the logs when it is a safe one (http/requestId.ts).
    requestIdHeader: false,
    genReqId: requestIdOf,
    // A connection that moves no byte for this long is closed, with its request: a stalled upload to the
    // local store then frees its temporary file. A slow link still moves bytes, so only a dead one is cut;
    // API calls at work are spared (http/idleTimeout.ts).
    connectionTimeout: config.idleTimeoutSeconds * 1000,
    // Bodies are taken as sent: null, "1" or true are not a number, 123 is not a name, and a field a schema
    // does not allow (additionalProperties: false) is refused, not silently dropped (Fastify's default).
    // TEXT_RULE_KEYWORD annotates name and e-mail fields (contract/text.ts); it validates nothing itself.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, keywords: [TEXT_RULE_KEYWORD] } },
  })
  logCutOffRequests(app)
  await app.register(mediaConsole, options)
  return app
}
