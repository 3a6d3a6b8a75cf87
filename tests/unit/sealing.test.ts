import crypto from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createSealer } from '../../server/auth/sealing.ts'
import { sealedLabels } from '../../server/auth/sealedValues.ts'

const key = crypto.randomBytes(32)

/** A value as servers sealed them before values carried their row: format 1, no associated data. */
function sealedByEarlierServers(plain: Buffer): Buffer {
  const nonce = crypto.randomBytes(12)
  const cipher = crypto.createCipheriv('aes-256-gcm', key, nonce)
  const body = Buffer.concat([cipher.update(plain), cipher.final()])
  return Buffer.concat([Buffer.of(1), nonce, cipher.getAuthTag(), body])
}

describe('sealed values', () => {
  const sealer = createSealer(key)
  const volumeOne = sealedLabels.volumeKey(5, 11)
  const volumeTwo = sealedLabels.volumeKey(5, 12)

  it('open for the row they were sealed for, and for no other row', () => {
    const sealed = sealer.seal(Buffer.from('volume key'), volumeOne)
    expect(sealer.open(sealed, volumeOne).toString()).toBe('volume key')
    expect(() => sealer.open(sealed, volumeTwo)).toThrow()
    expect(() => sealer.open(sealed, sealedLabels.networkStoreSecret(5, 11))).toThrow()
  })

  it('name their row in full: organization, row and what the value is', () => {
    expect(sealedLabels.volumeKey(5, 11)).toBe('volume_key:5:11')
    expect(sealedLabels.networkStoreSecret(5, 11)).toBe('network_store:5:11:secret')
    // Ids cannot run into each other: 1 and 23 is not 12 and 3.
    expect(sealedLabels.volumeKey(1, 23)).not.toBe(sealedLabels.volumeKey(12, 3))
  })

  it('do not open with another key', () => {
    const sealed = sealer.seal(Buffer.from('secret'), volumeOne)
    expect(() => createSealer(crypto.randomBytes(32)).open(sealed, volumeOne)).toThrow()
  })

  it('of the earlier format open only through openUnbound, which the upgrade at start uses', () => {
    const earlier = sealedByEarlierServers(Buffer.from('store secret'))
    expect(sealer.openUnbound(earlier).toString()).toBe('store secret')
    expect(() => sealer.open(earlier, volumeOne)).toThrow(/earlier format/)
    expect(() => sealer.openUnbound(sealer.seal(Buffer.from('x'), volumeOne))).toThrow()
    expect(() => createSealer(crypto.randomBytes(32)).openUnbound(earlier)).toThrow()
  })

  it('refuse a value whose format byte was changed', () => {
    const sealed = sealer.seal(Buffer.from('secret'), volumeOne)
    const relabelled = Buffer.from(sealed)
    relabelled[0] = 1
    expect(() => sealer.openUnbound(relabelled)).toThrow()
    expect(() => sealer.open(Buffer.concat([Buffer.of(9), sealed.subarray(1)]), volumeOne)).toThrow()
  })
})
