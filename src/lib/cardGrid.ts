// The gallery's geometry: how many cards a row holds at a width, and how tall a row is, so that the windowing
// (src/ui/VirtualRows.tsx) lays out rows of cards with fixed heights and no measuring. Pure, tested alone.

/** The narrowest a card gets on a desk; a phone (below 600 px) shows two columns whatever its width. */
export const CARD_MIN_WIDTH = 168
export const CARD_GAP = 12
/** Below this width the grid has two columns (a 375 px phone shows two cards a row). */
export const NARROW_GRID_WIDTH = 600
/** The name and size lines under a card's picture, with the card's padding. */
export const CARD_CAPTION_HEIGHT = 56

/** Cards on a row for a grid of this inner width: as many as fit at their narrowest, never fewer than 2. */
export function gridColumns(width: number, minWidth = CARD_MIN_WIDTH, gap = CARD_GAP): number {
  if (!(width > 0)) return 2
  if (width < NARROW_GRID_WIDTH) return 2
  return Math.max(2, Math.floor((width + gap) / (minWidth + gap)))
}

/** Rows holding `count` cards, `columns` a row. */
export const gridRowCount = (count: number, columns: number) => Math.ceil(count / Math.max(1, columns))

/** A card row's height: the square picture (as wide as a card), its caption, and the gap below. */
export function gridRowHeight(width: number, columns: number, gap = CARD_GAP): number {
  const cardWidth = Math.max(0, (width - gap * (columns - 1)) / columns)
  return Math.round(cardWidth) + CARD_CAPTION_HEIGHT + gap
}
