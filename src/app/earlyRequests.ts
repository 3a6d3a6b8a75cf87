// The first requests of a page load, sent from index.html before the app's code has arrived. Left to the app,
// they leave only once its main chunk (the larger part of the first load) has come and run: then the first
// screen's chunks and the session's first answers each cost one more round trip on a phone's link, one after
// the other. Sent from the page, they travel beside the main chunk.
//
// vite-plugins/earlyRequests.ts bundles this module into index.html as an inline script, with the build's table
// of screens and the chunks each needs; what it imports must be small and free of the app's runtime. It asks
// only for what every signed-in screen's guard asks for first (the site's config and the current user): the
// calls that follow depend on the screen's own loaders, which the app runs itself. What it sends is only ever
// a head start: the app asks for the same chunks and calls as it always does, and takes the answers already
// on their way (src/api/earlyAnswers.ts).
import { buildUrl } from '../api/transport.ts'
import { createLocalStore } from '../lib/localStore.ts'

/** What the build tells the page: each screen's route pattern and the chunks that show it, and its first calls. */
export interface EarlyTable {
  /**
   * A route's full path (TanStack's pattern: /home/$grantName/$), the indexes of its chunks in `chunks`, and
   * whether it is a screen of the signed-in area, whose guard sends a visitor without a session to /login.
   */
  routes: Array<[pattern: string, chunks: number[], signedIn: boolean]>
  /** Chunk URLs, each listed once. */
  chunks: string[]
  /** The calls the signed-in area's guard makes first: the site's config, and the current user. */
  calls: { config: string; currentUser: string }
}

/** The answers on their way, by URL, where the app finds them (src/api/earlyAnswers.ts). */
export interface EarlyAnswers {
  /** performance.now() when they were asked for. */
  at: number
  answers: Map<string, Promise<Response>>
}

/** An early answer serves only the first screen: later calls ask the server afresh. */
export const EARLY_ANSWER_TTL_MS = 10_000

/** The name of the global that holds the early answers. */
export const EARLY_ANSWERS = '__mediaConsoleEarlyAnswers'

/**
 * How well a route pattern matches a path, higher being better, or -1 when it does not: a static segment
 * outranks a parameter, and a route that takes the whole path outranks one whose splat takes the rest, as the
 * router ranks them. A pattern ending in '/' is an index route: it matches the path with or without that slash.
 */
export function matchScore(pattern: string, pathname: string): number {
  const wanted = pattern.split('/').filter(Boolean)
  const given = pathname.split('/').filter(Boolean)
  let score = 0
  for (let index = 0; index < wanted.length; index++) {
    const segment = wanted[index] as string
    if (segment === '$') return score
    const part = given[index]
    if (part === undefined) return -1
    if (segment.startsWith('$')) score += 2
    else if (segment === part) score += 3
    else return -1
  }
  return given.length === wanted.length ? score + 1 : -1
}

/** The route the router will choose for a path: the best-matching one. */
export function routeFor(
  table: Pick<EarlyTable, 'routes'>,
  pathname: string,
): EarlyTable['routes'][number] | undefined {
  let best: EarlyTable['routes'][number] | undefined
  let bestScore = -1
  for (const route of table.routes) {
    const score = matchScore(route[0], pathname)
    if (score > bestScore) {
      best = route
      bestScore = score
    }
  }
  return best
}

/**
 * The chunks of the screen a path opens on: those of its route, or none. Without a session, a screen of the
 * signed-in area is not what the page will show (its guard sends to /login): none either.
 */
export function chunksFor(
  table: Pick<EarlyTable, 'routes' | 'chunks'>,
  pathname: string,
  hasSession: boolean,
): string[] {
  const route = routeFor(table, pathname)
  if (!route || (route[2] && !hasSession)) return []
  return route[1].map((index) => table.chunks[index] as string)
}

/**
 * Preloads the chunks of the screen the page opened on and, online, asks for the session's first answers.
 * Anything that fails here fails quietly: the app asks again, and reports failures as it always does.
 */
export function startEarlyRequests(table: EarlyTable): void {
  try {
    // The session, read as the app reads it (its transport sends the key).
    const sessionKey = createLocalStore(localStorage).read('session_key')
    for (const href of chunksFor(table, location.pathname, Boolean(sessionKey))) {
      const link = document.createElement('link')
      link.rel = 'modulepreload'
      link.href = href
      document.head.appendChild(link)
    }
    // Offline, the app shows the answers it kept and waits for the network: nothing to ask now.
    if (!navigator.onLine) return
    const answers = new Map<string, Promise<Response>>()
    const ask = (path: string): void => {
      // The session key last, as the transport adds it.
      const url = buildUrl('', path, { session_key: sessionKey })
      const answer = fetch(url, { headers: { Accept: 'application/json' } })
      // Not taken by the app (it went elsewhere first), a failure must not be reported as unhandled.
      answer.catch(() => undefined)
      answers.set(url, answer)
    }
    ask(table.calls.config)
    if (sessionKey) ask(table.calls.currentUser)
    const early: EarlyAnswers = { at: performance.now(), answers }
    Reflect.set(window, EARLY_ANSWERS, early)
  } catch {
    // Storage refused (a private mode), or an old browser: the app does it all itself.
  }
}
