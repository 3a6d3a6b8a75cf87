// How a fuzzed request that went wrong is told: the request as sent (shortened where it is huge), what
// the server answered or that it did not, what was expected, and the server's own error line for a 5xx,
// so that one failure message says which request broke what.
import { answerBody, type RawAnswer, type RawRequest } from './rawHttp.ts'

const shorten = (text: string, keep = 160) =>
  text.length > keep ? `${text.slice(0, keep)}… (${text.length} chars)` : text

/** The target with each long path segment and query value cut short, so that every part of it shows. */
function shortTarget(target: string): string {
  const [path = '', query] = target.split(/\?(.*)/s)
  const segments = path.split('/').map((segment) => shorten(segment, 40))
  const pairs = query?.split('&').map((pair) => {
    const [key = '', value] = pair.split(/=(.*)/s)
    return value === undefined ? shorten(key, 40) : `${shorten(key, 40)}=${shorten(value, 40)}`
  })
  return `${segments.join('/')}${pairs ? `?${pairs.join('&')}` : ''}`
}

export function describeRequest(label: string, raw: RawRequest): string {
  const body = raw.body === undefined ? '' : ` body ${shorten(raw.body.toString())}`
  const type = raw.headers?.['content-type'] ? ` [${raw.headers['content-type']}]` : ''
  return `${label}\n      ${raw.method} ${shortTarget(raw.target)}${type}${body}`
}

export function describeAnswer(answer: RawAnswer): string {
  if ('error' in answer) return `no answer after ${answer.ms} ms: ${answer.error}`
  const body = shorten(JSON.stringify(answer.text === '' ? '' : answerBody(answer.text)), 300)
  return `${answer.status} ${body} in ${answer.ms} ms`
}

/** The message of the first error the server logged from `fromLine` on, when it logged one. */
export function serverErrorSince(logs: readonly string[], fromLine: number): string | undefined {
  for (const line of logs.slice(fromLine)) {
    try {
      const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string } }
      if ((entry.level ?? 0) >= 50) return shorten(`${entry.msg ?? ''}: ${entry.err?.message ?? ''}`, 400)
    } catch {
      // Not a JSON log line.
    }
  }
  return undefined
}
