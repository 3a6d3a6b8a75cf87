// The SSRF guard of network stores (issue 12): which addresses are refused, that every address a name
// resolves to is checked, that the setting lets private hosts through, and that a socket connects to
// exactly the address that was checked.
import { describe, expect, it } from 'vitest'
import {
  HostNotAllowedError,
  guardedLookup,
  isRefusedAddress,
  resolveAllowed,
  type ResolvedAddress,
} from '../../server/storage/hostGuard.ts'

const resolver =
  (answers: Record<string, ResolvedAddress[]>) =>
  async (host: string): Promise<ResolvedAddress[]> => {
    const found = answers[host]
    if (!found) throw new Error(`ENOTFOUND ${host}`)
    return found
  }

describe('the address rules of network stores (private hosts not allowed)', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '0.0.0.0',
    '100.64.0.1',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:a9fe:a9fe',
    '::ffff:7f00:1',
    '64:ff9b::7f00:1',
    '2002:7f00:1::',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isRefusedAddress(address)).toBe(true)
  })

  it.each(['8.8.8.8', '52.216.0.1', '172.32.0.1', '192.169.0.1', '2600:1f18::1', '::ffff:8.8.8.8'])(
    'allows %s',
    (address) => {
      expect(isRefusedAddress(address)).toBe(false)
    },
  )

  it('checks every address a name resolves to, and literal addresses without resolving', async () => {
    const resolve = resolver({
      'public.example': [{ address: '52.216.0.1', family: 4 }],
      'mixed.example': [
        { address: '52.216.0.1', family: 4 },
        { address: '10.0.0.5', family: 4 },
      ],
      'mapped.example': [{ address: '::ffff:127.0.0.1', family: 6 }],
    })
    await expect(resolveAllowed('public.example', false, resolve)).resolves.toEqual([
      { address: '52.216.0.1', family: 4 },
    ])
    await expect(resolveAllowed('mixed.example', false, resolve)).rejects.toBeInstanceOf(HostNotAllowedError)
    await expect(resolveAllowed('mapped.example', false, resolve)).rejects.toBeInstanceOf(HostNotAllowedError)
    await expect(resolveAllowed('127.0.0.1', false, resolve)).rejects.toBeInstanceOf(HostNotAllowedError)
    await expect(resolveAllowed('[::1]', false, resolve)).rejects.toBeInstanceOf(HostNotAllowedError)
    await expect(resolveAllowed('nowhere.example', false, resolve)).rejects.toBeInstanceOf(
      HostNotAllowedError,
    )
  })

  it('lets private addresses through when the setting allows them', async () => {
    const resolve = resolver({ 'nas.local': [{ address: '192.168.1.20', family: 4 }] })
    await expect(resolveAllowed('nas.local', true, resolve)).resolves.toEqual([
      { address: '192.168.1.20', family: 4 },
    ])
    await expect(resolveAllowed('127.0.0.1', true, resolve)).resolves.toEqual([
      { address: '127.0.0.1', family: 4 },
    ])
  })

  it('hands the socket the address it checked, once: a rebinding name cannot switch it', async () => {
    // The name answers a public address first and loopback after: the socket gets the first answer, and
    // a lookup that meets the loopback answer is refused.
    let calls = 0
    const rebinding = async (): Promise<ResolvedAddress[]> => {
      calls += 1
      return calls === 1 ? [{ address: '52.216.0.1', family: 4 }] : [{ address: '127.0.0.1', family: 4 }]
    }
    const lookup = guardedLookup(false, rebinding)
    const first = await new Promise<{ error: unknown; address: unknown }>((resolve) =>
      lookup('rebind.example', {}, (error, address) => resolve({ error, address })),
    )
    expect(first).toEqual({ error: null, address: '52.216.0.1' })
    const second = await new Promise<{ error: NodeJS.ErrnoException | null }>((resolve) =>
      lookup('rebind.example', {}, (error) => resolve({ error })),
    )
    expect(second.error?.code).toBe('EHOSTREFUSED')
    expect(calls).toBe(2)
    const all = await new Promise<unknown>((resolve) =>
      guardedLookup(false, resolver({ 'a.example': [{ address: '52.216.0.1', family: 4 }] }))(
        'a.example',
        { all: true },
        (_error, address) => resolve(address),
      ),
    )
    expect(all).toEqual([{ address: '52.216.0.1', family: 4 }])
  })
})
