// The answers index.html asked for before the app had loaded (src/app/earlyRequests.ts): the transport's
// fetch takes one instead of asking again when a GET for the very same URL comes while it is fresh, once.
import { EARLY_ANSWER_TTL_MS, EARLY_ANSWERS, type EarlyAnswers } from '../app/earlyRequests.ts'

export { EARLY_ANSWER_TTL_MS }

function earlyAnswers(): EarlyAnswers | undefined {
  return typeof window === 'undefined' ? undefined : (Reflect.get(window, EARLY_ANSWERS) as EarlyAnswers)
}

const isPlainGet = (init: RequestInit | undefined) =>
  (init?.method ?? 'GET') === 'GET' && init?.body === undefined

const isFresh = (early: EarlyAnswers) => performance.now() - early.at <= EARLY_ANSWER_TTL_MS

/** The early answer for this GET, taken (so that it is used once), or undefined. */
export function takeEarlyAnswer(url: string, init: RequestInit | undefined): Promise<Response> | undefined {
  const early = earlyAnswers()
  if (!early || !isPlainGet(init)) return undefined
  const answer = early.answers.get(url)
  if (!answer) return undefined
  early.answers.delete(url)
  if (!isFresh(early)) return undefined
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
