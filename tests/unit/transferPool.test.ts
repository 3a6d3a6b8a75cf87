import { afterEach, describe, expect, it, vi } from 'vitest'
import { WorkerPool } from '../../src/lib/workerPool.ts'
import { ItemTaskPool, TRANSFER_IDLE_TIMEOUT_MS, transferWorkerLimit } from '../../src/transfers/pool.ts'

interface FakeApi {
  id: number
  work(): Promise<string>
}

function fakePool(maxWorkers: number) {
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
  return { workers, items: new ItemTaskPool(pool) }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

afterEach(() => {
  vi.useRealTimers()
})

describe('the transfer pool', () => {
  it('is bounded by the cores, with two workers when the browser does not say', () => {
    expect(transferWorkerLimit(8)).toBe(8)
    expect(transferWorkerLimit(1)).toBe(1)
    expect(transferWorkerLimit(0)).toBe(2)
    expect(transferWorkerLimit(undefined)).toBe(2)
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
