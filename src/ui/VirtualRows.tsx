// A small windowing list: only the rows in view (plus a margin) are in the document, so a directory of
// tens of thousands of entries scrolls as smoothly as one of ten. Rows have one fixed height, which keeps
// the arithmetic exact and needs no measuring; a dependency for variable heights would buy nothing here.
import { useEffect, useRef, useState, type ReactNode } from 'react'

export interface VirtualRowsProps {
  count: number
  /** Height of every row in pixels (the CSS must agree). */
  rowHeight: number
  /** Rows rendered beyond each edge of the view. */
  overscan?: number
  renderRow: (index: number, style: { top: number; height: number }) => ReactNode
  className?: string
  /**
   * A row rendered even when scrolled out of view: the one holding a grid's focus, so that the grid keeps
   * its tab stop and focus is not lost to the body when the row would otherwise leave the document.
   */
  keepIndex?: number
}

/** The rows to render for a scroll position: [first, end). */
export function visibleRange(
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
  count: number,
  overscan: number,
): [number, number] {
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan)
  const end = Math.min(count, Math.ceil((scrollTop + viewportHeight) / rowHeight) + overscan)
  return [first, Math.max(first, end)]
}

export function VirtualRows({
  count,
  rowHeight,
  overscan = 8,
  renderRow,
  className,
  keepIndex,
}: VirtualRowsProps) {
  const ref = useRef<HTMLDivElement>(null)
  const [scrollTop, setScrollTop] = useState(0)
  // Until measured, assume a screenful, so the first paint already shows rows.
  const [viewportHeight, setViewportHeight] = useState(800)
  useEffect(() => {
    const element = ref.current
    if (!element) return
    const observer = new ResizeObserver(() => setViewportHeight(element.clientHeight))
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  const [first, end] = visibleRange(scrollTop, viewportHeight, rowHeight, count, overscan)
  const rows: ReactNode[] = []
  const render = (index: number) => rows.push(renderRow(index, { top: index * rowHeight, height: rowHeight }))
  // In document order, so that reading order follows the rows.
  const kept = keepIndex !== undefined && keepIndex >= 0 && keepIndex < count ? keepIndex : undefined
  if (kept !== undefined && kept < first) render(kept)
  for (let index = first; index < end; index++) render(index)
  if (kept !== undefined && kept >= end) render(kept)
  return (
    <div
      ref={ref}
      className={`virtual-rows${className ? ` ${className}` : ''}`}
      role="rowgroup"
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
    >
      <div className="virtual-rows-space" style={{ height: count * rowHeight }}>
        {rows}
      </div>
    </div>
  )
}
