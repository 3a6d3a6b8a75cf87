// Whether an element has come into view (at least a pixel of it, inside every scroller around it) since it
// was mounted. Pictures of a windowed list render a row beyond the view on each side, so scrolling shows no
// gaps; this keeps those rows from asking for their pictures until they are really seen.
import { useEffect, useState, type RefObject } from 'react'

// Without the observer (old browsers), everything counts as seen: pictures still show.
const canObserve = typeof IntersectionObserver !== 'undefined'

export function useSeen(ref: RefObject<Element | null>): boolean {
  const [seen, setSeen] = useState(!canObserve)
  useEffect(() => {
    const element = ref.current
    if (seen || !element) return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        setSeen(true)
        observer.disconnect()
      }
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref, seen])
  return seen
}
