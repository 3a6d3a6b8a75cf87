import { describe, expect, it, vi } from 'vitest'
import { createLocalStore, localStateKey, type KeyValueStorage } from '../../src/lib/localState.ts'

function mapStorage(): KeyValueStorage & { values: Map<string, string> } {
  const values = new Map<string, string>()
  return {
    values,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  }
}

describe('local state', () => {
  it('keeps each value under local-state-<name> as JSON', () => {
    const storage = mapStorage()
    const store = createLocalStore(storage)
    store.write('session_key', 'abc')
    store.write('current_org_id', 7)
    store.write('sidebar_collapsed', true)
    expect(localStateKey('signup_org_id')).toBe('local-state-signup_org_id')
    expect(storage.values.get('local-state-session_key')).toBe('"abc"')
    expect(storage.values.get('local-state-current_org_id')).toBe('7')
    expect(store.read('session_key')).toBe('abc')
    expect(store.read('current_org_id')).toBe(7)
    expect(store.read('sidebar_collapsed')).toBe(true)
  })
  it('reads nothing for a missing or broken value', () => {
    const storage = mapStorage()
    storage.values.set('local-state-current_org_id', '{broken')
    const store = createLocalStore(storage)
    expect(store.read('current_org_id')).toBeUndefined()
    expect(store.read('session_key')).toBeUndefined()
  })
  it('removes values and tells subscribers of every change', () => {
    const store = createLocalStore(mapStorage())
    const listener = vi.fn()
    const unsubscribe = store.subscribe(listener)
    store.write('signup_org_id', 3)
    store.remove('signup_org_id')
    expect(store.read('signup_org_id')).toBeUndefined()
    expect(listener).toHaveBeenCalledTimes(2)
    unsubscribe()
    store.write('signup_org_id', 4)
    expect(listener).toHaveBeenCalledTimes(2)
  })
  it('parses the stored value once while it is unchanged', () => {
    const store = createLocalStore(mapStorage())
    store.write('file_filter', 'all')
    const parse = vi.spyOn(JSON, 'parse')
    try {
      expect(store.read('file_filter')).toBe('all')
      expect(store.read('file_filter')).toBe('all')
      expect(parse).toHaveBeenCalledTimes(1)
      store.write('file_filter', 'deleted')
      expect(store.read('file_filter')).toBe('deleted')
      expect(parse).toHaveBeenCalledTimes(2)
    } finally {
      parse.mockRestore()
    }
  })
})
