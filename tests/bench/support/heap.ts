// The JavaScript heap of a page and of its dedicated workers, polled over the Chrome DevTools Protocol while a
// benchmark runs. Workers are reached through the page's auto-attach in the protocol's non-flat mode, where
// their commands travel inside Target.sendMessageToTarget: Playwright's sessions cannot address a child
// session directly, and the workers are where file bytes are hashed and sent.
import type { CDPSession, Page } from '@playwright/test'

export const POLL_INTERVAL_MS = 250
const ANSWER_TIMEOUT_MS = 2_000

export interface HeapPeaks {
  /** The page's own heap (usedSize of Runtime.getHeapUsage), in bytes. */
  page: number
  /** The largest sum over its workers at one moment, in bytes. */
  workers: number
  /** The largest sum of the page and its workers at one moment, in bytes. */
  total: number
  /** The largest sum of ArrayBuffer memory outside the heaps (backingStorageSize), page and workers. */
  backingStore: number
  /** The most workers seen at one moment. */
  workerCount: number
  samples: number
  /** Worker answers that did not come within ANSWER_TIMEOUT_MS (those samples miss that worker). */
  unanswered: number
}

interface Usage {
  usedSize: number
  backingStorageSize?: number
}

interface Pending {
  resolve(usage: Usage): void
  reject(error: Error): void
}

export async function watchHeap(page: Page): Promise<{ stop(): Promise<HeapPeaks> }> {
  const session: CDPSession = await page.context().newCDPSession(page)
  const workers = new Set<string>()
  const pending = new Map<number, Pending>()
  let nextId = 1
  session.on('Target.attachedToTarget', (event) => {
    if (event.targetInfo.type === 'worker') workers.add(event.sessionId)
  })
  session.on('Target.detachedFromTarget', (event) => {
    if (event.sessionId) workers.delete(event.sessionId)
  })
  session.on('Target.receivedMessageFromTarget', (event) => {
    const message = JSON.parse(event.message) as {
      id?: number
      result?: Usage
      error?: { message: string }
    }
    const waiter = message.id === undefined ? undefined : pending.get(message.id)
    if (!waiter) return
    if (message.result) waiter.resolve(message.result)
    else waiter.reject(new Error(message.error?.message ?? 'no heap usage'))
  })
  await session.send('Target.setAutoAttach', {
    autoAttach: true,
    waitForDebuggerOnStart: false,
    flatten: false,
  })

  // A worker that is closing may never answer: after this long it counts as gone, so polling never stalls.
  const workerHeap = (sessionId: string) =>
    new Promise<Usage>((resolve, reject) => {
      const id = nextId++
      const timer = setTimeout(() => {
        pending.delete(id)
        reject(new Error(`worker ${sessionId} did not answer`))
      }, ANSWER_TIMEOUT_MS)
      const settle = () => {
        clearTimeout(timer)
        pending.delete(id)
      }
      pending.set(id, {
        resolve: (usage) => (settle(), resolve(usage)),
        reject: (error) => (settle(), reject(error)),
      })
      session
        .send('Target.sendMessageToTarget', {
          sessionId,
          message: JSON.stringify({ id, method: 'Runtime.getHeapUsage' }),
        })
        .catch((error: Error) => pending.get(id)?.reject(error))
    })

  const peaks: HeapPeaks = {
    page: 0,
    workers: 0,
    total: 0,
    backingStore: 0,
    workerCount: 0,
    samples: 0,
    unanswered: 0,
  }
  const none: Usage = { usedSize: 0 }
  let failure: Error | undefined
  const sample = async () => {
    const [own, ...others] = await Promise.all([
      session.send('Runtime.getHeapUsage') as Promise<Usage>,
      // A worker closed between the listing and the answer no longer counts.
      ...[...workers].map((id) =>
        workerHeap(id).catch(() => {
          peaks.unanswered++
          return none
        }),
      ),
    ])
    const inWorkers = others.reduce((sum, usage) => sum + usage.usedSize, 0)
    const backing = [own, ...others].reduce((sum, usage) => sum + (usage?.backingStorageSize ?? 0), 0)
    peaks.page = Math.max(peaks.page, own?.usedSize ?? 0)
    peaks.workers = Math.max(peaks.workers, inWorkers)
    peaks.total = Math.max(peaks.total, (own?.usedSize ?? 0) + inWorkers)
    peaks.backingStore = Math.max(peaks.backingStore, backing)
    peaks.workerCount = Math.max(peaks.workerCount, others.length)
    peaks.samples++
  }
  let running: Promise<void> = sample()
  const timer = setInterval(() => {
    // A sample that takes longer than the interval is not overlapped by the next one.
    running = running.then(sample).catch((error: Error) => {
      failure ??= error
    })
  }, POLL_INTERVAL_MS)

  return {
    async stop() {
      clearInterval(timer)
      await running
      await sample()
      await session.detach().catch(() => undefined)
      if (failure) throw failure
      return peaks
    },
  }
}
