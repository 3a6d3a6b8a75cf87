import { describe, expect, it, vi } from 'vitest'
import {
  ApiError,
  backoffMs,
  createTransport,
  isRetryable,
  RETRY_ATTEMPTS,
  type TransportOptions,
} from '../../src/api/transport.ts'

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

function transportWith(answers: Array<Response | Error>, options: Partial<TransportOptions> = {}) {
  const calls: Array<{ url: string; init: RequestInit }> = []
  const sleeps: number[] = []
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} })
    const answer = answers.shift()
    if (!answer) throw new Error('no answer left')
    if (answer instanceof Error) throw answer
    return answer
  })
  const transport = createTransport({
    fetch: fetch as typeof globalThis.fetch,
    sleep: async (ms) => {
      sleeps.push(ms)
    },
    ...options,
  })
  return { transport, calls, sleeps }
}

describe('backoffMs', () => {
  it('grows as 50 ms x 3^n and stops at 60 s', () => {
    expect([0, 1, 2, 3, 4].map(backoffMs)).toEqual([50, 150, 450, 1350, 4050])
    expect(backoffMs(7)).toBe(60_000)
    expect(backoffMs(20)).toBe(60_000)
  })
})

describe('isRetryable', () => {
  it('never retries statuses 1 to 499', () => {
    for (const status of [1, 400, 403, 404, 409, 412, 429, 499])
      expect(isRetryable(new ApiError(status))).toBe(false)
  })
  it('retries server errors, timeouts and network failures', () => {
    for (const kind of [500, 503, 'timeout', 'request_failure', 'bad_status_code'] as const)
      expect(isRetryable(new ApiError(kind))).toBe(true)
  })
})

