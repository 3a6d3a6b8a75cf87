// The first requests of a page load, sent from index.html before the app's code has arrived. Left to the app,
// they leave only once its main chunk (the larger part of the first load) has come and run: then the first
// screen's chunks and the session's first answers each cost one more round trip on a phone's link, one after
// the other. Sent from the page, they travel beside the main chunk.
//
// vite-plugins/earlyRequests.ts bundles this module into index.html as an inline script, with the build's table
// of screens and the chunks each needs; what it imports must be small and free of the app's runtime (pure
// rules, such as which organization is shown). What it sends is only ever a head start: the app asks for the
// same chunks and calls as it always does, and takes the answers already on their way
// (src/api/earlyAnswers.ts).
import type { ClientConfig } from '../../server/contract/clientConfig.ts'
import type { CurrentUserResponse, OrgListItem } from '../../server/contract/user.ts'
import type { MediaGrant, MediaGrantListResponse } from '../../server/contract/volume.ts'
import { endpointPath } from '../api/endpoint.ts'
import { buildUrl } from '../api/transport.ts'
import { chooseCurrentOrg, homeCase } from '../lib/currentOrg.ts'
import { findGrant, listedDirectory, parseAreaPath } from '../lib/filePaths.ts'
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
  /**
   * The calls the signed-in area's guard makes first (the site's config, and the current user), the list of
   * the containers the user holds (its path has `:org_id`), which the screens of `grantScreens` read first,
   * the list of every container of the organization (`:org_id`), which Home reads next for an admin, and a
   * directory's listing (`:org_id`, `:media_grant_id`), which the listing screen reads next.
   */
  calls: { config: string; currentUser: string; grantList: string; adminGrantList: string; directory: string }
  /** The patterns of the screens that read the user's containers before anything else (Home, a listing). */
  grantScreens: string[]
  /** Home's pattern: an admin's Home lists every container of the organization. */
  homeScreen: string
  /** The pattern of the file browser's screen, which then reads the listing its address names. */
  listingScreen: string
}

/** A GET to ask for: its path, and its query in the order the app's own call writes it. */
export interface EarlyCall {
  path: string
  query?: Record<string, string>
}

/** The answers on their way, by URL, where the app finds them (src/api/earlyAnswers.ts). */
export interface EarlyAnswers {
  /** performance.now() when they were asked for. */
  at: number
  answers: Map<string, Promise<Response>>
  /**
   * Settles once every call the page will ask for is in `answers` (the containers list is asked for only
   * once the session's answers have come), or once early answers are no longer used.
   */
  complete: Promise<void>
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
 * The organization whose containers the console will list, once the config and the user have answered: the
 * one chosen by the app's own rule (src/lib/currentOrg.ts), and only one with a plan, whose Home lists
 * containers. Undefined when there is none.
 */
export function listedOrg(
  config: Pick<ClientConfig, 'domain_prefix'>,
  current: Pick<CurrentUserResponse, 'org_list'>,
  savedOrgId: number | undefined,
): OrgListItem | undefined {
  const org = chooseCurrentOrg(current.org_list, savedOrgId, config.domain_prefix)
  return org && homeCase(org) === 'files' ? org : undefined
}

/** The list of the containers the user holds in an organization. */
export function grantListCall(table: Pick<EarlyTable, 'calls'>, orgId: number): EarlyCall {
  return { path: endpointPath(table.calls.grantList, { org_id: orgId }) }
}

/** The list of every container of an organization, which its admins' Home shows. */
export function adminGrantListCall(table: Pick<EarlyTable, 'calls'>, orgId: number): EarlyCall {
  return { path: endpointPath(table.calls.adminGrantList, { org_id: orgId }) }
}

/**
 * The listing the file browser reads for an address, once the containers list has answered: that of the
 * directory the address names (or holds the file it names), in the container of that name (the app's own
 * rules, src/lib/filePaths.ts). Undefined when the user holds no such container: the screen asks for nothing.
 */
export function directoryCall(
  table: Pick<EarlyTable, 'calls'>,
  orgId: number,
  grants: { media_grant_list: ReadonlyArray<Pick<MediaGrant, 'media_grant_id' | 'grant_name'>> },
  pathname: string,
): EarlyCall | undefined {
  const where = parseAreaPath(pathname)
  const grant = where && findGrant(grants.media_grant_list, where.grantName)
  if (!where || !grant) return undefined
  const mediaGrantId = grant.media_grant_id
  return {
    path: endpointPath(table.calls.directory, { org_id: orgId, media_grant_id: mediaGrantId }),
    // As src/api/media.ts's listDirectory writes it: the same URL, or the app would not take the answer.
    query: { prefix_path: listedDirectory(where.path), media_grant_id: String(mediaGrantId) },
  }
}

/**
 * Preloads the chunks of the screen the page opened on and, online, asks for the session's first answers.
 * Anything that fails here fails quietly: the app asks again, and reports failures as it always does.
 */
export function startEarlyRequests(table: EarlyTable): void {
  try {
    // The session and the chosen organization, read as the app reads them (its transport sends the key).
    const local = createLocalStore(localStorage)
    const sessionKey = local.read('session_key')
    const route = routeFor(table, location.pathname)
    for (const href of chunksFor(table, location.pathname, Boolean(sessionKey))) {
      const link = document.createElement('link')
      link.rel = 'modulepreload'
      link.href = href
      document.head.appendChild(link)
    }
    // Offline, the app shows the answers it kept and waits for the network: nothing to ask now.
    if (!navigator.onLine) return
    const answers = new Map<string, Promise<Response>>()
    const ask = ({ path, query }: EarlyCall): Promise<Response> => {
      // The session key last, as the transport adds it.
      const url = buildUrl('', path, { ...query, session_key: sessionKey })
      const answer = fetch(url, { headers: { Accept: 'application/json' } })
      // Not taken by the app (it went elsewhere first), a failure must not be reported as unhandled.
      answer.catch(() => undefined)
      answers.set(url, answer)
      return answer
    }
    const config = ask({ path: table.calls.config })
    const current = sessionKey ? ask({ path: table.calls.currentUser }) : undefined
    // Read here from a copy: the body itself is the app's to read. (This callback runs before any of the
    // app's, which are added later, so the copy is made while the body is still unread.)
    const json = <T>(answer: Promise<Response>): Promise<T> =>
      answer.then((response) => (response.ok ? response.clone().json() : Promise.reject(new Error())))
    let complete = Promise.resolve()
    if (current && route && table.grantScreens.includes(route[0]))
      complete = Promise.race([
        Promise.all([json<ClientConfig>(config), json<CurrentUserResponse>(current)])
          .then(async ([site, user]) => {
            const org = listedOrg(site, user, local.read('current_org_id'))
            if (!org) return
            const grants = json<MediaGrantListResponse>(ask(grantListCall(table, org.org_id)))
            // As src/routes/_app/home.index.tsx does: with the held containers, an admin's every container.
            if (route[0] === table.homeScreen && org.is_admin) ask(adminGrantListCall(table, org.org_id))
            if (route[0] !== table.listingScreen) return
            const directory = directoryCall(table, org.org_id, await grants, location.pathname)
            if (directory) ask(directory)
          })
          .catch(() => undefined),
        new Promise<void>((resolve) => setTimeout(resolve, EARLY_ANSWER_TTL_MS)),
      ])
    const early: EarlyAnswers = { at: performance.now(), answers, complete }
    Reflect.set(window, EARLY_ANSWERS, early)
  } catch {
    // Storage refused (a private mode), or an old browser: the app does it all itself.
  }
}
