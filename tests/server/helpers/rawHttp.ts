// Requests exactly as written, for tests of malformed input: the path and query go out unnormalised (a
// `%00`, a 5,000-character segment), the body is any bytes with any content type, and every request is
// bounded in time. An answer that does not come in time, or a connection the server drops, is an outcome
// to report, never an exception that would end the test.
import http from 'node:http'

export interface RawRequest {
  method: string
  /** Path and query string, sent as they are. */
  target: string
  headers?: Record<string, string>
  body?: string | Buffer
}

export type RawAnswer =
  | { status: number; text: string; ms: number }
  /** No answer: the time ran out, or the connection failed. */
  | { error: string; ms: number }

/** Only the beginning of an answer is kept: enough to say what it was. */
const KEPT_ANSWER_CHARS = 4096

export function sendRaw(baseUrl: string, request: RawRequest, timeoutMs: number): Promise<RawAnswer> {
  const started = performance.now()
  const elapsed = () => Math.round(performance.now() - started)
  const { hostname, port } = new URL(baseUrl)
  return new Promise((resolve) => {
    let settled = false
    let answered = false
    const settle = (answer: RawAnswer) => {
      if (!settled) {
        settled = true
        resolve(answer)
      }
    }
    const body = request.body
    const outgoing = http.request(
      {
        hostname,
        port,
        method: request.method,
        path: request.target,
        // A connection per request: one the server left hanging is never reused.
        agent: false,
        signal: AbortSignal.timeout(timeoutMs),
        headers: {
          ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }),
          // Not `close`: a server answering before it read the whole body may then read and drop the rest,
          // where on a closing connection it would reset it. The connection still ends with the answer,
          // as this request's own agent keeps none alive.
          connection: 'keep-alive',
          ...request.headers,
        },
      },
      (response) => {
        answered = true
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => {
          if (text.length < KEPT_ANSWER_CHARS) text += chunk.slice(0, KEPT_ANSWER_CHARS - text.length)
        })
        response.on('end', () => settle({ status: response.statusCode ?? 0, text, ms: elapsed() }))
        response.on('error', (error) =>
          settle({ error: `the answer broke off: ${error.message}`, ms: elapsed() }),
        )
      },
    )
    outgoing.on('error', (error) => {
      const timedOut = error.name === 'AbortError' || error.name === 'TimeoutError'
      settle({ error: timedOut ? `no answer within ${timeoutMs} ms` : error.message, ms: elapsed() })
    })
    sendBody(outgoing, body === undefined ? undefined : Buffer.from(body), () => answered)
  })
}

const BODY_CHUNK_BYTES = 64 * 1024

/**
 * Writes the body a chunk at a time, letting the answer in between, and stops once it came: a server that
 * refuses a body too large answers after its headers and closes the connection, and a client still
 * writing then fails on the closed connection (EPIPE) instead of reading the answer.
 */
function sendBody(outgoing: http.ClientRequest, body: Buffer | undefined, answered: () => boolean): void {
  if (!body || body.length <= BODY_CHUNK_BYTES) {
    outgoing.end(body)
    return
  }
  outgoing.flushHeaders()
  let offset = 0
  const next = () => {
    if (answered() || outgoing.destroyed) return
    if (offset >= body.length) {
      outgoing.end()
      return
    }
    const chunk = body.subarray(offset, (offset += BODY_CHUNK_BYTES))
    // After the chunk is handed to the socket, and the events waiting (an answer) are run.
    outgoing.write(chunk, () => setTimeout(next, 0))
  }
  setTimeout(next, 0)
}

/** The JSON of an answer's text, or the text itself when it is not JSON. */
export function answerBody(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}
