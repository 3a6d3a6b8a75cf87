// Connecting to an organization's network store (its own S3-compatible bucket): a client made from the
// store's address and credentials, every connection through the SSRF guard (hostGuard.ts) and each request
// bounded in time. Which store an object goes to, and whether a store is up, is the placement service's
// (services/placement.ts).
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../config.ts'
import { guardedLookup } from './hostGuard.ts'
import type { S3Store } from './s3.ts'

/** The time limit of one request to a network store (001 section 9: requests time out after 10 s). */
export const STORE_REQUEST_TIMEOUT_MS = 10_000

/** The address and credentials of a network store, as the probe and the client need them. */
export interface NetworkStoreSettings {
  endpoint: string
  region: string
  bucket: string
  prefix: string
  accessKeyId: string
  secretAccessKey: string
  /** Other endpoint origins that reach the same store: signed URLs are spread over them (s3Addressing.ts). */
  endpointAliases?: string[]
}

export function describeError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
  return text.slice(0, 500)
}

/**
 * What the content security policy's connect-src allows for network stores: any https origin (and http when
 * private hosts are allowed). The policy cannot name the stores' origins: the app shell is the same for
 * everyone, served before anyone signs in, and the service worker answers navigations with the shell it
 * cached at install, headers and all, so a policy computed per organization (or from the stores of the
 * moment) would be stale or would show one organization's hosts to every visitor. script-src stays 'self',
 * which is what keeps injected code out in the first place.
 */
export function networkStoreConnectSources(config: Pick<Config, 'storeAllowPrivateHosts'>): string[] {
  return config.storeAllowPrivateHosts ? ['https:', 'http:'] : ['https:']
}

/** A client of a network store; every connection it makes goes through the SSRF guard. */
export async function openNetworkStore(
  settings: NetworkStoreSettings,
  config: Pick<Config, 'storeAllowPrivateHosts'>,
  log: FastifyBaseLogger,
): Promise<S3Store> {
  const { S3Store } = await import('./s3.ts')
  return new S3Store(settings, log, {
    lookup: guardedLookup(config.storeAllowPrivateHosts),
    timeoutMs: STORE_REQUEST_TIMEOUT_MS,
  })
}
