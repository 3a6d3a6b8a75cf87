// The session (specification 000, section 4): no key means signed out; after login the key is kept
// locally and every call sends it; verifying it loads the user and their organizations. A 403, or a
// custom-domain site whose organization the user is not in, ends it.
import type { QueryClient } from '@tanstack/react-query'
import { redirect } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { configQueries, type ClientConfig } from '../api/config.ts'
import { ApiError } from '../api/transport.ts'
import { userQueries, type OrgListItem, type User } from '../api/user.ts'
import { chooseCurrentOrg, lacksSiteOrg } from '../lib/currentOrg.ts'
import { localState, useLocalState } from '../lib/localState.ts'
import type { RouterContext } from './routerContext.ts'

export function hasSessionKey(): boolean {
  return Boolean(localState.read('session_key'))
}

/** Nothing read under one session may show under another: only the site's config and plans stay. */
function forgetSessionQueries(queryClient: QueryClient): void {
  queryClient.removeQueries({
    predicate: (query) => query.queryKey[0] !== 'config' && query.queryKey[0] !== 'plan',
  })
}

export function startSession(queryClient: QueryClient, sessionKey: string): void {
  forgetSessionQueries(queryClient)
  localState.write('session_key', sessionKey)
}

export function endSession(queryClient: QueryClient): void {
  localState.remove('session_key')
  forgetSessionQueries(queryClient)
}

export interface Session {
  user: User
  orgs: OrgListItem[]
  currentOrg: OrgListItem | undefined
  config: ClientConfig
}

/**
 * Asks at once for what the first screen needs to know of the session (the site's config, and with a key the
 * user and their organizations), before the router reaches the guard: the answers then arrive while the app's
 * code is still loading, instead of one round trip after it. The guard reads the same queries.
 */
export function prefetchSession({ queryClient }: RouterContext): void {
  void queryClient.prefetchQuery(configQueries.client())
  if (hasSessionKey()) void queryClient.prefetchQuery(userQueries.current())
}

/**
 * The guard of the signed-in area: with no session, or one the server refuses, it sends to /login
 * remembering the path; when the server cannot be reached it waits on /loading.
 */
export async function requireSession({ queryClient }: RouterContext, returnTo: string): Promise<Session> {
  if (!hasSessionKey()) throw redirect({ to: '/login', search: { redirect: returnTo } })
  let config: ClientConfig
  let current
  try {
    // Both asked at once: neither answer depends on the other, and on a phone's link each round trip is
    // a good part of the time to the first screen.
    ;[config, current] = await Promise.all([
      queryClient.ensureQueryData(configQueries.client()),
      // A role or capability an admin changed reaches an open tab on its next navigation: a stale answer is
      // used at once and asked again behind it.
      queryClient.ensureQueryData({ ...userQueries.current(), revalidateIfStale: true }),
    ])
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) {
      endSession(queryClient)
      throw redirect({ to: '/login', search: { redirect: returnTo } })
    }
    throw redirect({ to: '/loading', search: { redirect: returnTo, forever: true } })
  }
  if (lacksSiteOrg(current.org_list, config.domain_prefix)) {
    endSession(queryClient)
    throw redirect({ to: '/login', search: { redirect: returnTo } })
  }
  const currentOrg = chooseCurrentOrg(
    current.org_list,
    localState.read('current_org_id'),
    config.domain_prefix,
  )
  return { user: current.user, orgs: current.org_list, currentOrg, config }
}

/** The session as the signed-in screens read it; the guard has loaded it already. */
export function useSession(): Session {
  const { data: config } = useSuspenseQuery(configQueries.client())
  const { data: current } = useSuspenseQuery(userQueries.current())
  const savedOrgId = useLocalState('current_org_id')
  const currentOrg = chooseCurrentOrg(current.org_list, savedOrgId, config.domain_prefix)
  return { user: current.user, orgs: current.org_list, currentOrg, config }
}

export function switchOrg(orgId: number): void {
  localState.write('current_org_id', orgId)
}
