// The rules of the update banner (reload now, or wait for the transfers), of when an open tab looks for a new
// deployment, and of which kept answers may be shown offline.
import { describe, expect, it } from 'vitest'
import { updateStep } from '../../src/app/UpdateBanner.tsx'
import {
  isUsableSnapshot,
  sessionFingerprint,
  SNAPSHOT_MAX_AGE_MS,
  type Snapshot,
} from '../../src/app/queryPersistence.ts'
import { NAVIGATION_CHECK_MIN_INTERVAL_MS, navigationShouldCheck } from '../../src/app/updateSchedule.ts'

describe('updateStep', () => {
  it('offers nothing while no new version waits, whatever else holds', () => {
    expect(updateStep({ waiting: false, requested: false, activeTransfers: 0 })).toBe('none')
    expect(updateStep({ waiting: false, requested: true, activeTransfers: 3 })).toBe('none')
  })

  it('offers a waiting version until the user asks for it', () => {
    expect(updateStep({ waiting: true, requested: false, activeTransfers: 0 })).toBe('offer')
    expect(updateStep({ waiting: true, requested: false, activeTransfers: 2 })).toBe('offer')
  })

  it('reloads at once when nothing is transferring, and waits while anything is', () => {
    expect(updateStep({ waiting: true, requested: true, activeTransfers: 0 })).toBe('apply')
    expect(updateStep({ waiting: true, requested: true, activeTransfers: 1 })).toBe('wait')
    expect(updateStep({ waiting: true, requested: true, activeTransfers: 40 })).toBe('wait')
  })
})

describe('navigationShouldCheck', () => {
  const loadedAt = 1_000_000

  it('checks on the first navigation when nothing has checked yet', () => {
    expect(navigationShouldCheck(undefined, loadedAt)).toBe(true)
  })

  it('checks at most once a minute', () => {
    expect(navigationShouldCheck(loadedAt, loadedAt + 1)).toBe(false)
    expect(navigationShouldCheck(loadedAt, loadedAt + NAVIGATION_CHECK_MIN_INTERVAL_MS - 1)).toBe(false)
    expect(navigationShouldCheck(loadedAt, loadedAt + NAVIGATION_CHECK_MIN_INTERVAL_MS)).toBe(true)
  })
})

describe('kept answers', () => {
  const savedAt = Date.UTC(2026, 10, 25, 12)
  const snapshot = (sessionKey: string): Snapshot => ({
    session: sessionFingerprint(sessionKey),
    savedAt,
    state: { queries: [], mutations: [] },
  })

  it('keeps a fingerprint of the session, never the key', () => {
    const key = 'k3y-0f-a-sess10n-that-is-long-enough'
    expect(sessionFingerprint(key)).toBe(sessionFingerprint(key))
    expect(sessionFingerprint(key)).not.toContain(key.slice(0, 6))
    expect(sessionFingerprint(key)).not.toBe(sessionFingerprint(`${key}x`))
  })

  it('shows them to the session that saved them, for a week', () => {
    expect(isUsableSnapshot(snapshot('alpha'), 'alpha', savedAt + 1)).toBe(true)
    expect(isUsableSnapshot(snapshot('alpha'), 'alpha', savedAt + SNAPSHOT_MAX_AGE_MS)).toBe(true)
    expect(isUsableSnapshot(snapshot('alpha'), 'alpha', savedAt + SNAPSHOT_MAX_AGE_MS + 1)).toBe(false)
  })

  it('never shows them to another session, or to nobody', () => {
    expect(isUsableSnapshot(snapshot('alpha'), 'beta', savedAt + 1)).toBe(false)
    expect(isUsableSnapshot(snapshot('alpha'), undefined, savedAt + 1)).toBe(false)
    expect(isUsableSnapshot(undefined, 'alpha', savedAt + 1)).toBe(false)
  })
})
