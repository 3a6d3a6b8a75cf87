// "More": the listing's less frequent actions behind one button on a phone, so that the toolbar keeps one
// row. A disclosure (a button that shows a list of buttons), closed by Escape, a press outside, or a choice.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'

export interface MoreItem {
  label: string
  onPress: () => void
}

export interface MoreMenuProps {
  items: readonly MoreItem[]
  className?: string
  /** The button's content (a gallery card draws an ellipsis) and its accessible name when that is a glyph. */
  content?: ReactNode
  label?: string
  /** -1 keeps the button out of the tab order (a card that is not its grid's current one). */
  tabIndex?: number
}

export function MoreMenu({ items, className, content = 'More', label, tabIndex }: MoreMenuProps) {
  const [open, setOpen] = useState(false)
  const listId = useId()
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!open) return
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open])

  return (
    <div
      ref={root}
      className={`more-menu${className ? ` ${className}` : ''}`}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return
        event.stopPropagation()
        setOpen(false)
        button.current?.focus()
      }}
    >
      <button
        ref={button}
        type="button"
        className="button secondary"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={label}
        tabIndex={tabIndex}
        onClick={() => setOpen(!open)}
      >
        {content}
      </button>
      <ul id={listId} className="more-list" hidden={!open}>
        {items.map((item) => (
          <li key={item.label}>
            <button
              type="button"
              onClick={() => {
                setOpen(false)
                item.onPress()
              }}
            >
              {item.label}
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}
