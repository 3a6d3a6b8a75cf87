// The part of s3rver's API the tests use (the package ships no types).
declare module 's3rver' {
  import type { AddressInfo } from 'node:net'

  export interface S3rverOptions {
    address?: string
    port?: number
    silent?: boolean
    directory?: string
    resetOnClose?: boolean
    configureBuckets?: Array<{ name: string; configs?: Array<string | Buffer> }>
  }

  /** The part of a Koa context a middleware here reads and sets (s3rver is a Koa application). */
  export interface S3rverContext {
    method: string
    path: string
    /** The path and query string as sent. */
    originalUrl: string
    headers: Record<string, string | string[] | undefined>
    query: Record<string, string | string[] | undefined>
    status: number
    type: string
    body: unknown
  }

  export type S3rverMiddleware = (ctx: S3rverContext, next: () => Promise<void>) => Promise<void>

  export default class S3rver {
    constructor(options?: S3rverOptions)
    /** Koa's middleware list: composed when run() starts the server. */
    middleware: S3rverMiddleware[]
    run(): Promise<AddressInfo>
    close(): Promise<void>
  }
}
