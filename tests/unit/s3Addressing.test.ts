import { describe, expect, it } from 'vitest'
import { s3BrowserOrigin, usesPathStyle } from '../../server/storage/s3Addressing.ts'

describe('how the browser reaches an S3 bucket', () => {
  it('uses the bucket as a subdomain on AWS, so the policy names that origin', () => {
    const aws = { endpoint: 'https://s3.eu-west-1.amazonaws.com', bucket: 'media-prod' }
    expect(usesPathStyle(aws.endpoint)).toBe(false)
    expect(s3BrowserOrigin(aws)).toBe('https://media-prod.s3.eu-west-1.amazonaws.com')
  })

  it('uses the endpoint itself, port kept, on other S3-compatible servers', () => {
    const minio = { endpoint: 'http://127.0.0.1:9000/', bucket: 'media' }
    expect(usesPathStyle(minio.endpoint)).toBe(true)
    expect(s3BrowserOrigin(minio)).toBe('http://127.0.0.1:9000')
  })
})
