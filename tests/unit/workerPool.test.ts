import { afterEach, describe, expect, it, vi } from 'vitest'
import { ConcurrentWorkerPool } from '../../src/lib/concurrentWorkerPool.ts'
import { WorkerPool, type PoolWorker } from '../../src/lib/workerPool.ts'

// Stand-in workers: each task is a promise the test settles by hand, so the pool's bookkeeping can be
// observed between steps.
interface FakeApi {
  id: number
}

function fakeWorkers() {
  const created: Array<PoolWorker<FakeApi> & { terminated: boolean }> = []
  const create = () => {
    const worker = {
      api: { id: created.length + 1 },
      terminated: false,
      terminate() {
        worker.terminated = true
      },
    }
    created.push(worker)
    return worker
  }
  return { created, create }
}

function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

afterEach(() => {
  vi.useRealTimers()
})

describe('WorkerPool', () => {
  it('never runs more workers than its bound, and queues the rest', async () => {
    const { created, create } = fakeWorkers()
    const pool = new WorkerPool<FakeApi>({ create, maxWorkers: 2, idleTimeoutMs: 1000 })
    const tasks = [deferred<number>(), deferred<number>(), deferred<number>()]
    const seen: number[] = []
    const results = tasks.map((task) =>
      pool.run(async (api) => {
        seen.push(api.id)
        return task.promise
      }),
    )
    await flush()
    expect(created).toHaveLength(2)
    expect(pool.size).toBe(2)
    expect(pool.queued).toBe(1)
    tasks[0]?.resolve(10)
    await flush()
    // The third task reuses the first worker.
    expect(seen).toEqual([1, 2, 1])
    tasks[1]?.resolve(20)
    tasks[2]?.resolve(30)
    expect(await Promise.all(results)).toEqual([10, 20, 30])
    expect(created).toHaveLength(2)
    pool.close()
  })

  it('passes a task failure to its caller and keeps the worker', async () => {
    const { created, create } = fakeWorkers()
    const pool = new WorkerPool<FakeApi>({ create, maxWorkers: 1, idleTimeoutMs: 1000 })
    await expect(pool.run(async () => Promise.reject(new Error('bad input')))).rejects.toThrow('bad input')
    await expect(pool.run(async (api) => api.id)).resolves.toBe(1)
    expect(created).toHaveLength(1)
    expect(created[0]?.terminated).toBe(false)
    pool.close()
  })

  it('closes idle workers after the idle time', async () => {
    vi.useFakeTimers()
    const { created, create } = fakeWorkers()
    const pool = new WorkerPool<FakeApi>({ create, maxWorkers: 2, idleTimeoutMs: 30_000 })
    await pool.run(async () => 1)
    expect(pool.size).toBe(1)
    await vi.advanceTimersByTimeAsync(29_999)
    expect(created[0]?.terminated).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(created[0]?.terminated).toBe(true)
    expect(pool.size).toBe(0)
  })

  it('cancels a running task by terminating its worker, and gives the place to the next task', async () => {
    const { created, create } = fakeWorkers()
    const pool = new WorkerPool<FakeApi>({ create, maxWorkers: 1, idleTimeoutMs: 1000 })
    const controller = new AbortController()
    const running = pool.run(() => new Promise<number>(() => {}), controller.signal)
    const next = pool.run(async (api) => api.id)
    await flush()
    expect(pool.queued).toBe(1)
    controller.abort()
    await expect(running).rejects.toMatchObject({ name: 'AbortError' })
    expect(created[0]?.terminated).toBe(true)
    await expect(next).resolves.toBe(2)
    pool.close()
  })

  it('drops a queued task that is cancelled before it starts', async () => {
    const { create } = fakeWorkers()
    const pool = new WorkerPool<FakeApi>({ create, maxWorkers: 1, idleTimeoutMs: 1000 })
    const first = deferred<number>()
    const running = pool.run(() => first.promise)
    const controller = new AbortController()
    const queued = pool.run(async () => 99, controller.signal)
    await flush()
    controller.abort()
    await expect(queued).rejects.toMatchObject({ name: 'AbortError' })
    expect(pool.queued).toBe(0)
    first.resolve(1)
    await expect(running).resolves.toBe(1)
    pool.close()
  })

  it('refuses an already-cancelled task without starting a worker', async () => {
    const { created, create } = fakeWorkers()
    const pool = new WorkerPool<FakeApi>({ create, maxWorkers: 1, idleTimeoutMs: 1000 })
    await expect(pool.run(async () => 1, AbortSignal.abort())).rejects.toMatchObject({ name: 'AbortError' })
    expect(created).toHaveLength(0)
  })

  it('terminates every worker on close', async () => {
    const { created, create } = fakeWorkers()
    const pool = new WorkerPool<FakeApi>({ create, maxWorkers: 2, idleTimeoutMs: 1000 })
    await pool.run(async () => 1)
    void pool.run(() => new Promise(() => {}))
    void pool.run(() => new Promise(() => {}))
    // A third task waits for a worker: closing refuses it rather than leaving it waiting for ever.
    const waiting = pool.run(async () => 3)
    await flush()
    pool.close()
    await expect(waiting).rejects.toThrow('closed')
    expect(created.every((worker) => worker.terminated)).toBe(true)
    await expect(pool.run(async () => 1)).rejects.toThrow('closed')
  })
})

