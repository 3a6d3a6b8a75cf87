// How S3 addresses a bucket, in one place: the store signs its URLs this way and the content security
// policy lets the browser reach the same origins. Kept apart from s3.ts so that the policy does not load
// the AWS SDK.
//
// A store's signed URLs are spread over several host names that reach the same bucket (a browser keeps at
// most 6 HTTP/1.1 connections per host): on AWS the virtual-hosted, path-style and dual-stack forms of the
// bucket's address; elsewhere the endpoint and the aliases configured for it (S3_ENDPOINT_ALIASES, a network
// store's endpoint aliases). SigV4 signs the host, so each URL is presigned for the host it names.
import type { S3StoreConfig } from '../config.ts'

/** Custom endpoints (MinIO, Ceph, s3rver…) rarely resolve a bucket as a subdomain; AWS does. */
export function usesPathStyle(endpoint: string): boolean {
  return !isAws(endpoint)
}

const isAws = (endpoint: string) => new URL(endpoint).hostname.endsWith('amazonaws.com')

/** One way of reaching the bucket: the endpoint a client is made with, and the origin its URLs name. */
export interface S3Addressing {
  endpoint: string
  forcePathStyle: boolean
  /** The origin the browser sends and fetches bytes to: the endpoint, or the bucket's subdomain of it. */
  origin: string
}

type AddressConfig = Pick<S3StoreConfig, 'endpoint' | 'bucket' | 'region' | 'endpointAliases'>

function addressing(endpoint: string, bucket: string, forcePathStyle: boolean): S3Addressing {
  const url = new URL(endpoint)
  return {
    endpoint: url.origin,
    forcePathStyle,
    origin: forcePathStyle ? url.origin : `${url.protocol}//${bucket}.${url.host}`,
  }
}

/**
 * The ways of reaching the store's bucket, in shard order (the configured endpoint, as the server itself uses
 * it, first), one per origin. On AWS: the configured endpoint (virtual-hosted), then the regional endpoint
 * path-style (`s3.REGION.amazonaws.com/bucket`) and the dual-stack one virtual-hosted
 * (`bucket.s3.dualstack.REGION.amazonaws.com`). Elsewhere: the endpoint and its aliases, path-style. A
 * bucket name with a dot cannot be a virtual host under AWS's wildcard certificate: it gets the path-style
 * form alone.
 */
export function s3Addressings(config: AddressConfig): S3Addressing[] {
  const forms: S3Addressing[] = []
  if (isAws(config.endpoint)) {
    const virtualOk = !config.bucket.includes('.')
    forms.push(addressing(config.endpoint, config.bucket, !virtualOk))
    forms.push(addressing(`https://s3.${config.region}.amazonaws.com`, config.bucket, true))
    if (virtualOk) {
      forms.push(addressing(`https://s3.dualstack.${config.region}.amazonaws.com`, config.bucket, false))
    }
  } else {
    forms.push(addressing(config.endpoint, config.bucket, true))
  }
  for (const alias of config.endpointAliases ?? []) {
    forms.push(addressing(alias, config.bucket, usesPathStyle(alias)))
  }
  const seen = new Set<string>()
  return forms.filter((form) => !seen.has(form.origin) && Boolean(seen.add(form.origin)))
}

/** The origins the browser sends and fetches bytes to, in shard order. */
export function s3BrowserOrigins(config: AddressConfig): string[] {
  return s3Addressings(config).map((form) => form.origin)
}
