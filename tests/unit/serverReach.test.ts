// The console with the server out of reach while the browser is online: when a call's outcome counts as
// "cannot be reached", what the status line says, how saved answers stand in for calls still waiting, and
// how the console asks until the server answers again, then refetches.
import { dehydrate, onlineManager, QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  INITIAL_REACH,
  isServerReachable,
  nextReach,
  trackServerReach,
  type ReachState,
} from '../../src/api/serverReach.ts'
import { setTransport } from '../../src/api/client.ts'
import { createTransport } from '../../src/api/transport.ts'
import { connectionNotice } from '../../src/app/OfflineStatus.tsx'
import { createQueryClient, followNetwork } from '../../src/app/queryClient.ts'
import { standIn } from '../../src/app/queryPersistence.ts'
import { followServer, PROBE_INTERVAL_MS } from '../../src/app/unreachableServer.ts'

/** Puts the module's state back as a page starts: the server is taken to answer until a call finds not. */
function answerOnce() {
  trackServerReach()(true)
}

afterEach(() => {
  answerOnce()
  onlineManager.setOnline(true)
})

describe('nextReach', () => {
  const unanswered = (answersWhenSent: number, browserOnline = true) =>
    ({ type: 'no_answer', answersWhenSent, browserOnline }) as const

  it('takes a call with no answer to mean the server cannot be reached', () => {
    expect(nextReach(INITIAL_REACH, unanswered(0))).toEqual({ reachable: false, answers: 0 })
  })

  it('takes any answer to mean it can, and counts it', () => {
    const down: ReachState = { reachable: false, answers: 3 }
    expect(nextReach(down, { type: 'answer' })).toEqual({ reachable: true, answers: 4 })
    expect(nextReach(INITIAL_REACH, { type: 'answer' })).toEqual({ reachable: true, answers: 1 })
  })

  it('ignores a call that found no answer when another was answered after it left: it was slow', () => {
    const state: ReachState = { reachable: true, answers: 5 }
    expect(nextReach(state, unanswered(4))).toBe(state)
    expect(nextReach(state, unanswered(5)).reachable).toBe(false)
  })

  it('leaves it to the browser while it says it is offline', () => {
    expect(nextReach(INITIAL_REACH, unanswered(0, false))).toBe(INITIAL_REACH)
  })
})

describe('trackServerReach', () => {
  it('follows the outcomes of calls in the order they left', () => {
    const slow = trackServerReach()
    answerOnce()
    slow(false)
    expect(isServerReachable()).toBe(true)
    trackServerReach()(false)
    expect(isServerReachable()).toBe(false)
    answerOnce()
    expect(isServerReachable()).toBe(true)
  })
})

describe('connectionNotice', () => {
  const now = new Date(2026, 10, 25, 15, 30)
  const savedAt = new Date(2026, 10, 25, 15, 4).getTime()

  it('says nothing while the network and the server are there', () => {
    expect(connectionNotice({ online: true, reachable: true, restoredAt: savedAt }, now)).toBeUndefined()
  })

  it('says the server cannot be reached, what is shown, and that it updates by itself', () => {
    expect(connectionNotice({ online: true, reachable: false, restoredAt: savedAt }, now)).toEqual({
      title: 'The server cannot be reached.',
      detail:
        'The console shows what it loaded at 3:04 PM and updates by itself when the server answers again.',
    })
    expect(connectionNotice({ online: true, reachable: false, restoredAt: undefined }, now)?.detail).toBe(
      'The console shows what it last loaded and updates by itself when the server answers again.',
    )
  })

  it('says offline first: without a network, the server is not the question', () => {
    expect(connectionNotice({ online: false, reachable: false, restoredAt: undefined }, now)).toEqual({
      title: 'You are offline.',
      detail: 'The console shows what it last loaded and updates by itself when the network is back.',
    })
  })
})

