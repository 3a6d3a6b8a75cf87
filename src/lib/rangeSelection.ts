// Selecting in a listing as file managers do: a click on a checkbox flips that entry; a shift-click flips
// every entry from the last one clicked (the anchor) to this one, all to the state the clicked entry takes
// (so a shift-click can clear a run as well as select one). Without an anchor still shown, shift does nothing
// more than a click.

/** The chosen keys after a click on `key`, in the listing's `order`. */
export function toggleSelection(
  chosen: ReadonlySet<string>,
  order: readonly string[],
  key: string,
  anchor: string | undefined,
  extend: boolean,
): Set<string> {
  const next = new Set(chosen)
  const select = !chosen.has(key)
  const from = extend && anchor !== undefined ? order.indexOf(anchor) : -1
  const to = order.indexOf(key)
  const run = from >= 0 && to >= 0 ? order.slice(Math.min(from, to), Math.max(from, to) + 1) : [key]
  for (const each of run) {
    if (select) next.add(each)
    else next.delete(each)
  }
  return next
}

/** Whether a checkbox's change came from a click with shift held (a keyboard's Space carries it too). */
export function withShift(event: { nativeEvent: Event }): boolean {
  return 'shiftKey' in event.nativeEvent && event.nativeEvent.shiftKey === true
}
