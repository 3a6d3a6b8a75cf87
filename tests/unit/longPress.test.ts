import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createLongPress, LONG_PRESS_DELAY_MS, type PressPoint } from '../../src/ui/longPress.ts'

const touch = (clientX = 100, clientY = 100): PressPoint => ({
  pointerType: 'touch',
  clientX,
  clientY,
  button: 0,
})

function clickEvent() {
  return { preventDefault: vi.fn(), stopPropagation: vi.fn() }
}

describe('long-press', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('waits 500 ms, the specification’s delay', () => {
    expect(LONG_PRESS_DELAY_MS).toBe(500)
  })

  it('fires after the delay of holding still, not before', () => {
    const onLongPress = vi.fn()
    const press = createLongPress({ onLongPress })
    press.pointerDown(touch())
    vi.advanceTimersByTime(LONG_PRESS_DELAY_MS - 1)
    expect(onLongPress).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(onLongPress).toHaveBeenCalledTimes(1)
  })

  it('ignores the press that ends a long-press, and lets the next one through', () => {
    const press = createLongPress({ onLongPress: vi.fn() })
    press.pointerDown(touch())
    vi.advanceTimersByTime(LONG_PRESS_DELAY_MS)
    press.cancel() // pointerup
    const release = clickEvent()
    press.click(release)
    expect(release.preventDefault).toHaveBeenCalled()
    expect(release.stopPropagation).toHaveBeenCalled()

    press.pointerDown(touch())
    press.cancel()
    const tap = clickEvent()
    press.click(tap)
    expect(tap.preventDefault).not.toHaveBeenCalled()
  })

  it('a short tap fires nothing and its click goes through', () => {
    const onLongPress = vi.fn()
    const press = createLongPress({ onLongPress })
    press.pointerDown(touch())
    vi.advanceTimersByTime(120)
    press.cancel()
    const tap = clickEvent()
    press.click(tap)
    vi.advanceTimersByTime(LONG_PRESS_DELAY_MS)
    expect(onLongPress).not.toHaveBeenCalled()
    expect(tap.preventDefault).not.toHaveBeenCalled()
  })

  it('a finger that moves beyond the tolerance (a scroll) cancels; a small drift does not', () => {
    const onLongPress = vi.fn()
    const press = createLongPress({ onLongPress })
    press.pointerDown(touch(100, 100))
    press.pointerMove(touch(104, 106))
    vi.advanceTimersByTime(LONG_PRESS_DELAY_MS)
    expect(onLongPress).toHaveBeenCalledTimes(1)

    press.pointerDown(touch(100, 100))
    press.pointerMove(touch(100, 130))
    vi.advanceTimersByTime(LONG_PRESS_DELAY_MS)
    expect(onLongPress).toHaveBeenCalledTimes(1)
  })

  it('a scroll or the browser taking the gesture over cancels', () => {
    const onLongPress = vi.fn()
    const press = createLongPress({ onLongPress })
    press.pointerDown(touch())
    vi.advanceTimersByTime(300)
    press.cancel()
    vi.advanceTimersByTime(LONG_PRESS_DELAY_MS)
    expect(onLongPress).not.toHaveBeenCalled()
  })

  it('a mouse does not long-press; a pen does', () => {
    const onLongPress = vi.fn()
    const press = createLongPress({ onLongPress })
    press.pointerDown({ pointerType: 'mouse', clientX: 0, clientY: 0, button: 0 })
    vi.advanceTimersByTime(LONG_PRESS_DELAY_MS)
    expect(onLongPress).not.toHaveBeenCalled()
    press.pointerDown({ pointerType: 'pen', clientX: 0, clientY: 0, button: 0 })
    vi.advanceTimersByTime(LONG_PRESS_DELAY_MS)
    expect(onLongPress).toHaveBeenCalledTimes(1)
  })

  it('keeps the touch menu and callout away from a held element', () => {
    const press = createLongPress({ onLongPress: vi.fn() })
    const menu = { ...clickEvent(), pointerType: 'touch' }
    press.contextMenu(menu)
    expect(menu.preventDefault).toHaveBeenCalled()
    // A mouse's right button keeps its menu.
    const mouseMenu = { ...clickEvent(), pointerType: 'mouse' }
    press.contextMenu(mouseMenu)
    expect(mouseMenu.preventDefault).not.toHaveBeenCalled()
  })

  it('dispose clears a waiting timer', () => {
    const onLongPress = vi.fn()
    const press = createLongPress({ onLongPress })
    press.pointerDown(touch())
    press.dispose()
    vi.advanceTimersByTime(LONG_PRESS_DELAY_MS * 2)
    expect(onLongPress).not.toHaveBeenCalled()
  })
})