describe('standIn', () => {
  const savedAt = Date.UTC(2026, 10, 25, 12)

  function snapshotOf(entries: Array<[string[], unknown]>) {
    const source = new QueryClient()
    for (const [key, data] of entries) source.setQueryData(key, data, { updatedAt: savedAt })
    return dehydrate(source)
  }

  it('answers a call still waiting for an answer it holds with the saved answer, at once', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const neverAnswered = () => new Promise<string>(() => undefined)
    const waiting = client.fetchQuery({ queryKey: ['user', 'current'], queryFn: neverAnswered })
    const waitingToo = client.ensureQueryData({ queryKey: ['user', 'current'], queryFn: neverAnswered })
    standIn(client, snapshotOf([[['user', 'current'], 'saved user']]))
    expect(await waiting).toBe('saved user')
    expect(await waitingToo).toBe('saved user')
    expect(client.getQueryData(['user', 'current'])).toBe('saved user')
    expect(client.getQueryState(['user', 'current'])).toMatchObject({
      status: 'success',
      fetchStatus: 'idle',
    })
  })

  it('lets a call it holds no answer for go on, and keeps an answer newer than the saved one', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    let answer: (value: string) => void = () => undefined
    const waiting = client.fetchQuery({
      queryKey: ['listing'],
      queryFn: () => new Promise<string>((resolve) => (answer = resolve)),
    })
    client.setQueryData(['plan'], 'fresh plan', { updatedAt: savedAt + 1 })
    standIn(
      client,
      snapshotOf([
        [['plan'], 'saved plan'],
        [['config'], 'saved config'],
      ]),
    )
    answer('fresh listing')
    expect(await waiting).toBe('fresh listing')
    expect(client.getQueryData(['plan'])).toBe('fresh plan')
    expect(client.getQueryData(['config'])).toBe('saved config')
  })
})

describe('followNetwork', () => {
  it('uses every answer at hand while the server is out of reach, and asks again once it answers', () => {
    const client = createQueryClient()
    const stop = followNetwork(client)
    try {
      client.setQueryData(['listing'], 'kept')
      expect(client.getDefaultOptions().queries?.staleTime).toBe(30_000)
      trackServerReach()(false)
      expect(client.getDefaultOptions().queries?.staleTime).toBe(Infinity)
      expect(client.getQueryState(['listing'])?.isInvalidated).toBe(false)
      answerOnce()
      expect(client.getDefaultOptions().queries?.staleTime).toBe(30_000)
      expect(client.getQueryState(['listing'])?.isInvalidated).toBe(true)
    } finally {
      stop()
    }
  })

  it('waits for both: the network back with the server still out of reach changes nothing', () => {
    const client = createQueryClient()
    const stop = followNetwork(client)
    try {
      trackServerReach()(false)
      onlineManager.setOnline(false)
      onlineManager.setOnline(true)
      expect(client.getDefaultOptions().queries?.staleTime).toBe(Infinity)
    } finally {
      stop()
    }
  })
})

describe('followServer', () => {
  it('asks the server every few seconds while it cannot be reached, and stops once it answers', async () => {
    vi.useFakeTimers()
    const asked: string[] = []
    let serverUp = false
    const api = createTransport({
      fetch: (async (url: string | URL | Request) => {
        asked.push(String(url))
        if (!serverUp) throw new TypeError('Failed to fetch')
        return new Response('{}', { status: 200 })
      }) as typeof fetch,
      trackReach: trackServerReach,
    })
    setTransport(api)
    const stop = followServer(new QueryClient())
    try {
      await api.request('/api/1/user/current').catch(() => undefined)
      expect(isServerReachable()).toBe(false)
      expect(asked).toHaveLength(1)

      await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS - 1)
      expect(asked).toHaveLength(1)
      await vi.advanceTimersByTimeAsync(1)
      expect(asked).toHaveLength(2)
      expect(asked[1]).toMatch(/\/api\/1\/config$/)
      expect(isServerReachable()).toBe(false)

      serverUp = true
      await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS)
      expect(asked).toHaveLength(3)
      expect(isServerReachable()).toBe(true)
      await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS * 3)
      expect(asked).toHaveLength(3)
    } finally {
      stop()
      setTransport(undefined)
      vi.useRealTimers()
    }
  })

  it('asks at once when the browser comes back online, without waiting out the interval', async () => {
    vi.useFakeTimers()
    const asked: string[] = []
    let networkUp = true
    const api = createTransport({
      fetch: (async (url: string | URL | Request) => {
        asked.push(String(url))
        if (!networkUp) throw new TypeError('Failed to fetch')
        return new Response('{}', { status: 200 })
      }) as typeof fetch,
      trackReach: trackServerReach,
    })
    setTransport(api)
    const stop = followServer(new QueryClient())
    try {
      // A call cut just before the browser notices it is offline: the server counts as out of reach.
      networkUp = false
      await api.request('/api/1/user/current').catch(() => undefined)
      onlineManager.setOnline(false)
      expect(isServerReachable()).toBe(false)

      networkUp = true
      onlineManager.setOnline(true)
      await vi.advanceTimersByTimeAsync(0)
      expect(asked).toHaveLength(2)
      expect(asked[1]).toMatch(/\/api\/1\/config$/)
      expect(isServerReachable()).toBe(true)
    } finally {
      stop()
      setTransport(undefined)
      vi.useRealTimers()
    }
  })
})
