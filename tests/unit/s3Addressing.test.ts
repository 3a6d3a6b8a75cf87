import { describe, expect, it } from 'vitest'
import { s3Addressings, s3BrowserOrigins, usesPathStyle } from '../../server/storage/s3Addressing.ts'

describe('how the browser reaches an S3 bucket', () => {
  it('on AWS: the virtual-hosted, path-style and dual-stack forms of the bucket, the configured one first', () => {
    const aws = { endpoint: 'https://s3.eu-west-1.amazonaws.com', bucket: 'media-prod', region: 'eu-west-1' }
    expect(usesPathStyle(aws.endpoint)).toBe(false)
    expect(s3BrowserOrigins(aws)).toEqual([
      'https://media-prod.s3.eu-west-1.amazonaws.com',
      'https://s3.eu-west-1.amazonaws.com',
      'https://media-prod.s3.dualstack.eu-west-1.amazonaws.com',
    ])
    expect(s3Addressings(aws).map((form) => form.forcePathStyle)).toEqual([false, true, false])
  })

  it('on AWS, a bucket whose name has a dot is reached path-style only (no certificate names it)', () => {
    const dotted = {
      endpoint: 'https://s3.us-east-1.amazonaws.com',
      bucket: 'media.prod',
      region: 'us-east-1',
    }
    expect(s3BrowserOrigins(dotted)).toEqual(['https://s3.us-east-1.amazonaws.com'])
  })

  it('uses the endpoint itself, port kept, then its aliases, on other S3-compatible servers', () => {
    const minio = {
      endpoint: 'http://127.0.0.1:9000/',
      bucket: 'media',
      region: 'us-east-1',
      endpointAliases: ['http://s3b.localhost:9000', 'http://127.0.0.1:9000'],
    }
    expect(usesPathStyle(minio.endpoint)).toBe(true)
    // The alias that names the endpoint again is one origin, listed once.
    expect(s3BrowserOrigins(minio)).toEqual(['http://127.0.0.1:9000', 'http://s3b.localhost:9000'])
    expect(s3Addressings(minio).every((form) => form.forcePathStyle)).toBe(true)
  })
})
