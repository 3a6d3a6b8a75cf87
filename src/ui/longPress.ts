// A long-press on a touch screen (specification 000, sections 4 and 9): it fires after LONG_PRESS_DELAY_MS
// of holding still, and the press that ends it (the click the browser sends on release) is ignored, so a
// held row is selected rather than opened. Moving the finger (a scroll) or the browser taking the gesture
// over cancels it. Kept apart from React so that its timing can be tested with fake timers.

/** Specification 000, section 9. */
export const LONG_PRESS_DELAY_MS = 500

/** How far a finger may drift, in CSS pixels, and still be holding still. */
export const LONG_PRESS_MOVE_TOLERANCE_PX = 10

/** The parts of a pointer event the long-press reads. */
export interface PressPoint {
  pointerType: string
  clientX: number
  clientY: number
  /** 0 for a touch, a pen's tip or the main mouse button. */
  button: number
}

/** The parts of a click (or context menu) event the long-press may stop. */
export interface Stoppable {
  preventDefault(): void
  stopPropagation(): void
}

export interface LongPressOptions {
  onLongPress: () => void
  delay?: number
  moveTolerance?: number
  /** Pointer kinds that long-press; a mouse does not by default (it has a right button and a checkbox). */
  pointerTypes?: readonly string[]
}

export interface LongPress {
  pointerDown(point: PressPoint): void
  pointerMove(point: PressPoint): void
  /** The press ended or was taken over (pointerup, pointercancel, pointerleave, a scroll). */
  cancel(): void
  /** A click: stopped when it ends a long-press that fired. */
  click(event: Stoppable): void
  /** The touch browser's menu or callout on a held element: never while a long-press is possible. */
  contextMenu(event: Stoppable & { pointerType?: string }): void
  /** Clears the timer (when the element goes away). */
  dispose(): void
}

export function createLongPress({
  onLongPress,
  delay = LONG_PRESS_DELAY_MS,
  moveTolerance = LONG_PRESS_MOVE_TOLERANCE_PX,
  pointerTypes = ['touch', 'pen'],
}: LongPressOptions): LongPress {
  let timer: ReturnType<typeof setTimeout> | undefined
  let start: { x: number; y: number } | undefined
  // Set when the long-press fired: the next click is the release of that same press.
  let swallowClick = false

  const clear = () => {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
    start = undefined
  }

  return {
    pointerDown(point) {
      clear()
      swallowClick = false
      if (!pointerTypes.includes(point.pointerType) || point.button !== 0) return
      start = { x: point.clientX, y: point.clientY }
      timer = setTimeout(() => {
        timer = undefined
        start = undefined
        swallowClick = true
        onLongPress()
      }, delay)
    },
    pointerMove(point) {
      if (!start) return
      if (Math.hypot(point.clientX - start.x, point.clientY - start.y) > moveTolerance) clear()
    },
    cancel: clear,
    click(event) {
      if (!swallowClick) return
      swallowClick = false
      event.preventDefault()
      event.stopPropagation()
    },
    contextMenu(event) {
      if (start !== undefined || swallowClick || event.pointerType === 'touch') event.preventDefault()
    },
    dispose: clear,
  }
}