describe('ConcurrentWorkerPool', () => {
  it('runs up to maxTasks at once over at most maxWorkers workers, each carrying several, and queues the rest', async () => {
    const { created, create } = fakeWorkers()
    const pool = new ConcurrentWorkerPool<FakeApi>({
      create,
      maxWorkers: 2,
      maxTasks: 5,
      idleTimeoutMs: 1000,
    })
    const tasks = Array.from({ length: 7 }, () => deferred<number>())
    const onWorker: number[] = []
    const results = tasks.map((task, index) =>
      pool.run(async (api) => {
        onWorker[index] = api.id
        return task.promise
      }),
    )
    await flush()
    expect(pool.inFlight).toBe(5)
    expect(pool.queued).toBe(2)
    expect(created).toHaveLength(2)
    // Spread over the workers, the least loaded first.
    expect(onWorker.slice(0, 5)).toEqual([1, 2, 1, 2, 1])
    tasks[1]?.resolve(1)
    await flush()
    expect(pool.inFlight).toBe(5)
    expect(pool.queued).toBe(1)
    // The next task goes where the place came free.
    expect(onWorker[5]).toBe(2)
    for (const task of tasks) task.resolve(0)
    await Promise.all(results)
    expect(pool.inFlight).toBe(0)
    expect(created.some((worker) => worker.terminated)).toBe(false)
    pool.close()
  })

  it('passes the signal to the task and never terminates a worker to cancel one of its tasks', async () => {
    const { created, create } = fakeWorkers()
    const pool = new ConcurrentWorkerPool<FakeApi>({
      create,
      maxWorkers: 1,
      maxTasks: 2,
      idleTimeoutMs: 1000,
    })
    const controller = new AbortController()
    const other = deferred<string>()
    const cancelled = pool.run(
      (_api, signal) =>
        new Promise<string>((resolve) => signal.addEventListener('abort', () => resolve('stopped'))),
      controller.signal,
    )
    const kept = pool.run(() => other.promise)
    const queued = pool.run(async () => 'never', controller.signal)
    await flush()
    expect(pool.queued).toBe(1)
    controller.abort()
    await expect(cancelled).resolves.toBe('stopped')
    await expect(queued).rejects.toMatchObject({ name: 'AbortError' })
    expect(created[0]?.terminated).toBe(false)
    other.resolve('kept')
    await expect(kept).resolves.toBe('kept')
    pool.close()
  })

  it('closes a worker that has carried nothing for the idle time', async () => {
    vi.useFakeTimers()
    const { created, create } = fakeWorkers()
    const pool = new ConcurrentWorkerPool<FakeApi>({
      create,
      maxWorkers: 2,
      maxTasks: 4,
      idleTimeoutMs: 1000,
    })
    await pool.run(async () => 1)
    expect(pool.size).toBe(1)
    vi.advanceTimersByTime(999)
    await pool.run(async () => 2)
    vi.advanceTimersByTime(999)
    expect(pool.size).toBe(1)
    vi.advanceTimersByTime(1)
    expect(pool.size).toBe(0)
    expect(created[0]?.terminated).toBe(true)
    pool.close()
  })

  it('terminates its workers on close and refuses the tasks still waiting for their turn', async () => {
    const { created, create } = fakeWorkers()
    const pool = new ConcurrentWorkerPool<FakeApi>({
      create,
      maxWorkers: 1,
      maxTasks: 1,
      idleTimeoutMs: 1000,
    })
    void pool.run(() => new Promise(() => {}))
    const waiting = pool.run(async () => 'never')
    await flush()
    expect(pool.queued).toBe(1)
    pool.close()
    await expect(waiting).rejects.toThrow('closed')
    expect(pool.queued).toBe(0)
    expect(created[0]?.terminated).toBe(true)
    await expect(pool.run(async () => 1)).rejects.toThrow('closed')
  })
})
