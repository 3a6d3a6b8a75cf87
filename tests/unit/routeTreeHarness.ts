// The real route tree loaded against a fake server, for tests of who reaches which screen: a transport
// that answers paths by pattern, and a load that reports where 'Page not found' shows, whether a route
// failed, and which route the path ends on.
import { QueryClient } from '@tanstack/react-query'
import { createMemoryHistory, createRouter } from '@tanstack/react-router'
import { setTransport } from '../../src/api/client.ts'
import type { Transport } from '../../src/api/transport.ts'
import { localState } from '../../src/lib/localState.ts'
import { routeTree } from '../../src/routeTree.gen.ts'

/** A transport that answers the first pattern a path matches, and refuses any other path. */
export function answering(answers: ReadonlyArray<readonly [RegExp, unknown]>): Transport {
  return {
    request<T>(path: string): Promise<T> {
      const found = answers.find(([pattern]) => pattern.test(path))
      return found ? Promise.resolve(found[1] as T) : Promise.reject(new Error(`no answer for ${path}`))
    },
  }
}

/** Loads a path as the console would, signed in unless told otherwise. */
export async function loadRoute(path: string, api: Transport, { signedIn = true } = {}) {
  if (signedIn) localState.write('session_key', 'key')
  setTransport(api)
  const router = createRouter({
    routeTree,
    context: { queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }) },
    history: createMemoryHistory({ initialEntries: [path] }),
  })
  await router.load()
  const matches = router.state.matches
  return {
    pathname: router.state.location.pathname,
    /** The route whose not-found shows: its notFoundComponent in place of its component. */
    notFoundAt:
      matches.find((match) => match.status === 'notFound')?.routeId ??
      matches.find((match) => (match as { _notFound?: boolean })._notFound)?.routeId,
    failed: matches.some((match) => match.status === 'error'),
    leaf: matches.at(-1)?.routeId,
    status: matches.at(-1)?.status,
  }
}

/** Signs the fake session out after each test, and gives the calls back to the app's transport. */
export function forgetSession(): void {
  localState.remove('session_key')
  setTransport(undefined)
}
