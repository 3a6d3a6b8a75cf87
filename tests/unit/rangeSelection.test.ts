import { describe, expect, it } from 'vitest'
import { toggleSelection, withShift } from '../../src/lib/rangeSelection.ts'

const order = ['a', 'b', 'c', 'd', 'e']
const sorted = (keys: Set<string>) => [...keys].sort()

describe('toggleSelection', () => {
  it('flips one entry on a plain click, whatever the anchor', () => {
    expect(sorted(toggleSelection(new Set(), order, 'c', 'a', false))).toEqual(['c'])
    expect(sorted(toggleSelection(new Set(['c', 'd']), order, 'c', 'a', false))).toEqual(['d'])
  })

  it('selects the run from the anchor to the entry on a shift-click, either way up', () => {
    expect(sorted(toggleSelection(new Set(['b']), order, 'd', 'b', true))).toEqual(['b', 'c', 'd'])
    expect(sorted(toggleSelection(new Set(['e']), order, 'b', 'e', true))).toEqual(['b', 'c', 'd', 'e'])
  })

  it('keeps what was chosen outside the run', () => {
    expect(sorted(toggleSelection(new Set(['a', 'c']), order, 'e', 'c', true))).toEqual(['a', 'c', 'd', 'e'])
  })

  it('clears the run when the clicked entry was selected', () => {
    const chosen = new Set(order)
    expect(sorted(toggleSelection(chosen, order, 'd', 'b', true))).toEqual(['a', 'e'])
  })

  it('flips only the entry when the anchor is gone from the listing or there is none', () => {
    expect(sorted(toggleSelection(new Set(), order, 'c', 'gone', true))).toEqual(['c'])
    expect(sorted(toggleSelection(new Set(), order, 'c', undefined, true))).toEqual(['c'])
  })

  it('does not change the set it was given', () => {
    const chosen = new Set(['a'])
    toggleSelection(chosen, order, 'c', 'a', true)
    expect(sorted(chosen)).toEqual(['a'])
  })
})

describe('withShift', () => {
  it('reads shift from the click behind a change, and nothing from an event without keys', () => {
    const click = (shiftKey: boolean) => Object.assign(new Event('click'), { shiftKey })
    expect(withShift({ nativeEvent: click(true) })).toBe(true)
    expect(withShift({ nativeEvent: click(false) })).toBe(false)
    expect(withShift({ nativeEvent: new Event('change') })).toBe(false)
  })
})
