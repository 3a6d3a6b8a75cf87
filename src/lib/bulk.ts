// Bulk delete and undelete run a few calls at a time (specification 000, section 9: 5 at a time), so a
// large selection neither floods the server nor waits on one call after another.
export const BULK_CONCURRENCY = 5

export interface BulkResult<T> {
  succeeded: T[]
  failed: T[]
}

/** Runs `task` on every item with at most `limit` running at once; a failure does not stop the others. */
export async function runLimited<T>(
  items: readonly T[],
  task: (item: T) => Promise<unknown>,
  limit = BULK_CONCURRENCY,
): Promise<BulkResult<T>> {
  const result: BulkResult<T> = { succeeded: [], failed: [] }
  let next = 0
  async function worker(): Promise<void> {
    while (next < items.length) {
      const item = items[next++] as T
      try {
        await task(item)
        result.succeeded.push(item)
      } catch {
        result.failed.push(item)
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return result
}
