import { afterEach, describe, expect, it, vi } from 'vitest'
import { ConcurrentWorkerPool } from '../../src/lib/concurrentWorkerPool.ts'
import { WorkerPool } from '../../src/lib/workerPool.ts'
import { UPLOAD_MAX_REQUESTS_IN_FLIGHT } from '../../src/transfers/limits.ts'
import {
  HASH_MAX_WORKERS,
  HASH_MIN_WORKERS,
  ItemTaskPool,
  SEND_WORKERS,
  TRANSFER_IDLE_TIMEOUT_MS,
  transferWorkerLimit,
} from '../../src/transfers/pool.ts'

interface FakeApi {
  id: number
  work(): Promise<string>
}

function fakePool(maxWorkers: number, hashesAtOnce?: number) {
  const workers: Array<{ id: number; terminated: boolean; finish: (value: string) => void }> = []
  const pool = new WorkerPool<FakeApi>({
    create() {
      let finish: (value: string) => void = () => undefined
      const record = { id: workers.length + 1, terminated: false, finish: (value: string) => finish(value) }
      workers.push(record)
      return {
        api: {
          id: record.id,
          work: () =>
            new Promise<string>((resolve) => {
              finish = resolve
            }),
        },
        terminate() {
          record.terminated = true
        },
      }
    },
    maxWorkers,
    idleTimeoutMs: TRANSFER_IDLE_TIMEOUT_MS,
  })
  const sends: Array<{ worker: number; stopped: boolean }> = []
  const senders = new ConcurrentWorkerPool<FakeApi>({
    create() {
      const record = { id: workers.length + 1, terminated: false, finish: () => undefined }
      workers.push(record)
      return {
        api: { id: record.id, work: () => Promise.resolve('sent') },
        terminate() {
          record.terminated = true
        },
      }
    },
    maxWorkers: SEND_WORKERS,
    maxTasks: UPLOAD_MAX_REQUESTS_IN_FLIGHT,
    idleTimeoutMs: TRANSFER_IDLE_TIMEOUT_MS,
  })
  /** A send that holds until its signal fires, as a request in flight does until it is aborted. */
  const send = (items: ItemTaskPool<FakeApi>, itemId: string) =>
    items.send(itemId, (api, signal) => {
      const record = { worker: api.id, stopped: false }
      sends.push(record)
      return new Promise<string>((resolve) =>
        signal.addEventListener('abort', () => {
          record.stopped = true
          resolve('aborted')
        }),
      )
    })
  return { workers, sends, send, items: new ItemTaskPool(pool, senders, hashesAtOnce) }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

afterEach(() => {
  vi.useRealTimers()
})

describe('the transfer pool', () => {
  it('hashes on one worker per core, at least 4 and at most 8', () => {
    expect(transferWorkerLimit(6)).toBe(6)
    expect(transferWorkerLimit(2)).toBe(HASH_MIN_WORKERS)
    expect(transferWorkerLimit(undefined)).toBe(HASH_MIN_WORKERS)
    expect(transferWorkerLimit(64)).toBe(HASH_MAX_WORKERS)
    expect([HASH_MIN_WORKERS, HASH_MAX_WORKERS]).toEqual([4, 8])
  })

  it('removing an item cancels its running and queued tasks, and only its own', async () => {
    const { workers, items } = fakePool(2)
    const a1 = items.run('a', (api) => api.work())
    const b1 = items.run('b', (api) => api.work())
    const a2 = items.run('a', (api) => api.work())
    await flush()
    expect(workers).toHaveLength(2)
    items.cancel('a')
    await expect(a1).rejects.toMatchObject({ name: 'AbortError' })
    await expect(a2).rejects.toMatchObject({ name: 'AbortError' })
    expect(workers[0]?.terminated).toBe(true)
    expect(workers[1]?.terminated).toBe(false)
    workers[1]?.finish('b done')
    await expect(b1).resolves.toBe('b done')
    // The item can run again after its cancellation: a fresh signal.
    const again = items.run('a', async (api) => `worker ${api.id}`)
    await expect(again).resolves.toBe('worker 2')
    items.close()
  })

  it('sends beyond the cores, within the cap of requests in flight, and cancels only the removed item', async () => {
    const { workers, sends, send, items } = fakePool(1)
    const a = Array.from({ length: 10 }, () => send(items, 'a'))
    const b = Array.from({ length: UPLOAD_MAX_REQUESTS_IN_FLIGHT }, () => send(items, 'b'))
    await flush()
    // One core, yet the cap's worth of requests at once, on the send workers only.
    expect(sends).toHaveLength(UPLOAD_MAX_REQUESTS_IN_FLIGHT)
    expect(workers).toHaveLength(SEND_WORKERS)
    items.cancel('a')
    await expect(Promise.all(a)).resolves.toEqual(Array(10).fill('aborted'))
    await flush()
    // The places a's sends held went to b's, and no worker was terminated to stop a's.
    expect(sends).toHaveLength(10 + UPLOAD_MAX_REQUESTS_IN_FLIGHT)
    expect(sends.filter((each) => each.stopped)).toHaveLength(10)
    expect(workers.every((worker) => !worker.terminated)).toBe(true)
    items.cancel('b')
    await expect(Promise.all(b)).resolves.toHaveLength(UPLOAD_MAX_REQUESTS_IN_FLIGHT)
    items.close()
  })

  it('hashes at most its number of parts at once over all items; a removed item leaves the line', async () => {
    const { workers, items } = fakePool(4, 2)
    const a = Array.from({ length: 3 }, () => items.hash('a', (api) => api.work()))
    const b = items.hash('b', (api) => api.work())
    await flush()
    // Four workers allowed, two parts at once: a's first two run, its third and b's wait for a turn.
    expect(workers).toHaveLength(2)
    items.cancel('a')
    const outcomes = await Promise.all(a.map((each) => each.catch((error: Error) => error.name)))
    expect(outcomes).toEqual(['AbortError', 'AbortError', 'AbortError'])
    await flush()
    // a's waiting part never ran; b got a turn, on a fresh worker in place of the terminated ones.
    expect(workers).toHaveLength(3)
    workers[2]?.finish('b done')
    await expect(b).resolves.toBe('b done')
    // The turns came back: two parts run at once again.
    const again = [items.hash('c', (api) => api.work()), items.hash('c', (api) => api.work())]
    await flush()
    // b's worker, idle again, and one more.
    expect(workers).toHaveLength(4)
    for (const worker of workers.slice(2)) worker.finish('c done')
    await expect(Promise.all(again)).resolves.toEqual(['c done', 'c done'])
    items.close()
  })

  it('closes idle workers after the idle time', async () => {
    vi.useFakeTimers()
    const { items } = fakePool(4)
    await items.run('a', async () => 'quick')
    expect(items.size).toBe(1)
    vi.advanceTimersByTime(TRANSFER_IDLE_TIMEOUT_MS - 1)
    expect(items.size).toBe(1)
    vi.advanceTimersByTime(1)
    expect(items.size).toBe(0)
    items.close()
  })
})
