// The long-press of src/ui/longPress.ts as props for an element: spread them on the row, list item or button
// that a finger may hold. A scroll anywhere during the hold cancels it (a finger that scrolls a list is not
// holding a row), as does the pointer leaving or the browser taking the gesture over.
import { useEffect, useRef, type MouseEvent, type PointerEvent as ReactPointerEvent } from 'react'
import { createLongPress, type LongPress, type LongPressOptions } from './longPress.ts'

export interface LongPressProps {
  onPointerDown: (event: ReactPointerEvent) => void
  onPointerMove: (event: ReactPointerEvent) => void
  onPointerUp: () => void
  onPointerCancel: () => void
  onPointerLeave: () => void
  onClickCapture: (event: MouseEvent) => void
  onContextMenu: (event: MouseEvent) => void
}

export function useLongPress(onLongPress: () => void, options: Omit<LongPressOptions, 'onLongPress'> = {}) {
  // The latest callback, read when the timer fires: a re-render between press and fire must not lose it.
  const latest = useRef(onLongPress)
  useEffect(() => {
    latest.current = onLongPress
  })
  const press = useRef<LongPress>(undefined)
  press.current ??= createLongPress({ ...options, onLongPress: () => latest.current() })
  useEffect(() => {
    const current = press.current
    if (!current) return
    const cancel = () => current.cancel()
    // Capture: the scroll of any scroller (the listing's own, the page) reaches the document this way.
    document.addEventListener('scroll', cancel, { capture: true, passive: true })
    return () => {
      document.removeEventListener('scroll', cancel, { capture: true })
      current.dispose()
    }
  }, [])
  const handlers: LongPressProps = {
    onPointerDown: (event) => press.current?.pointerDown(event),
    onPointerMove: (event) => press.current?.pointerMove(event),
    onPointerUp: () => press.current?.cancel(),
    onPointerCancel: () => press.current?.cancel(),
    onPointerLeave: () => press.current?.cancel(),
    onClickCapture: (event) => press.current?.click(event),
    onContextMenu: (event) =>
      press.current?.contextMenu({
        preventDefault: () => event.preventDefault(),
        stopPropagation: () => event.stopPropagation(),
        pointerType: (event.nativeEvent as Partial<PointerEvent>).pointerType,
      }),
  }
  return handlers
}
