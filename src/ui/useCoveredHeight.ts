// A fixed panel at the bottom of the screen (the transfer panel, the share page's downloads) covers the
// page's end: a spacer as tall as what it covers keeps the last rows reachable.
import { useLayoutEffect, useState, type RefObject } from 'react'

/** How much of the window's bottom the panel covers, followed as it and the window change size. */
export function useCoveredHeight(panel: RefObject<HTMLElement | null>, shown: boolean): number {
  const [covered, setCovered] = useState(0)
  useLayoutEffect(() => {
    const element = panel.current
    if (!shown || !element) return
    const measure = () =>
      setCovered(Math.max(0, Math.ceil(window.innerHeight - element.getBoundingClientRect().top)))
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    window.addEventListener('resize', measure)
    return () => {
      observer.disconnect()
      window.removeEventListener('resize', measure)
    }
  }, [panel, shown])
  return shown ? covered : 0
}
