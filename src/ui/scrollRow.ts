// A row of tabs that scrolls sideways rather than wrap on a narrow screen: it says at which ends more tabs
// hide (data-more="start", "end" or "both", which kit.css draws as faded edges), and brings the current tab
// into view, without scrolling the page, when it changes or the row is first shown.
import { useEffect, useLayoutEffect, type RefObject } from 'react'

/** Which ends of a scrolled row hide more of it, at a pixel's tolerance (fractional widths). */
export function hiddenEnds(scrollLeft: number, scrollWidth: number, clientWidth: number): string {
  const start = scrollLeft > 1
  const end = scrollLeft + clientWidth < scrollWidth - 1
  return start && end ? 'both' : start ? 'start' : end ? 'end' : 'none'
}

/** The scrollLeft that shows `item` whole, with a little of its neighbours, moving the row the least. */
export function scrollToShow(
  row: { scrollLeft: number; clientWidth: number },
  item: { offsetLeft: number; offsetWidth: number },
  margin = 24,
): number {
  const left = item.offsetLeft - margin
  const right = item.offsetLeft + item.offsetWidth + margin
  if (left < row.scrollLeft) return Math.max(0, left)
  if (right > row.scrollLeft + row.clientWidth) return right - row.clientWidth
  return row.scrollLeft
}

export function useScrollRow(row: RefObject<HTMLElement | null>, currentSelector: string, current: unknown) {
  useEffect(() => {
    const element = row.current
    if (!element) return
    const mark = () => {
      element.setAttribute(
        'data-more',
        hiddenEnds(element.scrollLeft, element.scrollWidth, element.clientWidth),
      )
    }
    mark()
    element.addEventListener('scroll', mark, { passive: true })
    const resized = new ResizeObserver(mark)
    resized.observe(element)
    return () => {
      element.removeEventListener('scroll', mark)
      resized.disconnect()
    }
  }, [row])

  useLayoutEffect(() => {
    const element = row.current
    // The tab is positioned relative to the row (kit.css gives the row position: relative).
    const item = element?.querySelector<HTMLElement>(currentSelector)
    if (!element || !item) return
    element.scrollTo({ left: scrollToShow(element, item), behavior: 'instant' })
  }, [row, currentSelector, current])
}
