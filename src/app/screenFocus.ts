// Where the user is, for those who do not see the screen change: the document title names the screen, and
// after a route change focus moves to the new screen's heading, so a screen reader reads it and the next
// Tab starts from the top of the page. The rule lives here once: every screen has one h1 in its main
// landmark, and the title is made from that heading, so the two never disagree and no screen has to
// declare its title a second time. The first load keeps the browser's own focus (the start of the page).
import { useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'

export const APP_NAME = 'Media Console'

/** The title for a screen whose heading reads `heading`: 'Account · Media Console'. */
export function screenTitle(heading: string | null | undefined): string {
  const text = heading?.replace(/\s+/g, ' ').trim()
  return text ? `${text} · ${APP_NAME}` : APP_NAME
}

/** The heading of the screen shown: the first h1 of the page's main landmark. */
export function screenHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('main h1')
}

/** Moves focus to the screen's heading (focusable by script only); false when the screen has none yet. */
export function focusScreenHeading(): boolean {
  const heading = screenHeading()
  if (!heading) return false
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1
  heading.focus()
  return true
}

/** How long a route change waits for its heading (a screen may still be suspended on its data). */
const HEADING_WAIT_MS = 3000

/**
 * Keeps the title in step with the heading, moves focus to the heading after a route change, and gives
 * focus a place to land when the control that held it goes away (a removed row, a finished step, a
 * button disabled by its own action): without this, focus drops to the body and the next Tab starts
 * over at the top of the document.
 */
export function useScreenFocus(): void {
  const router = useRouter()
  useEffect(() => {
    let focusUntil = 0
    let lastFocused: Element | null = null
    const tryFocus = () => {
      if (Date.now() < focusUntil && focusScreenHeading()) focusUntil = 0
    }
    const lostFocus = () => {
      const active = document.activeElement
      if (active !== null && active !== document.body) return false
      // Focus left a control that is gone or disabled; a click on the page's background leaves it too,
      // but then the control is still there and the user chose where focus went.
      return lastFocused !== null && (!lastFocused.isConnected || lastFocused.matches(':disabled'))
    }
    const onMutation = () => {
      const title = screenTitle(screenHeading()?.textContent)
      if (document.title !== title) document.title = title
      tryFocus()
      if (lostFocus()) {
        lastFocused = null
        focusScreenHeading()
      }
    }
    onMutation()
    const observer = new MutationObserver(onMutation)
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['disabled'],
    })
    const onFocusIn = (event: FocusEvent) => {
      lastFocused = event.target instanceof Element ? event.target : null
    }
    document.addEventListener('focusin', onFocusIn)
    const unsubscribe = router.subscribe('onRendered', (event) => {
      // The first load has no previous location; a change of search or hash alone is the same screen.
      if (!event.fromLocation || !event.pathChanged) return
      focusUntil = Date.now() + HEADING_WAIT_MS
      tryFocus()
    })
    return () => {
      observer.disconnect()
      document.removeEventListener('focusin', onFocusIn)
      unsubscribe()
    }
  }, [router])
}
