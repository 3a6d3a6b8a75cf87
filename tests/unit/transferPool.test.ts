import { afterEach, describe, expect, it, vi } from 'vitest'
import { WorkerPool } from '../../src/lib/workerPool.ts'
import {
  REQUESTS_PER_HOST,
  UPLOAD_MAX_REQUESTS_IN_FLIGHT,
  UPLOAD_PARALLEL_PARTS,
  storageHostOf,
} from '../../src/transfers/limits.ts'
import {
  HASH_MAX_WORKERS,
  HASH_MIN_WORKERS,
  ItemTaskPool,
  SEND_WORKERS,
  createSendPool,
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
  // The send lane as the console builds it.
  const senders = createSendPool<FakeApi>(() => {
    const record = { id: workers.length + 1, terminated: false, finish: () => undefined }
    workers.push(record)
    return {
      api: { id: record.id, work: () => Promise.resolve('sent') },
      terminate() {
        record.terminated = true
      },
    }
  })
  const sends: Array<{ worker: number; stopped: boolean; host?: string }> = []
  /** A send that holds until its signal fires, as a request in flight does until it is aborted. */
  const send = (items: ItemTaskPool<FakeApi>, itemId: string, host?: string) =>
    items.send(
      itemId,
      (api, signal) => {
        const record = { worker: api.id, stopped: false, host }
        sends.push(record)
        return new Promise<string>((resolve) =>
          signal.addEventListener('abort', () => {
            record.stopped = true
            resolve('aborted')
          }),
        )
      },
      host,
    )
  return { workers, sends, send, senders, items: new ItemTaskPool(pool, senders, hashesAtOnce) }
}

/** The hosts of the sends still in flight, counted. */
function inFlightByHost(sends: ReadonlyArray<{ stopped: boolean; host?: string }>): Map<string, number> {
  const counts = new Map<string, number>()
  for (const each of sends) {
    if (!each.stopped) counts.set(each.host ?? '', (counts.get(each.host ?? '') ?? 0) + 1)
  }
  return counts
}

/** The host a part's URL was signed for: the server spreads part N over its hosts as (N - 1) mod hosts. */
const hostOfPart = (partNum: number, hosts: number) =>
  storageHostOf(`http://s${((partNum - 1) % hosts) + 1}.localhost:8080/storage/upload/1/x/${partNum}`)

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

  it("keeps one host to the browser's 6 connections, and a file's 10 parts all go once there are 2 hosts", async () => {
    const oneHost = fakePool(1)
    const parts = Array.from({ length: UPLOAD_PARALLEL_PARTS }, (_, index) =>
      oneHost.send(oneHost.items, 'clip', hostOfPart(index + 1, 1)),
    )
    await flush()
    expect(oneHost.sends).toHaveLength(REQUESTS_PER_HOST)
    expect(oneHost.senders.queued).toBe(UPLOAD_PARALLEL_PARTS - REQUESTS_PER_HOST)
    oneHost.items.cancel('clip')
    // The running sends stop; those still waiting for a place are refused.
    const outcomes = await Promise.allSettled(parts)
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toHaveLength(
      UPLOAD_PARALLEL_PARTS - REQUESTS_PER_HOST,
    )
    oneHost.items.close()

    const twoHosts = fakePool(1)
    const spread = Array.from({ length: UPLOAD_PARALLEL_PARTS }, (_, index) =>
      twoHosts.send(twoHosts.items, 'clip', hostOfPart(index + 1, 2)),
    )
    await flush()
    expect(twoHosts.sends).toHaveLength(UPLOAD_PARALLEL_PARTS)
    expect([...inFlightByHost(twoHosts.sends).values()]).toEqual([5, 5])
    twoHosts.items.cancel('clip')
    await Promise.all(spread)
    twoHosts.items.close()
  })

  it('never has more than 6 requests on a host nor 24 in all, and a full host lets the others pass', async () => {
    const { sends, send, senders, items } = fakePool(1)
    // Ten files of ten parts over four hosts, and a host of its own with more parts than it may carry.
    const all = Array.from({ length: 10 }, (_, file) =>
      Array.from({ length: UPLOAD_PARALLEL_PARTS }, (_, index) =>
        send(items, `file-${file}`, hostOfPart(index + 1, 4)),
      ),
    ).flat()
    await flush()
    expect(sends).toHaveLength(UPLOAD_MAX_REQUESTS_IN_FLIGHT)
    for (const count of inFlightByHost(sends).values()) expect(count).toBeLessThanOrEqual(REQUESTS_PER_HOST)
    expect(inFlightByHost(sends).size).toBe(4)
    // Stopping a file frees places; they go to waiting parts whose host has room, never past 6 on one.
    for (let file = 0; file < 10; file++) {
      items.cancel(`file-${file}`)
      await flush()
      const counts = inFlightByHost(sends)
      for (const count of counts.values()) expect(count).toBeLessThanOrEqual(REQUESTS_PER_HOST)
      const running = [...counts.values()].reduce((sum, count) => sum + count, 0)
      expect(running).toBe(Math.min(UPLOAD_MAX_REQUESTS_IN_FLIGHT, (9 - file) * UPLOAD_PARALLEL_PARTS))
      expect(senders.inFlight).toBe(running)
    }
    await Promise.all(all)
    items.close()
  })

  it('reads the host of a URL as the browser counts connections: scheme, name and port', () => {
    expect(storageHostOf('http://s1.localhost:8080/storage/object/1/ab?x=1')).toBe('http://s1.localhost:8080')
    expect(storageHostOf('https://bucket.s3.us-east-1.amazonaws.com/key')).toBe(
      'https://bucket.s3.us-east-1.amazonaws.com',
    )
    expect(storageHostOf('not a url')).toBe('not a url')
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
