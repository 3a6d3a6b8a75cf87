import { describe, expect, it } from 'vitest'
import { grantDeleteAsk } from '../../src/routes/_app/-grants/grantDelete.ts'

const grant = (devices: string[], is_disabled = 0) => ({
  grant_name: 'Review',
  is_disabled,
  user_list: [{ user_id: 1, user_name: null, email: 'ann@example.com' }],
  device_list: devices.map((device_name, index) => ({ device_id: index + 1, device_name, is_disabled: 0 })),
})

describe('grantDeleteAsk', () => {
  it('asks to delete a container no device mounts, naming who holds it', () => {
    expect(grantDeleteAsk(grant([]))).toEqual({
      kind: 'delete',
      request: { text: 'Delete container Review?', positive: 'Delete', details: ['User: ann@example.com'] },
    })
  })
  it('says up front that a mounted container cannot be deleted, and offers Disable', () => {
    const ask = grantDeleteAsk(grant(['Edit Bay', 'Laptop']))
    expect(ask).toEqual({
      kind: 'disable',
      request: {
        text: '2 devices mount container Review. You may disable but not delete this container. Disable it?',
        positive: 'Disable',
        details: ['Device: Edit Bay', 'Device: Laptop'],
      },
    })
  })
  it('only explains when the mounted container is disabled already', () => {
    expect(grantDeleteAsk(grant(['Edit Bay'], 1))).toEqual({
      kind: 'explain',
      text: '1 device mounts container Review. You may disable but not delete this container.',
    })
  })
})
