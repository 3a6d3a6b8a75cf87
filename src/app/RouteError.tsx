// The generic page for a route that fails unexpectedly (specification 000, section 2): the status and its
// text when the error carries them, otherwise its message, plus the stack if there is one.

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
      {stack ? <pre className="error-stack">{stack}</pre> : null}
    </main>
  )
}