describe('createTransport', () => {
  it('adds the session key and query values, and sends JSON', async () => {
    const { transport, calls } = transportWith([json(200, { org_id: 7 })], {
      baseUrl: 'https://console.test',
      getSessionKey: () => 'key-1',
    })
    const answer = await transport.request<{ org_id: number }>('/api/1/org', {
      method: 'POST',
      query: { inline: true, skip: undefined },
      body: { org_name: 'Acme' },
    })
    expect(answer).toEqual({ org_id: 7 })
    expect(calls[0]?.url).toBe('https://console.test/api/1/org?inline=true&session_key=key-1')
    expect(calls[0]?.init.method).toBe('POST')
    expect(calls[0]?.init.body).toBe('{"org_name":"Acme"}')
  })

  it('answers an empty body as undefined', async () => {
    const { transport } = transportWith([new Response(null, { status: 204 })])
    await expect(transport.request('/api/1/user/logout', { method: 'POST' })).resolves.toBeUndefined()
  })

  it('throws the numeric status with the server code, without retrying 4xx', async () => {
    const { transport, calls } = transportWith([json(409, { error: 'used_grant_name' })])
    const error = await transport.request('/x', { retry: true }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).kind).toBe(409)
    expect((error as ApiError).code).toBe('used_grant_name')
    expect(calls).toHaveLength(1)
  })

  it('retries a retryable call five times with the back-off, then gives up', async () => {
    const answers = Array.from({ length: RETRY_ATTEMPTS }, () => json(503, { error: 'unavailable' }))
    const { transport, calls, sleeps } = transportWith(answers)
    await expect(transport.request('/x', { retry: true })).rejects.toMatchObject({ kind: 503 })
    expect(calls).toHaveLength(5)
    expect(sleeps).toEqual([50, 150, 450, 1350])
  })

  it('succeeds when a retry passes', async () => {
    const { transport, calls } = transportWith([new TypeError('offline'), json(200, { ok: 1 })])
    await expect(transport.request('/x', { retry: true })).resolves.toEqual({ ok: 1 })
    expect(calls).toHaveLength(2)
  })

  it('does not retry a call that is not retryable', async () => {
    const { transport, calls } = transportWith([json(500, {})])
    await expect(transport.request('/x')).rejects.toMatchObject({ kind: 500 })
    expect(calls).toHaveLength(1)
  })

  it('names a network failure request_failure', async () => {
    const { transport } = transportWith([new TypeError('Failed to fetch')])
    await expect(transport.request('/x')).rejects.toMatchObject({ kind: 'request_failure' })
  })

  it('names an unreadable success bad_status_code', async () => {
    const { transport } = transportWith([new Response('<html>', { status: 200 })])
    await expect(transport.request('/x')).rejects.toMatchObject({ kind: 'bad_status_code' })
  })

  it('times out after the default 10 s, or the timeout given', async () => {
    vi.useFakeTimers()
    try {
      const hang = (_url: string | URL | Request, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
        })
      const transport = createTransport({ fetch: hang as typeof fetch })
      const settled = new Set<string>()
      const track = (name: string, request: Promise<unknown>) =>
        request.catch((e: unknown) => e).finally(() => settled.add(name))
      const byDefault = track('default', transport.request('/x'))
      await vi.advanceTimersByTimeAsync(9_999)
      expect(settled.has('default')).toBe(false)
      const card = track('card', transport.request('/card', { timeoutMs: 30_000 }))
      await vi.advanceTimersByTimeAsync(1)
      expect(await byDefault).toMatchObject({ kind: 'timeout' })
      await vi.advanceTimersByTimeAsync(29_998)
      expect(settled.has('card')).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
      expect(await card).toMatchObject({ kind: 'timeout' })
    } finally {
      vi.useRealTimers()
    }
  })

  it('stops at once when the caller aborts', async () => {
    const controller = new AbortController()
    const hang = (_url: string | URL | Request, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
      })
    const transport = createTransport({ fetch: hang as typeof fetch })
    const pending = transport
      .request('/x', { retry: true, signal: controller.signal })
      .catch((e: unknown) => e)
    controller.abort(new DOMException('cancelled', 'AbortError'))
    const error = await pending
    expect(error).toBeInstanceOf(DOMException)
    expect((error as DOMException).name).toBe('AbortError')
  })

  describe('reports whether each attempt was answered', () => {
    const reports = () => {
      const outcomes: Array<boolean | 'sent'> = []
      const trackReach = () => {
        outcomes.push('sent')
        return (answered: boolean) => void outcomes.push(answered)
      }
      return { outcomes, trackReach }
    }

    it('answered for any HTTP status, error statuses included: the server is there', async () => {
      const { outcomes, trackReach } = reports()
      const { transport } = transportWith([json(200, {}), json(403, {}), json(503, {})], { trackReach })
      await transport.request('/x')
      await transport.request('/x').catch(() => undefined)
      await transport.request('/x').catch(() => undefined)
      expect(outcomes).toEqual(['sent', true, 'sent', true, 'sent', true])
    })

    it('not answered for a network failure, once per attempt, then answered when a retry passes', async () => {
      const { outcomes, trackReach } = reports()
      const failed = new TypeError('Failed to fetch')
      const { transport } = transportWith([failed, failed, json(200, { ok: 1 })], { trackReach })
      await transport.request('/x', { retry: true })
      expect(outcomes).toEqual(['sent', false, 'sent', false, 'sent', true])
    })

    it('not answered for a timeout; an attempt the caller abandoned is neither', async () => {
      vi.useFakeTimers()
      try {
        const { outcomes, trackReach } = reports()
        const hang = (_url: string | URL | Request, init?: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
          })
        const transport = createTransport({ fetch: hang as typeof fetch, trackReach })
        const timedOut = transport.request('/x').catch((e: unknown) => e)
        await vi.advanceTimersByTimeAsync(10_000)
        expect(await timedOut).toMatchObject({ kind: 'timeout' })
        expect(outcomes).toEqual(['sent', false])

        const controller = new AbortController()
        const abandoned = transport.request('/x', { signal: controller.signal }).catch((e: unknown) => e)
        controller.abort(new DOMException('cancelled', 'AbortError'))
        expect(await abandoned).toBeInstanceOf(DOMException)
        expect(outcomes).toEqual(['sent', false, 'sent'])
      } finally {
        vi.useRealTimers()
      }
    })
  })
})
