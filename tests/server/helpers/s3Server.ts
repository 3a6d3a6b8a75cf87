// A real S3-compatible server on loopback (s3rver) with files in a temporary directory and one bucket, and
// the S3_* settings that point the product at it. s3rver lacks ListParts, which S3 has and which the product
// uses to resume an upload whose last parts reached the store after the tab last saved: the stand-in answers
// it from s3rver's own files, so a reload mid-upload behaves as it does on S3.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import S3rver, { type S3rverMiddleware } from 's3rver'
import { isPresigned, presignedSignatureMatches } from './sigV4.ts'

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

export interface S3ServerOptions {
  /** Answers CORS for a browser on any origin. */
  browser?: boolean
  /** Answers ListParts, as S3 does (true by default); false leaves s3rver as it is, which cannot. */
  listParts?: boolean
  /** The bucket's name: 'media-console-test' unless a test needs another (a long one, to wrap). */
  bucket?: string
  /**
   * Checks the SigV4 signature of presigned URLs, host included, as S3 does (helpers/sigV4.ts): s3rver
   * itself accepts any SigV4 signature.
   */
  verifyPresigned?: boolean
}

export async function startS3Server(
  prefix = 'media/',
  {
    browser = false,
    listParts = true,
    bucket = 'media-console-test',
    verifyPresigned = false,
  }: S3ServerOptions = {},
): Promise<TestS3Server> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'media-console-s3-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, ...(browser ? { configs: [BROWSER_CORS] } : {}) }],
  })
  // Just before s3rver's router, behind its XML encoding of plain objects.
  if (listParts) server.middleware.splice(server.middleware.length - 1, 0, listPartsMiddleware(directory))
  if (verifyPresigned) server.middleware.unshift(presignedCheck())
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

/** Refuses a presigned request whose signature is not the one s3rver's account secret makes of it. */
function presignedCheck(): S3rverMiddleware {
  return async (ctx, next) => {
    const target = ctx.originalUrl
    if (
      !isPresigned(target) ||
      presignedSignatureMatches({ method: ctx.method, target, headers: ctx.headers }, 'S3RVER')
    )
      return next()
    ctx.status = 403
    ctx.type = 'application/xml'
    ctx.body = '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>SignatureDoesNotMatch</Code></Error>'
  }
}

/**
 * ListParts (GET /{bucket}/{key}?uploadId=…) from the parts s3rver wrote: a part counts once its .md5 file
 * exists, which s3rver writes after the part's last byte. One page: the product's parts stay under 10,000.
 */
function listPartsMiddleware(directory: string): S3rverMiddleware {
  return async (ctx, next) => {
    const uploadId = ctx.query.uploadId
    const [, bucket, ...keyParts] = ctx.path.split('/')
    if (ctx.method !== 'GET' || typeof uploadId !== 'string' || !bucket || keyParts.length === 0)
      return next()
    // s3rver keeps an upload's parts in <directory>/<bucket>/._S3rver_uploads/<uploadId>/ as "<n>" and "<n>.md5".
    const uploadDir = path.join(directory, bucket, '._S3rver_uploads', uploadId)
    const names = await fs.readdir(uploadDir).catch(() => undefined)
    if (!names) {
      ctx.status = 404
      ctx.type = 'application/xml'
      ctx.body = '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code></Error>'
      return
    }
    const numbers = names
      .filter((name) => /^\d+\.md5$/.test(name))
      .map((name) => Number(name.slice(0, -'.md5'.length)))
      .sort((a, b) => a - b)
    const parts = await Promise.all(
      numbers.map(async (number) => {
        const file = path.join(uploadDir, String(number))
        const [stat, md5] = await Promise.all([fs.stat(file), fs.readFile(`${file}.md5`, 'utf8')])
        return {
          PartNumber: number,
          LastModified: stat.mtime.toISOString(),
          ETag: `"${md5.trim()}"`,
          Size: stat.size,
        }
      }),
    )
    ctx.body = {
      ListPartsResult: {
        '@': { xmlns: 'http://s3.amazonaws.com/doc/2006-03-01/' },
        Bucket: bucket,
        Key: decodeURIComponent(keyParts.join('/')),
        UploadId: uploadId,
        MaxParts: 10000,
        IsTruncated: false,
        ...(parts.length > 0 ? { Part: parts } : {}),
      },
    }
  }
}
