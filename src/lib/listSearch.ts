// Search and pages of a list fetched whole (users, devices, containers): the words typed and the page,
// kept in the address (?q=…&page=…) so back, forward and reload keep them, and the rows they select. Pure.

/** Rows per page of every long list. */
export const LIST_PAGE_SIZE = 50

/** The address's part of a list: both absent on a list's first view. */
export interface ListSearch {
  q?: string
  /** 1-based; absent on the first page. */
  page?: number
}

/**
 * The list's part of a route's search, from the raw address: every key returned (undefined when absent or
 * malformed), since the router keeps a raw value for a key a route leaves out.
 */
export function listSearchOf(search: Record<string, unknown>): ListSearch {
  const q = typeof search.q === 'string' && search.q.trim() !== '' ? search.q : undefined
  const page = Number(search.page)
  return { q, page: Number.isInteger(page) && page > 1 ? page : undefined }
}

/** Whether every word of the query is in one of the texts (any case); an empty query keeps every row. */
export function matchesQuery(query: string | undefined, texts: ReadonlyArray<string | null | undefined>) {
  const words = (query ?? '').toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return true
  const haystack = texts
    .filter((text): text is string => typeof text === 'string')
    .join('\n')
    .toLowerCase()
  return words.every((word) => haystack.includes(word))
}

export interface ListPage<Row> {
  /** The rows of the page shown. */
  rows: Row[]
  /** The rows the search keeps, on every page. */
  matched: number
  /** The page shown (1-based): the one asked for, or the last one when it asked past the end. */
  page: number
  pageCount: number
  /** 1-based positions of the first and last row shown (0 and 0 when there are none). */
  first: number
  last: number
}

/** The page of the rows the search keeps. */
export function listPage<Row>(
  all: readonly Row[],
  search: ListSearch,
  textsOf: (row: Row) => ReadonlyArray<string | null | undefined>,
  pageSize = LIST_PAGE_SIZE,
): ListPage<Row> {
  const matching =
    search.q === undefined ? [...all] : all.filter((row) => matchesQuery(search.q, textsOf(row)))
  const pageCount = Math.max(1, Math.ceil(matching.length / pageSize))
  const page = Math.min(Math.max(search.page ?? 1, 1), pageCount)
  const start = (page - 1) * pageSize
  const rows = matching.slice(start, start + pageSize)
  return {
    rows,
    matched: matching.length,
    page,
    pageCount,
    first: rows.length === 0 ? 0 : start + 1,
    last: start + rows.length,
  }
}

/**
 * The navigation of a new search: back to the first page, replacing the address's entry (each keystroke is
 * not a step of history) and leaving the scroll where it is (the field stays under the typing thumb).
 */
export function searchNavigation(q: string | undefined) {
  return {
    search: <S extends ListSearch>(prev: S): S => ({ ...prev, q, page: undefined }),
    replace: true,
    resetScroll: false,
  }
}

/** The navigation to a page: a step of history, so back returns to the page before. */
export function pageNavigation(page: number) {
  return { search: <S extends ListSearch>(prev: S): S => ({ ...prev, page: page > 1 ? page : undefined }) }
}
