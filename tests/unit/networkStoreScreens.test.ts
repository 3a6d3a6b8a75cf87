// The console's rules for network stores (issue 12; specification 001 sections 4 and 5): what Move Up and
// Move Down send, when the store form may be sent, and that an edit sends only what changed (a blank secret
// keeps the stored one).
import { describe, expect, it } from 'vitest'
import { swapWithNeighbour, type NetworkStore } from '../../src/api/networkStores.ts'
import {
  aliasesProblem,
  createRequest,
  isComplete,
  missingFields,
  missingText,
  parseAliases,
  updateRequest,
  type NetworkStoreDraft,
} from '../../src/routes/_app/-networkStores/NetworkStoreForm.tsx'
import {
  networkStoreStatusText,
  errorRateText,
} from '../../src/routes/_app/-networkStores/networkStoreText.ts'

const store = (s3_bucket_id: number, priority: number, is_default = 0): NetworkStore => ({
  s3_bucket_id,
  s3_bucket: `bucket-${s3_bucket_id}`,
  s3_bucket_region: 'us-east-1',
  s3_host: 'https://s3.example.com',
  s3_host_aliases: [],
  s3_bucket_prefix: '',
  aws_access_key_id: 'id',
  aws_secret_access_key: '****',
  max_size: 4398046511104,
  priority,
  is_default,
  is_disabled: false,
  last_probe_at: null,
  last_probe_ok: null,
  last_error: null,
  error_count: 0,
  request_count: 0,
  bytes_placed: 0,
})

const draft: NetworkStoreDraft = {
  s3_bucket: ' media ',
  s3_bucket_region: 'us-east-1',
  s3_host: 's3.example.com',
  s3_host_aliases: '',
  s3_bucket_prefix: '',
  aws_access_key_id: 'AKIA',
  aws_secret_access_key: 'secret',
  max_size: '4398046511104',
}

describe('network store screens', () => {
  const stores = [store(7, 1), store(3, 2), store(9, 5), store(0, 6, 1)]

  it('swaps a store with its neighbour; the ends and the default store do not move', () => {
    expect(swapWithNeighbour(stores, 3, -1)).toEqual([
      { s3_bucket_id: 3, priority: 1 },
      { s3_bucket_id: 7, priority: 2 },
    ])
    expect(swapWithNeighbour(stores, 3, 1)).toEqual([
      { s3_bucket_id: 3, priority: 5 },
      { s3_bucket_id: 9, priority: 2 },
    ])
    expect(swapWithNeighbour(stores, 7, -1)).toBeUndefined()
    expect(swapWithNeighbour(stores, 9, 1)).toBeUndefined()
    expect(swapWithNeighbour(stores, 0, -1)).toBeUndefined()
  })

  it('needs every required field, the secret only when adding, and a whole number of bytes', () => {
    expect(isComplete(draft, true)).toBe(true)
    expect(isComplete({ ...draft, aws_secret_access_key: '' }, true)).toBe(false)
    expect(isComplete({ ...draft, aws_secret_access_key: '' }, false)).toBe(true)
    expect(isComplete({ ...draft, s3_host: '  ' }, false)).toBe(false)
    expect(isComplete({ ...draft, max_size: '12.5' }, true)).toBe(false)
    expect(isComplete({ ...draft, max_size: '0' }, true)).toBe(false)
    expect(createRequest(draft)).toEqual({
      s3_bucket: 'media',
      s3_bucket_region: 'us-east-1',
      s3_host: 's3.example.com',
      s3_host_aliases: [],
      s3_bucket_prefix: '',
      aws_access_key_id: 'AKIA',
      aws_secret_access_key: 'secret',
      max_size: 4398046511104,
    })
  })

  it('takes the size with a unit, base 1024, or in bytes', () => {
    expect(createRequest({ ...draft, max_size: '1 GB' }).max_size).toBe(1024 ** 3)
    expect(createRequest({ ...draft, max_size: '4 TB' }).max_size).toBe(4398046511104)
    expect(updateRequest({ max_size: '500 MB' })).toEqual({ max_size: 500 * 1024 ** 2 })
    expect(isComplete({ ...draft, max_size: '1 GB' }, true)).toBe(true)
    expect(isComplete({ ...draft, max_size: 'lots' }, true)).toBe(false)
  })

  it('names the fields still missing, so a disabled button says why', () => {
    const empty = { ...draft, s3_bucket: '', s3_bucket_region: ' ', s3_host: '', aws_secret_access_key: '' }
    expect(missingFields(empty, true)).toEqual(['Bucket Name', 'Region', 'Host', 'Secret Access Key'])
    expect(missingFields(empty, false)).toEqual(['Bucket Name', 'Region', 'Host'])
    expect(missingFields({ ...draft, max_size: 'x' }, true)).toEqual(['Max File Size'])
    expect(missingFields(draft, true)).toEqual([])
    expect(missingText(['Bucket Name', 'Region', 'Host'])).toBe('Still needed: Bucket Name, Region and Host.')
    expect(missingText(['Host'])).toBe('Still needed: Host.')
  })

  it('sends only the changed fields, and a blank secret is no change', () => {
    expect(updateRequest({ max_size: '1000', aws_secret_access_key: '' })).toEqual({ max_size: 1000 })
    expect(updateRequest({ aws_secret_access_key: ' new ' })).toEqual({ aws_secret_access_key: 'new' })
    expect(updateRequest({})).toEqual({})
  })

  it('reads endpoint aliases one per line or separated by commas, and says which one does not read', () => {
    const typed = ' s3b.example.com\nhttps://s3c.example.com:8443 ,\n\n http://10.0.0.5:9000 '
    expect(aliasesProblem(typed)).toBeUndefined()
    expect(createRequest({ ...draft, s3_host_aliases: typed }).s3_host_aliases).toEqual([
      's3b.example.com',
      'https://s3c.example.com:8443',
      'http://10.0.0.5:9000',
    ])
    expect(updateRequest({ s3_host_aliases: 'a.example.com, b.example.com' })).toEqual({
      s3_host_aliases: ['a.example.com', 'b.example.com'],
    })
    expect(updateRequest({ s3_host_aliases: '' })).toEqual({ s3_host_aliases: [] })
    expect(aliasesProblem('s3b.example.com/bucket')).toBe(
      '“s3b.example.com/bucket” is not a host name or an http(s):// address without a path.',
    )
    expect(aliasesProblem('ftp://s3b.example.com')).toMatch(/“ftp:\/\/s3b.example.com”/)
    expect(aliasesProblem('https://s3b.example.com/?x=1')).toMatch(/is not a host name/)
    expect(aliasesProblem(Array.from({ length: 9 }, (_, n) => `s${n}.example.com`).join(','))).toBe(
      'At most 8 endpoint aliases.',
    )
    expect(parseAliases(' ,\n ')).toEqual([])
  })

  it('reads the status and the error rate', () => {
    expect(networkStoreStatusText(store(0, 6, 1))).toBe('Default')
    expect(networkStoreStatusText({ ...store(3, 2), is_disabled: true })).toBe('Disabled')
    expect(networkStoreStatusText(store(3, 2))).toBe('Enabled')
    expect(errorRateText({ error_count: 0, request_count: 0 })).toBe('No requests yet')
    expect(errorRateText({ error_count: 1, request_count: 4 })).toBe('25% (1 of 4)')
    expect(errorRateText({ error_count: 1, request_count: 40 })).toBe('2.5% (1 of 40)')
  })
})
