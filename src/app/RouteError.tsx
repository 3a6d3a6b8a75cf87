// The generic page for a route that fails unexpectedly (specification 000, section 2): the status and its
// text when the error carries them, otherwise its message, plus the stack if there is one. A chunk that
// failed to load ('Loading chunk {n} failed.', src/lib/chunkLoad.ts) mostly means a new version was published
// since the page loaded, so that page also offers Reload.
import { ChunkLoadError } from '../lib/chunkLoad.ts'
import { reloadApp } from './serviceWorker.ts'

interface StatusLike {
  status: number
  statusText?: string
}

function hasStatus(error: unknown): error is StatusLike {
  return typeof error === 'object' && error !== null && typeof (error as StatusLike).status === 'number'
}

export function describeRouteError(error: unknown): { summary: string; stack?: string } {
  const stack = error instanceof Error ? error.stack : undefined
  if (hasStatus(error)) {
    const text = error.statusText ?? (error instanceof Error ? error.message : '')
    return { summary: `${error.status} ${text}`.trim(), ...(stack ? { stack } : {}) }
  }
  const summary = error instanceof Error ? error.message : String(error)
  return { summary, ...(stack ? { stack } : {}) }
}

export function RouteError({ error }: { error: unknown }) {
  const { summary, stack } = describeRouteError(error)
  return (
    <main className="page-message" role="alert">
      <h1>Unexpected Application Error!</h1>
      <h2>{summary}</h2>
      {error instanceof ChunkLoadError ? (
        <p>
          <button type="button" className="button" onClick={reloadApp}>
            Reload
          </button>
        </p>
      ) : null}
      {stack ? <pre className="error-stack">{stack}</pre> : null}
    </main>
  )
}
