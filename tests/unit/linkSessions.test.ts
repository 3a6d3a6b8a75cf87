import { describe, expect, it } from 'vitest'
import {
  forgetLinkSession,
  keepLinkSession,
  readLinkSession,
  type SessionStorageLike,
} from '../../src/lib/linkSessions.ts'

function memory(): SessionStorageLike & { size: () => number } {
  const items = new Map<string, string>()
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    size: () => items.size,
  }
}

const NOW = Date.parse('2026-11-28T12:00:00Z')

describe('link sessions', () => {
  it('keeps a session per token until it expires, then drops it', () => {
    const storage = memory()
    keepLinkSession('tokenA', { link_session: 'visit-a', expires_at: '2026-11-28T13:00:00Z' }, storage)
    keepLinkSession('tokenB', { link_session: 'visit-b', expires_at: '2026-11-28T12:30:00Z' }, storage)
    expect(readLinkSession('tokenA', NOW, storage)).toBe('visit-a')
    expect(readLinkSession('tokenB', NOW, storage)).toBe('visit-b')
    expect(readLinkSession('tokenC', NOW, storage)).toBeUndefined()
    expect(readLinkSession('tokenB', Date.parse('2026-11-28T12:30:00Z'), storage)).toBeUndefined()
    expect(storage.size()).toBe(1)
  })

  it('drops what it cannot read, and forgets on demand', () => {
    const storage = memory()
    storage.setItem('link-session-tokenA', '{not json')
    expect(readLinkSession('tokenA', NOW, storage)).toBeUndefined()
    expect(storage.size()).toBe(0)
    keepLinkSession('tokenA', { link_session: 'visit-a', expires_at: '2026-11-28T13:00:00Z' }, storage)
    forgetLinkSession('tokenA', storage)
    expect(readLinkSession('tokenA', NOW, storage)).toBeUndefined()
  })

  it('works, keeping nothing, where the browser has no storage', () => {
    keepLinkSession('tokenA', { link_session: 'visit-a', expires_at: '2026-11-28T13:00:00Z' }, undefined)
    expect(readLinkSession('tokenA', NOW, undefined)).toBeUndefined()
  })
})
