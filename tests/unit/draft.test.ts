import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { changedFields, draftReducer, rebaseDraft, useDraft, type Draft } from '../../src/lib/draft.ts'

interface Volume {
  volume_name: string
  is_disabled: boolean
  live_expire_days: number
}

const saved: Volume = { volume_name: 'Media', is_disabled: false, live_expire_days: 3 }

describe('changedFields', () => {
  it('holds only the fields whose value differs, with the draft values', () => {
    expect(changedFields(saved, { ...saved })).toEqual({})
    expect(changedFields(saved, { ...saved, live_expire_days: 5 })).toEqual({ live_expire_days: 5 })
    expect(changedFields(saved, { volume_name: 'Other', is_disabled: true, live_expire_days: 3 })).toEqual({
      volume_name: 'Other',
      is_disabled: true,
    })
  })
  it('compares with Object.is and shallowly', () => {
    expect(changedFields({ n: 0 }, { n: -0 })).toEqual({ n: -0 })
    expect(changedFields({ n: Number.NaN }, { n: Number.NaN })).toEqual({})
    const list = [1]
    expect(changedFields({ list }, { list })).toEqual({})
    expect(changedFields({ list }, { list: [1] })).toEqual({ list: [1] })
  })
  it('counts a field set back to null or undefined as a change', () => {
    expect(changedFields<{ a: string | null }>({ a: 'x' }, { a: null })).toEqual({ a: null })
    const changed = changedFields<{ a?: string }>({ a: 'x' }, { a: undefined })
    expect(Object.keys(changed)).toEqual(['a'])
  })
})

describe('rebaseDraft', () => {
  it('after a save the draft is the new saved values', () => {
    const draft = { ...saved, live_expire_days: 5 }
    const after = { ...saved, live_expire_days: 5 }
    expect(rebaseDraft(saved, draft, after)).toEqual(after)
    expect(changedFields(after, rebaseDraft(saved, draft, after))).toEqual({})
  })
  it("takes the server's form of a saved value", () => {
    const draft = { ...saved, volume_name: 'Media 2 ' }
    const after = { ...saved, volume_name: 'Media 2' }
    expect(rebaseDraft(saved, draft, after).volume_name).toBe('Media 2')
  })
  it('keeps edits of fields the new saved values left alone', () => {
    const draft = { ...saved, live_expire_days: 7 }
    const refetched = { ...saved, volume_name: 'Renamed elsewhere' }
    expect(rebaseDraft(saved, draft, refetched)).toEqual({ ...refetched, live_expire_days: 7 })
  })
})

describe('draftReducer', () => {
  const start = { base: saved, draft: saved }
  it('patches, resets and rebases', () => {
    const edited = draftReducer(start, { type: 'patch', values: { is_disabled: true } })
    expect(edited.draft).toEqual({ ...saved, is_disabled: true })
    expect(edited.base).toBe(saved)
    expect(draftReducer(edited, { type: 'reset' }).draft).toBe(saved)
    const after = { ...saved, is_disabled: true }
    const rebased = draftReducer(edited, { type: 'rebase', saved: after })
    expect(rebased.base).toBe(after)
    expect(changedFields(after, rebased.draft)).toEqual({})
  })
})

describe('useDraft', () => {
  it('starts as the saved values, with nothing changed', () => {
    let seen: Draft<Volume> | undefined
    function Probe() {
      seen = useDraft(saved)
      return null
    }
    renderToStaticMarkup(createElement(Probe))
    expect(seen?.draft).toEqual(saved)
    expect(seen?.changed).toEqual({})
    expect(seen?.isChanged).toBe(false)
  })
})
