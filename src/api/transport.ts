// The one place for the transport rules of the spec (000 and 001, section 9): a 10 s default timeout,
// retryable calls tried 5 times with a back-off of 50 ms x 3^n capped at 60 s, statuses 1-499 never
// retried, and the error kinds timeout, request_failure, bad_status_code and the numeric HTTP status.
// Every call carries the session key as the query parameter session_key.
import type { ErrorBody } from '../../server/contract/error.ts'

export const DEFAULT_TIMEOUT_MS = 10_000
export const CARD_TIMEOUT_MS = 30_000
export const RETRY_ATTEMPTS = 5
const BACKOFF_BASE_MS = 50
const BACKOFF_MAX_MS = 60_000

export function backoffMs(retryNumber: number): number {
  return Math.min(BACKOFF_BASE_MS * 3 ** retryNumber, BACKOFF_MAX_MS)
}

export type TransportErrorKind = 'timeout' | 'request_failure' | 'bad_status_code' | number

export class ApiError extends Error {
  override name = 'ApiError'
  constructor(
    /** The HTTP status for an error answer; otherwise what went wrong on the way. */
    readonly kind: TransportErrorKind,
    readonly body?: ErrorBody,
  ) {
    super(typeof kind === 'number' ? `HTTP ${kind}${body?.error ? ` ${body.error}` : ''}` : kind)
  }

  get status(): number | undefined {
    return typeof this.kind === 'number' ? this.kind : undefined
  }

  /** The server's snake_case error code, where it sent one. */
  get code(): string | undefined {
    return this.body?.error
  }
}

/** Statuses 1-499 are the caller's to handle; timeouts, network failures and 5xx may pass on a retry. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false
  return typeof error.kind !== 'number' || error.kind < 1 || error.kind > 499
}

type QueryValue = string | number | boolean | undefined

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'DELETE'
  query?: Record<string, QueryValue>
  body?: unknown
  timeoutMs?: number
  /** Retry on retryable failures: true for the spec's 5 attempts, or a number of attempts. */
  retry?: boolean | number
  signal?: AbortSignal
}

export interface Transport {
  request<T>(path: string, options?: RequestOptions): Promise<T>
}

export interface TransportOptions {
  baseUrl?: string
  getSessionKey?: () => string | undefined
  fetch?: typeof fetch
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>
  /**
   * Called as each attempt leaves; the function it returns is told whether an answer came back (any HTTP
   * status) or none did (a network failure, a timeout). An attempt the caller abandoned is reported by
   * neither. This is how the console knows that the server cannot be reached (src/api/serverReach.ts).
   */
  trackReach?: () => (answered: boolean) => void
}

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener('abort', () => {
      clearTimeout(timer)
      reject(signal.reason)
    })
  })
}

export function buildUrl(baseUrl: string, path: string, query: Record<string, QueryValue>): string {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) params.set(name, String(value))
  }
  const search = params.toString()
  return `${baseUrl}${path}${search ? `?${search}` : ''}`
}

async function readAnswer<T>(response: Response): Promise<T> {
  const text = await response.text()
  if (response.ok) {
    if (text === '') return undefined as T
    try {
      return JSON.parse(text) as T
    } catch {
      throw new ApiError('bad_status_code')
    }
  }
  if (response.status < 1 || response.status > 599) throw new ApiError('bad_status_code')
  let body: ErrorBody | undefined
  try {
    body = JSON.parse(text) as ErrorBody
  } catch {
    body = undefined
  }
  throw new ApiError(response.status, body)
}

export function createTransport(options: TransportOptions = {}): Transport {
  const baseUrl = options.baseUrl ?? ''
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const sleep = options.sleep ?? defaultSleep

  async function once<T>(
    url: string,
    init: RequestInit,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<T> {
    const timeout = new AbortController()
    const timer = setTimeout(() => timeout.abort(), timeoutMs)
    const onCallerAbort = () => timeout.abort()
    signal?.addEventListener('abort', onCallerAbort)
    const reached = options.trackReach?.()
    try {
      let response: Response
      try {
        response = await doFetch(url, { ...init, signal: timeout.signal })
      } catch {
        if (signal?.aborted) throw signal.reason
        reached?.(false)
        throw new ApiError(timeout.signal.aborted ? 'timeout' : 'request_failure', undefined)
      }
      reached?.(true)
      return await readAnswer<T>(response)
    } finally {
      clearTimeout(timer)
      signal?.removeEventListener('abort', onCallerAbort)
    }
  }

  return {
    async request<T>(path: string, request: RequestOptions = {}): Promise<T> {
      const method = request.method ?? 'GET'
      const url = buildUrl(baseUrl, path, { ...request.query, session_key: options.getSessionKey?.() })
      const init: RequestInit = { method, headers: { Accept: 'application/json' } }
      if (request.body !== undefined) {
        init.body = JSON.stringify(request.body)
        init.headers = { ...init.headers, 'Content-Type': 'application/json' }
      }
      const attempts = request.retry === true ? RETRY_ATTEMPTS : request.retry || 1
      for (let attempt = 0; ; attempt++) {
        try {
          return await once<T>(url, init, request.timeoutMs ?? DEFAULT_TIMEOUT_MS, request.signal)
        } catch (error) {
          if (attempt + 1 >= attempts || !isRetryable(error)) throw error
          await sleep(backoffMs(attempt), request.signal)
        }
      }
    },
  }
}
