import { afterEach, describe, expect, it, vi } from 'vitest'
import { api } from '../../src/api/client.ts'
import { localState } from '../../src/lib/localState.ts'

describe('the app transport', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    localState.remove('session_key')
  })

  it('sends the session key kept in local state, as it is at the time of each call', async () => {
    const urls: string[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url)
        return new Response('{}', { status: 200 })
      }),
    )
    await api.request('/api/1/user/current')
    localState.write('session_key', 'key-1')
    await api.request('/api/1/user/current')
    localState.write('session_key', 'key-2')
    await api.request('/api/1/plan', { query: { a: 1 } })
    expect(urls).toEqual([
      '/api/1/user/current',
      '/api/1/user/current?session_key=key-1',
      '/api/1/plan?a=1&session_key=key-2',
    ])
  })
})
