import { describe, expect, it } from 'vitest'
import { wrapTabIndex } from '../../src/app/layout/focusTrap.ts'
import { screenTitle } from '../../src/app/screenFocus.ts'

describe('screenTitle', () => {
  it('names the screen by its heading, then the product', () => {
    expect(screenTitle('Account')).toBe('Account · Media Console')
    expect(screenTitle('  Files in\n  photos/2024/ ')).toBe('Files in photos/2024/ · Media Console')
  })
  it('is the product alone while a screen has no heading', () => {
    expect(screenTitle(null)).toBe('Media Console')
    expect(screenTitle(undefined)).toBe('Media Console')
    expect(screenTitle('   ')).toBe('Media Console')
  })
})

describe('wrapTabIndex', () => {
  it('wraps Tab from the last control to the first, and Shift+Tab from the first to the last', () => {
    expect(wrapTabIndex(4, 3, false)).toBe(0)
    expect(wrapTabIndex(4, 0, true)).toBe(3)
  })
  it('leaves Tab to the browser between the ends', () => {
    expect(wrapTabIndex(4, 1, false)).toBeUndefined()
    expect(wrapTabIndex(4, 2, true)).toBeUndefined()
  })
  it('enters at the end Tab heads for when focus is outside the controls', () => {
    expect(wrapTabIndex(4, -1, false)).toBe(0)
    expect(wrapTabIndex(4, -1, true)).toBe(3)
  })
  it('does nothing without controls', () => {
    expect(wrapTabIndex(0, -1, false)).toBeUndefined()
  })
})
