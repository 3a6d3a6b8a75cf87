// Every setting of the server, read from the environment in one place. Defaults make `npm start` work on a
// bare machine: embedded PGlite under DATA_DIR, the local store, mail to the outbox, the test payment provider.
import net from 'node:net'
import path from 'node:path'

export interface S3StoreConfig {
  endpoint: string
  region: string
  bucket: string
  accessKeyId: string
  secretAccessKey: string
  prefix: string
  /**
   * Other endpoint URLs (origins) that reach the same service and bucket: signed URLs are spread over the
   * endpoint and these (s3Addressing.ts). Empty when there are none.
   */
  endpointAliases?: string[]
}

export interface Config {
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  smtpUrl: string | undefined
  mailFrom: string
  publicUrl: string
  /**
   * The base URLs (origins) the local store's signed URLs are spread over, all reaching this server: several
   * host names let a browser open more connections to the store. PUBLIC_URL's alone when STORAGE_URLS is unset.
   */
  storageUrls: string[]
  baseDomain: string
  s3: S3StoreConfig | undefined
  stripeSecretKey: string | undefined
  stripePublishableKey: string | undefined
  logLevel: string
  /** Proxies (addresses or CIDR ranges) whose X-Forwarded-For names the client; none by default. */
  trustedProxies: string[]
  /** Clients (addresses or CIDR ranges) that no per-address rate limit counts; none by default. */
  rateLimitExempt: string[]
  /** A connection that moves no byte for this long is closed (a stalled upload or download). */
  idleTimeoutSeconds: number
  /** The key that seals stored secrets (64 hex digits); undefined: one kept in DATA_DIR/server.key. */
  serverKey: string | undefined
  /**
   * Network stores may be on loopback, private or link-local addresses, and reached over plain http
   * (tests, a local install); off by default, since an organization names the host the server connects to.
   */
  storeAllowPrivateHosts: boolean
  /** Whether this process runs the daily jobs (usage metering, retention); JOBS=off turns them off. */
  jobs: boolean
  /** Derivative jobs (thumbnails) this process runs at once, when it runs jobs; 0 runs none. */
  thumbnailJobs: number
  /** The built app to serve (index.html and assets); undefined: dist/app beside the server bundle. */
  appDir: string | undefined
  /**
   * The bearer token a scraper sends to read /metrics (http/metrics.ts); undefined: /metrics is off and
   * answers 404, and nothing is counted.
   */
  metricsToken: string | undefined
  /** After SIGTERM, how long requests in flight (an upload's part included) may take before the exit (main.ts). */
  shutdownGraceSeconds: number
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

type Env = Record<string, string | undefined>

/** A variable that is set to an empty string counts as unset, as shells and .env files commonly leave them. */
function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim()
  return value === '' ? undefined : value
}

/** A path, resolved against the working directory; undefined when unset. */
function readPath(env: Env, name: string, cwd: string): string | undefined {
  const value = read(env, name)
  return value === undefined ? undefined : path.resolve(cwd, value)
}

