import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import { mediaGrantQueries } from '../../src/api/mediaGrants.ts'
import type { Transport } from '../../src/api/transport.ts'

function transport() {
  const request = vi.fn(() => Promise.resolve({ media_grant_list: [{ media_grant_id: 3 }] }))
  return { api: { request } as unknown as Transport, request }
}

describe('the containers of the caller', () => {
  it('are asked of the organization', async () => {
    const { api, request } = transport()
    const grants = await new QueryClient().fetchQuery(mediaGrantQueries.list(api, 7))
    expect(request).toHaveBeenCalledWith('/web/1/org/7/media_grant')
    expect(grants).toEqual([{ media_grant_id: 3 }])
  })

  it('are none, without a request, for a user without an organization', async () => {
    const { api, request } = transport()
    expect(await new QueryClient().fetchQuery(mediaGrantQueries.list(api, undefined))).toEqual([])
    expect(request).not.toHaveBeenCalled()
  })
})
