// Part PUTs as a page sends them (its workers' requests included), for tests and benchmarks that must
// prove which parts went, when, and how often they were stored.
import type { Page } from '@playwright/test'

/** The part number of a PUT to a signed part URL: the local store's path, or S3's partNumber. */
export function partNumberOf(url: string): number | undefined {
  const parsed = new URL(url)
  const fromQuery = parsed.searchParams.get('partNumber')
  if (fromQuery) return Number(fromQuery)
  const fromPath = /\/upload\/\d+\/[0-9a-f]{64}\/[^/]+\/(\d+)$/.exec(parsed.pathname)
  return fromPath ? Number(fromPath[1]) : undefined
}

/**
 * Watches part PUTs: when each was asked for, and how many were stored (a 2xx answer). sendingPart(n)
 * settles as the browser asks to send part n: acting on it then (not on a poll) lands in the middle of the
 * upload however fast the machine sends.
 */
export function watchParts(page: Page) {
  const requested: Array<{ part: number; at: number }> = []
  const stored = new Map<number, number>()
  const waiters: Array<{ part: number; resolve: () => void }> = []
  page.on('request', (request) => {
    const part = request.method() === 'PUT' ? partNumberOf(request.url()) : undefined
    if (part === undefined) return
    requested.push({ part, at: Date.now() })
    for (const waiter of waiters.filter((each) => each.part === part)) waiter.resolve()
  })
  page.on('requestfinished', async (request) => {
    const part = request.method() === 'PUT' ? partNumberOf(request.url()) : undefined
    if (part === undefined) return
    if ((await request.response())?.ok()) stored.set(part, (stored.get(part) ?? 0) + 1)
  })
  const sendingPart = (part: number) => new Promise<void>((resolve) => waiters.push({ part, resolve }))
  return { requested, stored, sendingPart }
}
