import { describe, expect, it } from 'vitest'
import { ApiError } from '../../src/api/transport.ts'
import { BULK_CONCURRENCY, runLimited } from '../../src/lib/bulk.ts'
import { registerWithSuffix } from '../../src/lib/restore.ts'
import { visibleRange } from '../../src/ui/VirtualRows.tsx'

const tick = () => new Promise((resolve) => setTimeout(resolve, 1))

describe('runLimited', () => {
  it('runs at most 5 at a time and every item once', async () => {
    expect(BULK_CONCURRENCY).toBe(5)
    let running = 0
    let most = 0
    const seen: number[] = []
    const items = Array.from({ length: 23 }, (_, i) => i)
    const result = await runLimited(items, async (item) => {
      running++
      most = Math.max(most, running)
      await tick()
      seen.push(item)
      running--
    })
    expect(most).toBe(5)
    expect(seen.sort((a, b) => a - b)).toEqual(items)
    expect(result.succeeded).toHaveLength(23)
    expect(result.failed).toEqual([])
  })

  it('keeps going past failures and reports them', async () => {
    const result = await runLimited([1, 2, 3, 4], async (item) => {
      await tick()
      if (item % 2 === 0) throw new Error('no')
    })
    expect(result.failed.sort()).toEqual([2, 4])
    expect(result.succeeded.sort()).toEqual([1, 3])
  })

  it('does nothing for nothing', async () => {
    expect(await runLimited([], async () => undefined)).toEqual({ succeeded: [], failed: [] })
  })
})

describe('registerWithSuffix', () => {
  const taken = new ApiError(409, { error: 'different_file' })

  it('tries the next number while the name is taken', async () => {
    const tried: string[] = []
    const name = await registerWithSuffix('clip.mov', async (candidate) => {
      tried.push(candidate)
      if (tried.length < 3) throw taken
    })
    expect(name).toBe('clip (3).mov')
    expect(tried).toEqual(['clip (1).mov', 'clip (2).mov', 'clip (3).mov'])
  })

  it('gives up after 5 tries', async () => {
    const tried: string[] = []
    await expect(
      registerWithSuffix('clip.mov', async (candidate) => {
        tried.push(candidate)
        throw taken
      }),
    ).rejects.toBe(taken)
    expect(tried).toHaveLength(5)
    expect(tried.at(-1)).toBe('clip (5).mov')
  })

  it('stops at any other failure', async () => {
    const failure = new ApiError(500)
    let calls = 0
    await expect(
      registerWithSuffix('clip.mov', async () => {
        calls++
        throw failure
      }),
    ).rejects.toBe(failure)
    expect(calls).toBe(1)
  })
})

describe('visibleRange', () => {
  it('renders the rows in view and a margin, never beyond the list', () => {
    expect(visibleRange(0, 440, 44, 20_000, 8)).toEqual([0, 18])
    expect(visibleRange(44 * 1000, 440, 44, 20_000, 8)).toEqual([992, 1018])
    expect(visibleRange(44 * 19_995, 440, 44, 20_000, 8)).toEqual([19_987, 20_000])
    expect(visibleRange(0, 440, 44, 3, 8)).toEqual([0, 3])
  })
})
