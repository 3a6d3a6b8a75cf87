// Structured logs (pino). The session key travels in the query string of every call, so every URL that
// reaches a log line goes through redactUrl first.
import pino, { type DestinationStream, type Logger } from 'pino'

const SECRET_QUERY_PARAMS = ['session_key', 'signature', 'X-Amz-Signature', 'X-Amz-Credential']

export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?')
  if (queryStart < 0) return url
  const params = new URLSearchParams(url.slice(queryStart + 1))
  for (const name of SECRET_QUERY_PARAMS) {
    if (params.has(name)) params.set(name, '[redacted]')
  }
  return `${url.slice(0, queryStart)}?${params.toString()}`
}

interface LoggedRequest {
  method: string
  url: string
  ip?: string
  headers?: Record<string, unknown>
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      serializers: {
        req: (req: LoggedRequest) => ({ method: req.method, url: redactUrl(req.url), ip: req.ip }),
      },
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', '*.session_key', '*.user_session_key'],
      },
    },
    destination,
  )
}
