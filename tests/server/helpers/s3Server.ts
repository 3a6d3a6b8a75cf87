// A real S3-compatible server on loopback (s3rver) with files in a temporary directory and one bucket, and
// the S3_* settings that point the product at it.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'

export interface TestS3Server {
  endpoint: string
  bucket: string
  /** The server's environment for a default S3 store in this bucket. */
  env: Record<string, string>
  close(): Promise<void>
}

/** Lets a browser on any origin send bytes to the bucket, as a store behind the console must. */
const BROWSER_CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
  </CORSRule>
</CORSConfiguration>`

export async function startS3Server(prefix = 'media/', { browser = false } = {}): Promise<TestS3Server> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'media-console-s3-'))
  const bucket = 'media-console-test'
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, ...(browser ? { configs: [BROWSER_CORS] } : {}) }],
  })
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  return {
    endpoint,
    bucket,
    env: {
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      // s3rver's built-in account.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_PREFIX: prefix,
    },
    async close() {
      await server.close()
      await fs.rm(directory, { recursive: true, force: true })
    },
  }
}
