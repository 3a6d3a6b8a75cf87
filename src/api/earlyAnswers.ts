// The answers index.html asked for before the app had loaded (src/app/earlyRequests.ts): the transport's
// fetch takes one instead of asking again when a GET for the very same URL comes while it is fresh, once.
import { EARLY_ANSWERS, type EarlyAnswers } from '../app/earlyRequests.ts'

/** An early answer serves only the first screen: later calls ask the server afresh. */
export const EARLY_ANSWER_TTL_MS = 10_000

function earlyAnswers(): EarlyAnswers | undefined {
  return typeof window === 'undefined' ? undefined : (Reflect.get(window, EARLY_ANSWERS) as EarlyAnswers)
}

/** The early answer for this GET, taken (so that it is used once), or undefined. */
export function takeEarlyAnswer(url: string, init: RequestInit | undefined): Promise<Response> | undefined {
  const early = earlyAnswers()
  if (!early || (init?.method ?? 'GET') !== 'GET' || init?.body !== undefined) return undefined
  const answer = early.answers.get(url)
  if (!answer) return undefined
  early.answers.delete(url)
  if (performance.now() - early.at > EARLY_ANSWER_TTL_MS) return undefined
  const signal = init?.signal
  if (!signal) return answer
  // The caller's timeout and abort apply to the early answer as to its own fetch.
  return new Promise((resolve, reject) => {
    if (signal.aborted) reject(signal.reason)
    signal.addEventListener('abort', () => reject(signal.reason), { once: true })
    answer.then(resolve, reject)
  })
}

/** fetch, but taking an early answer where one waits for this request. */
export const fetchTakingEarlyAnswers: typeof fetch = (input, init) =>
  takeEarlyAnswer(String(input), init) ?? globalThis.fetch(input, init)
