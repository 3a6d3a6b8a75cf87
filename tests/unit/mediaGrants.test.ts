import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { setTransport } from '../../src/api/client.ts'
import { endpointPath } from '../../src/api/endpoint.ts'
import { mediaGrantQueries, permissionNames } from '../../src/api/mediaGrants.ts'
import type { Transport } from '../../src/api/transport.ts'

/** The calls go to a fake transport; the request it was asked. */
function transport() {
  const request = vi.fn(() => Promise.resolve({ media_grant_list: [{ media_grant_id: 3 }] }))
  setTransport({ request } as unknown as Transport)
  return { request }
}

afterEach(() => setTransport(undefined))

describe('the containers of the caller', () => {
  it('are asked of the organization', async () => {
    const { request } = transport()
    const grants = await new QueryClient().fetchQuery(mediaGrantQueries.list(7))
    expect(request).toHaveBeenCalledWith('/web/1/org/7/media_grant', { method: 'GET', retry: true })
    expect(grants).toEqual([{ media_grant_id: 3 }])
  })

  it('are none, without a request, for a user without an organization', async () => {
    const { request } = transport()
    expect(await new QueryClient().fetchQuery(mediaGrantQueries.list(undefined))).toEqual([])
    expect(request).not.toHaveBeenCalled()
  })
})

describe('a permission list', () => {
  it('shows at most five names, then says more were left off', () => {
    const names = ['a', 'b', 'c', 'd', 'e']
    expect(permissionNames(names)).toEqual({ shown: names, more: false })
    expect(permissionNames([...names, 'f'])).toEqual({ shown: names, more: true })
  })
})

describe('an endpoint path', () => {
  it('fills each parameter, encoded, and refuses a missing one', () => {
    expect(endpointPath('/api/1/org/:org_id/user/:user_id', { org_id: 7, user_id: 12 })).toBe(
      '/api/1/org/7/user/12',
    )
    expect(endpointPath('/x/:name', { name: 'a/b' })).toBe('/x/a%2Fb')
    expect(() => endpointPath('/api/1/org/:org_id', {})).toThrow(':org_id')
  })
})
