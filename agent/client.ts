// The agent's calls to the server, made through the endpoint table (server/contract/endpoints.ts) so the
// agent cannot name a path or send a body the server does not have. An entry's scope says how the caller is
// known: device and mount calls carry the device's token as `Authorization: Bearer`, calls of a signed-in
// user carry the session key as the query value session_key (as the console's do), public calls carry
// neither. An error answer becomes an AgentApiError with its status and the server's snake_case code.
//
// endpointPath and the call types come from src/api/endpoint.ts: plain functions and types over the table,
// no browser objects, so the console and the agent fill paths the same way. The timeout and the retries are
// the console's transport rules (src/api/transport.ts, specification section 9): a call that does not move
// file bytes may take DEFAULT_TIMEOUT_MS; one that failed on the way (no answer, or a 5xx) is tried
// RETRY_ATTEMPTS times in all, after backoffMs.
import type { Endpoint } from '../server/contract/endpoints.ts'
import { endpointPath, type EndpointAnswer, type EndpointInput } from '../src/api/endpoint.ts'
import { DEFAULT_TIMEOUT_MS, RETRY_ATTEMPTS, backoffMs } from '../src/api/transport.ts'

/** A refused or failed call: status is undefined when no answer came (code is then timeout or request_failure). */
export class AgentApiError extends Error {
  override name = 'AgentApiError'
  constructor(
    readonly status: number | undefined,
    readonly code: string,
    readonly body?: { error?: string; limit?: number; message?: string },
  ) {
    super(status === undefined ? code : `HTTP ${status} ${code}`)
  }

  /** Whether trying again may help: no answer, or the server failed (5xx); a 4xx is the caller's to handle. */
  get retryable(): boolean {
    return this.status === undefined || this.status >= 500
  }
}

export interface ClientOptions {
  /** The server's address, e.g. http://localhost:8080 (no trailing slash needed). */
  server: string
  sessionKey?: string
  deviceToken?: string
  fetch?: typeof fetch
  sleep?: (ms: number) => Promise<void>
  /**
   * Rewrites a signed URL before it is followed. Signed URLs name the server's public address; a server
   * that listens elsewhere than that (a test's server on a free port) needs them pointed at it.
   */
  rewriteSignedUrl?: (url: string) => string
}

export interface CallOptions {
  timeoutMs?: number
  /** Attempts on failures that may pass (no answer, 5xx); 1 for calls that must not be repeated blindly. */
  attempts?: number
  /** A Cookie header to send (the sign-in attempt's cookie). */
  cookie?: string
  signal?: AbortSignal
}

export interface RawAnswer<T> {
  body: T
  headers: Headers
}

type CallInput = { params?: Record<string, number | string>; query?: Record<string, unknown>; body?: unknown }

export class AgentClient {
  readonly server: string
  private readonly fetchFn: typeof fetch
  private readonly sleep: (ms: number) => Promise<void>

  constructor(private readonly options: ClientOptions) {
    this.server = options.server.replace(/\/+$/, '')
    this.fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)))
  }

  /** The same server with other credentials. */
  with(credentials: { sessionKey?: string; deviceToken?: string }): AgentClient {
    return new AgentClient({ ...this.options, ...credentials })
  }

  /** An absolute URL for what the server answered (signed URLs are absolute; a relative one is resolved). */
  resolve(url: string): string {
    const absolute = new URL(url, `${this.server}/`).href
    return this.options.rewriteSignedUrl ? this.options.rewriteSignedUrl(absolute) : absolute
  }

  async call<const E extends Endpoint>(
    endpoint: E,
    input: EndpointInput<E>,
    options: CallOptions = {},
  ): Promise<EndpointAnswer<E>> {
    return (await this.send(endpoint, input, options)).body
  }

  /** A call that also answers the headers (the e-mail code's answer sets the attempt cookie). */
  async send<const E extends Endpoint>(
    endpoint: E,
    input: EndpointInput<E>,
    options: CallOptions = {},
  ): Promise<RawAnswer<EndpointAnswer<E>>> {
    const { params, query, body } = input as CallInput
    const search = new URLSearchParams()
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== null) search.set(name, String(value))
    }
    const headers: Record<string, string> = { Accept: 'application/json' }
    if (endpoint.scope === 'device' || endpoint.scope === 'mount') {
      if (!this.options.deviceToken) throw new Error('this machine is not registered as a device yet')
      headers.Authorization = `Bearer ${this.options.deviceToken}`
    } else if (endpoint.scope !== 'public') {
      if (!this.options.sessionKey) throw new Error('not signed in')
      search.set('session_key', this.options.sessionKey)
    }
    if (options.cookie) headers.Cookie = options.cookie
    let payload: string | undefined
    if (body !== undefined) {
      payload = JSON.stringify(body)
      headers['Content-Type'] = 'application/json'
    }
    const text = search.toString()
    const url = `${this.server}${endpointPath(endpoint.path, params)}${text ? `?${text}` : ''}`
    const attempts = options.attempts ?? RETRY_ATTEMPTS
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.once<EndpointAnswer<E>>(url, {
          method: endpoint.method,
          headers,
          ...(payload !== undefined ? { body: payload } : {}),
          timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
          ...(options.signal ? { signal: options.signal } : {}),
        })
      } catch (error) {
        if (!(error instanceof AgentApiError) || !error.retryable || attempt + 1 >= attempts) throw error
        if (options.signal?.aborted) throw options.signal.reason
        await this.sleep(backoffMs(attempt))
      }
    }
  }

  private async once<T>(
    url: string,
    request: {
      method: string
      headers: Record<string, string>
      body?: string
      timeoutMs: number
      signal?: AbortSignal
    },
  ): Promise<RawAnswer<T>> {
    const timeout = AbortSignal.timeout(request.timeoutMs)
    const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout
    let response: Response
    let text: string
    try {
      response = await this.fetchFn(url, {
        method: request.method,
        headers: request.headers,
        ...(request.body !== undefined ? { body: request.body } : {}),
        signal,
      })
      text = await response.text()
    } catch (error) {
      // The caller's own stop is not a failure of the server: it goes up as it is.
      if (request.signal?.aborted) throw request.signal.reason
      throw new AgentApiError(undefined, timeout.aborted ? 'timeout' : 'request_failure', {
        message: error instanceof Error ? error.message : String(error),
      })
    }
    let parsed: unknown
    try {
      parsed = text === '' ? {} : JSON.parse(text)
    } catch {
      parsed = undefined
    }
    if (!response.ok) {
      const errorBody = (parsed ?? {}) as { error?: string; limit?: number; message?: string }
      throw new AgentApiError(response.status, errorBody.error ?? 'bad_status_code', errorBody)
    }
    if (parsed === undefined) throw new AgentApiError(response.status, 'bad_answer')
    return { body: parsed as T, headers: response.headers }
  }
}
