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

const CONTROLS = 'a[href], button, input, select, textarea'

/** Where a focused control sat: its table (or grid), its row's place in it, its place in the row. */
interface FocusSpot {
  element: Element
  table: Element | null
  rowIndex: number
  controlIndex: number
  /** Its ancestors up to the main landmark, nearest first. */
  ancestors: Element[]
}

function rowsOf(table: Element): Element[] {
  return Array.from(table.querySelectorAll('tr, [role="row"]'))
}

function spotOf(element: Element): FocusSpot {
  const ancestors: Element[] = []
  let parent = element.parentElement
  while (parent !== null && parent.tagName !== 'MAIN') {
    ancestors.push(parent)
    parent = parent.parentElement
  }
  const row = element.closest('tr, [role="row"]')
  const table = row?.closest('table, [role="grid"]') ?? null
  if (!row || !table) return { element, table: null, rowIndex: -1, controlIndex: -1, ancestors }
  return {
    element,
    table,
    rowIndex: rowsOf(table).indexOf(row),
    controlIndex: Array.from(row.querySelectorAll(CONTROLS)).indexOf(element),
    ancestors,
  }
}

// Drawn: not hidden, as React hides content whose update is suspended while the fallback shows.
const shown = (element: Element) => element.getClientRects().length > 0

const usable = (element: Element | undefined): element is HTMLElement =>
  element instanceof HTMLElement && !element.matches(':disabled') && shown(element)

/**
 * The heading of the part of the page that changed under a lost control (a signup step that gave way to
 * the next one): the first heading shown in the nearest ancestor still in the page that shows one, short of
 * the screen's own. 'loading' when a nearer ancestor shows no heading but something loading (aria-busy,
 * other than the lost control: the next step's placeholder while its data comes), so focus waits for that
 * content's own heading rather than settle on the screen's while it loads.
 */
function sectionHeadingOf(spot: FocusSpot): HTMLElement | 'loading' | undefined {
  for (const ancestor of spot.ancestors) {
    if (!ancestor.isConnected) continue
    const heading = Array.from(ancestor.querySelectorAll<HTMLElement>('h2, h3')).find(shown)
    if (heading) {
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1
      return heading
    }
    const busy = Array.from(ancestor.querySelectorAll('[aria-busy="true"]'))
    if (busy.some((element) => element !== spot.element && shown(element))) return 'loading'
  }
  return undefined
}

/**
 * The control that takes the place of one that went away in a table (a Remove that removed its row): the
 * same control of the row now in that place, or of the last row, else any control of that row.
 */
function replacementIn(spot: FocusSpot): HTMLElement | undefined {
  if (!spot.table?.isConnected || spot.rowIndex < 0) return undefined
  const rows = rowsOf(spot.table)
  const row = rows[Math.min(spot.rowIndex, rows.length - 1)]
  if (!row) return undefined
  const controls = Array.from(row.querySelectorAll(CONTROLS))
  const same = controls[spot.controlIndex]
  return usable(same) ? same : controls.find(usable)
}

/**
 * Keeps the title in step with the heading, moves focus to the heading after a route change, and gives
 * focus a place to land when the control that held it goes away (a removed row, a finished step, a
 * button disabled by its own action): the same control of the next row in a table, else the heading of
 * the part of the page that changed (once that part has loaded), else the screen's heading.
 * Without this, focus drops to the body and the next Tab starts over at the top of the document.
 */
export function useScreenFocus(): void {
  const router = useRouter()
  useEffect(() => {
    let focusUntil = 0
    let lastFocused: FocusSpot | null = null
    const tryFocus = () => {
      if (Date.now() < focusUntil && focusScreenHeading()) focusUntil = 0
    }
    const lostFocus = () => {
      const active = document.activeElement
      if (active !== null && active !== document.body) return false
      // Focus left a control that is gone or disabled; a click on the page's background leaves it too,
      // but then the control is still there and the user chose where focus went.
      const element = lastFocused?.element
      return element !== undefined && (!element.isConnected || element.matches(':disabled'))
    }
    // A lost control's place, kept for a while when nothing can take focus yet (the next step suspended).
    let lost: FocusSpot | null = null
    let lostUntil = 0
    const onMutation = () => {
      const title = screenTitle(screenHeading()?.textContent)
      if (document.title !== title) document.title = title
      tryFocus()
      if (lastFocused && lostFocus()) {
        lost = lastFocused
        lostUntil = Date.now() + HEADING_WAIT_MS
        lastFocused = null
      }
      const active = document.activeElement
      if (!lost || Date.now() > lostUntil || (active !== null && active !== document.body)) {
        lost = null
        return
      }
      const replacement = replacementIn(lost) ?? sectionHeadingOf(lost)
      if (replacement === 'loading') return
      if (replacement) replacement.focus()
      else if (!focusScreenHeading()) return
      lost = null
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
      // Measured now: once the control is gone, its row's place cannot be found.
      lastFocused = event.target instanceof Element ? spotOf(event.target) : null
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
