// The narrow-screen menu is modal (the page behind it is inert), so Tab must cycle inside it: from its last
// control to its first and back, as a dialog does. The index arithmetic is pure, to be tested alone.

/** Where Tab goes from control `index` of `count`: wraps at the ends, else undefined (the browser's own). */
export function wrapTabIndex(count: number, index: number, backwards: boolean): number | undefined {
  if (count === 0) return undefined
  // Focus outside the list (on the container itself): enter at the end Tab is heading for.
  if (index < 0) return backwards ? count - 1 : 0
  if (backwards && index === 0) return count - 1
  if (!backwards && index === count - 1) return 0
  return undefined
}

const FOCUSABLE = 'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), [tabindex]'

/** The controls in `container` that Tab reaches: shown, enabled, not taken out of the tab order. */
export function tabbables(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => element.tabIndex >= 0 && element.getClientRects().length > 0,
  )
}
