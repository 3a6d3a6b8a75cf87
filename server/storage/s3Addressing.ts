// How S3 addresses a bucket, in one place: the store signs its URLs this way and the content security
// policy lets the browser reach the same origin. Kept apart from s3.ts so that the policy does not load
// the AWS SDK.
import type { S3StoreConfig } from '../config.ts'

/** Custom endpoints (MinIO, Ceph, s3rver…) rarely resolve a bucket as a subdomain; AWS does. */
export function usesPathStyle(endpoint: string): boolean {
  return !new URL(endpoint).hostname.endsWith('amazonaws.com')
}

/** The origin the browser sends and fetches bytes to: the endpoint, or the bucket's subdomain of it. */
export function s3BrowserOrigin(config: Pick<S3StoreConfig, 'endpoint' | 'bucket'>): string {
  const endpoint = new URL(config.endpoint)
  if (usesPathStyle(config.endpoint)) return endpoint.origin
  return `${endpoint.protocol}//${config.bucket}.${endpoint.host}`
}
