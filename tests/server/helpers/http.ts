// A small JSON client over real HTTP (node:http, so tests may set the Host header of a custom domain).

/** The Cookie header that sends back the cookies an answer set (name=value of each). */
export function cookiesOf(answer: FullAnswer<unknown>): string {
  return (answer.headers['set-cookie'] ?? []).map((header) => header.split(';', 1)[0]).join('; ')
}
import http from 'node:http'

export interface Answer<T = Record<string, unknown>> {
  status: number
  body: T
}

/** An answer with the headers it came with. */
export interface FullAnswer<T = Record<string, unknown>> extends Answer<T> {
  headers: http.IncomingHttpHeaders
}

export interface CallOptions {
  key?: string
  body?: unknown
  host?: string
  /** Sent as X-Forwarded-For: the test server believes it from loopback (TRUSTED_PROXIES). */
  forwardedFor?: string
  /** Sent as the Cookie header. */
  cookie?: string
  /** A device's token, sent as `Authorization: Bearer` (the device protocol). */
  bearer?: string
}

export async function call<T = Record<string, unknown>>(
  baseUrl: string,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  options: CallOptions = {},
): Promise<Answer<T>> {
  const { status, body } = await callWithHeaders<T>(baseUrl, method, path, options)
  return { status, body }
}

export function callWithHeaders<T = Record<string, unknown>>(
  baseUrl: string,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  options: CallOptions = {},
): Promise<FullAnswer<T>> {
  const url = new URL(path, baseUrl)
  if (options.key !== undefined) url.searchParams.set('session_key', options.key)
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body)
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method,
        headers: {
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
          ...(options.host ? { host: options.host } : {}),
          ...(options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {}),
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...(options.bearer ? { authorization: `Bearer ${options.bearer}` } : {}),
        },
      },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (text += chunk))
        response.on('end', () => {
          try {
            resolve({
              status: response.statusCode ?? 0,
              body: (text ? JSON.parse(text) : {}) as T,
              headers: response.headers,
            })
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)))
          }
        })
      },
    )
    request.on('error', reject)
    request.end(payload)
  })
}
