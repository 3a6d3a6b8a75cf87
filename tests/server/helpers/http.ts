// A small JSON client over real HTTP (node:http, so tests may set the Host header of a custom domain).
import http from 'node:http'

export interface Answer<T = Record<string, unknown>> {
  status: number
  body: T
}

export interface CallOptions {
  key?: string
  body?: unknown
  host?: string
  /** Sent as X-Forwarded-For: the server believes it from a loopback proxy. */
  forwardedFor?: string
}

export function call<T = Record<string, unknown>>(
  baseUrl: string,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  options: CallOptions = {},
): Promise<Answer<T>> {
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
        },
      },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (text += chunk))
        response.on('end', () => {
          try {
            resolve({ status: response.statusCode ?? 0, body: (text ? JSON.parse(text) : {}) as T })
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