function readPort(env: Env): number {
  const raw = read(env, 'PORT') ?? '8080'
  const port = Number(raw)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a whole number from 0 to 65535, not "${raw}"`)
  }
  return port
}

function readS3(env: Env): S3StoreConfig | undefined {
  const names = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const
  const given = names.filter((name) => read(env, name) !== undefined)
  if (given.length === 0) return undefined
  const missing = names.filter((name) => read(env, name) === undefined)
  if (missing.length > 0) {
    throw new ConfigError(`A default S3 store needs ${names.join(', ')}; missing: ${missing.join(', ')}`)
  }
  return {
    endpoint: read(env, 'S3_ENDPOINT') as string,
    region: read(env, 'S3_REGION') ?? 'us-east-1',
    bucket: read(env, 'S3_BUCKET') as string,
    accessKeyId: read(env, 'S3_ACCESS_KEY_ID') as string,
    secretAccessKey: read(env, 'S3_SECRET_ACCESS_KEY') as string,
    prefix: read(env, 'S3_PREFIX') ?? '',
    endpointAliases: readOriginList(env, 'S3_ENDPOINT_ALIASES'),
  }
}

function readUrl(env: Env, name: string, fallback: string): string {
  const value = read(env, name) ?? fallback
  try {
    return new URL(value).toString().replace(/\/$/, '')
  } catch {
    throw new ConfigError(`${name} must be an absolute URL, not "${value}"`)
  }
}

/**
 * A comma-separated list of http(s) base URLs without a path, query or credentials, answered as origins
 * (`http://s1.localhost:8080`); empty when unset.
 */
function readOriginList(env: Env, name: string): string[] {
  const entries = (read(env, name) ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
  const origins = entries.map((entry) => {
    let url: URL | undefined
    try {
      url = new URL(entry)
    } catch {
      url = undefined
    }
    const bare =
      url !== undefined &&
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.hostname !== '' &&
      url.pathname === '/' &&
      url.search === '' &&
      url.hash === '' &&
      url.username === '' &&
      url.password === '' &&
      !entry.includes('?') &&
      !entry.includes('#')
    if (!url || !bare) {
      throw new ConfigError(
        `${name} must list http:// or https:// base URLs without a path or query, separated by commas ` +
          `(http://s1.localhost:8080,http://s2.localhost:8080), not "${entry}"`,
      )
    }
    return url.origin
  })
  return [...new Set(origins)]
}

/** A comma-separated list of IP addresses and CIDR ranges (`10.0.0.0/8`, `::1`); empty when unset. */
function readAddressList(env: Env, name: string): string[] {
  const entries = (read(env, name) ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
  for (const entry of entries) {
    const [address = '', prefix, ...rest] = entry.split('/')
    const family = net.isIP(address)
    const bits = family === 4 ? 32 : 128
    const validPrefix = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits)
    if (family === 0 || !validPrefix || rest.length > 0) {
      throw new ConfigError(
        `${name} must list IP addresses or CIDR ranges separated by commas, not "${entry}"`,
      )
    }
  }
  return entries
}

function readSeconds(env: Env, name: string, fallback: number): number {
  const raw = read(env, name) ?? String(fallback)
  const seconds = Number(raw)
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 86_400) {
    throw new ConfigError(`${name} must be a whole number of seconds from 1 to 86400, not "${raw}"`)
  }
  return seconds
}

function readFlag(env: Env, name: string): boolean {
  const value = read(env, name)?.toLowerCase()
  if (value === undefined || value === 'false' || value === '0') return false
  if (value === 'true' || value === '1') return true
  throw new ConfigError(`${name} must be true or false, not "${value}"`)
}

function readServerKey(env: Env): string | undefined {
  const value = read(env, 'SERVER_KEY')?.toLowerCase()
  if (value !== undefined && !/^[0-9a-f]{64}$/.test(value)) {
    throw new ConfigError(
      'SERVER_KEY must be 64 hex digits (32 random bytes), as `openssl rand -hex 32` prints',
    )
  }
  return value
}

/** The shortest metrics token: a short one could be guessed, and with it the server's figures read. */
const MIN_METRICS_TOKEN_LENGTH = 16

function readMetricsToken(env: Env): string | undefined {
  const value = read(env, 'METRICS_TOKEN')
  // The characters of an HTTP bearer token (RFC 6750), so a scraper sends it as it is.
  if (value !== undefined && (value.length < MIN_METRICS_TOKEN_LENGTH || !/^[\w.~+/-]+=*$/.test(value))) {
    throw new ConfigError(
      `METRICS_TOKEN must be at least ${MIN_METRICS_TOKEN_LENGTH} letters, digits or -._~+/ ` +
        '(`openssl rand -hex 32` prints one)',
    )
  }
  return value
}

function readCount(env: Env, name: string, fallback: number, max: number): number {
  const raw = read(env, name) ?? String(fallback)
  const count = Number(raw)
  if (!Number.isInteger(count) || count < 0 || count > max) {
    throw new ConfigError(`${name} must be a whole number from 0 to ${max}, not "${raw}"`)
  }
  return count
}

function readOnOff(env: Env, name: string, fallback: boolean): boolean {
  const raw = read(env, name)?.toLowerCase()
  if (raw === undefined) return fallback
  if (raw === 'on' || raw === 'off') return raw === 'on'
  throw new ConfigError(`${name} must be on or off, not "${raw}"`)
}

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const port = readPort(env)
  const databaseUrl = read(env, 'DATABASE_URL')
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must be a postgres:// or postgresql:// URL')
  }
  const stripeSecretKey = read(env, 'STRIPE_SECRET_KEY')
  const stripePublishableKey = read(env, 'STRIPE_PUBLISHABLE_KEY')
  if (Boolean(stripeSecretKey) !== Boolean(stripePublishableKey)) {
    throw new ConfigError('STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must be set together')
  }
  const publicUrl = readUrl(env, 'PUBLIC_URL', `http://localhost:${port}`)
  const storageUrls = readOriginList(env, 'STORAGE_URLS')
  return {
    port,
    host: read(env, 'HOST') ?? 'localhost',
    dataDir: path.resolve(cwd, read(env, 'DATA_DIR') ?? 'data'),
    databaseUrl,
    smtpUrl: read(env, 'SMTP_URL'),
    mailFrom: read(env, 'MAIL_FROM') ?? 'Media Console <no-reply@localhost>',
    publicUrl,
    storageUrls: storageUrls.length > 0 ? storageUrls : [publicUrl],
    baseDomain: (read(env, 'BASE_DOMAIN') ?? 'localhost').toLowerCase().replace(/^\./, ''),
    s3: readS3(env),
    stripeSecretKey,
    stripePublishableKey,
    logLevel: read(env, 'LOG_LEVEL') ?? 'info',
    trustedProxies: readAddressList(env, 'TRUSTED_PROXIES'),
    rateLimitExempt: readAddressList(env, 'RATE_LIMIT_EXEMPT'),
    idleTimeoutSeconds: readSeconds(env, 'IDLE_TIMEOUT_SECONDS', 120),
    serverKey: readServerKey(env),
    storeAllowPrivateHosts: readFlag(env, 'STORE_ALLOW_PRIVATE_HOSTS'),
    jobs: readOnOff(env, 'JOBS', true),
    thumbnailJobs: readCount(env, 'THUMBNAIL_JOBS', 2, 16),
    appDir: readPath(env, 'APP_DIR', cwd),
    metricsToken: readMetricsToken(env),
    shutdownGraceSeconds: readSeconds(env, 'SHUTDOWN_GRACE_SECONDS', 30),
  }
}
