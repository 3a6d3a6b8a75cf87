// The toolbar of a long list (users, devices, containers, a volume's audit): a search field with a clear
// button, what the search kept ("12 of 230"), room for a screen's own filters, and under the table the
// pages ("1–50 of 230", Previous and Next). The screen keeps the search and the page in its address, so
// this only shows them and says when they change.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import type { ListPage } from '../lib/listSearch.ts'

export interface SearchFieldProps {
  /** The field's accessible name, e.g. 'Search users'. */
  label: string
  /** The search in the address (undefined: none). */
  value: string | undefined
  /** A new search, trimmed (undefined when cleared). */
  onSearch: (value: string | undefined) => void
  /** Waits for a pause in typing this long before searching (a search the server answers); 0: at once. */
  delayMs?: number
  placeholder?: string
}

/**
 * A search box that follows the address: typing searches (after `delayMs`), the clear button empties it
 * and returns focus to it, and back or forward puts the address's search back in it.
 */
export function SearchField({ label, value, onSearch, delayMs = 0, placeholder }: SearchFieldProps) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [text, setText] = useState(value ?? '')
  const [addressValue, setAddressValue] = useState(value)
  if (addressValue !== value) {
    setAddressValue(value)
    if (text.trim() !== (value ?? '')) setText(value ?? '')
  }
  const latest = useRef(onSearch)
  useEffect(() => {
    latest.current = onSearch
  })
  useEffect(() => {
    const next = text.trim()
    if (next === (value ?? '')) return
    const send = () => latest.current(next === '' ? undefined : next)
    if (delayMs === 0) {
      send()
      return
    }
    const timer = setTimeout(send, delayMs)
    return () => clearTimeout(timer)
  }, [text, value, delayMs])
  return (
    <div className="search-field">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        ref={input}
        id={id}
        type="search"
        value={text}
        placeholder={placeholder ?? label}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => setText(event.target.value)}
      />
      {text === '' ? null : (
        <button
          type="button"
          className="icon-button search-clear"
          aria-label="Clear search"
          onClick={() => {
            setText('')
            onSearch(undefined)
            input.current?.focus()
          }}
        >
          <span aria-hidden="true">×</span>
        </button>
      )}
    </div>
  )
}

export interface ListToolbarProps extends SearchFieldProps {
  /** How many rows the search kept, and of how many; the count shows while a search is on. */
  matched?: number
  total?: number
  /** A screen's own filters and actions, after the search field. */
  children?: ReactNode
}

export function ListToolbar({ matched, total, children, ...search }: ListToolbarProps) {
  const counted = search.value !== undefined && matched !== undefined && total !== undefined
  return (
    <div className="list-toolbar">
      <SearchField {...search} />
      {children}
      {/* A live region that stays in the page, so a screen reader hears each new count. */}
      <p className="list-count" role="status">
        {counted ? `${matched} of ${total}` : ''}
      </p>
    </div>
  )
}

/** The empty state of a search that kept nothing. */
export function noMatchText(query: string): string {
  return `Nothing matches “${query}”.`
}

export interface PagerProps {
  /** The list's name, e.g. 'Users': the pages are 'Pages of Users'. */
  label: string
  list: Pick<ListPage<unknown>, 'page' | 'pageCount' | 'first' | 'last' | 'matched'>
  onPage: (page: number) => void
}

/** Previous, "51–100 of 230", Next: shown when the rows take more than one page. */
export function Pager({ label, list, onPage }: PagerProps) {
  if (list.pageCount <= 1) return null
  return (
    <nav className="pager" aria-label={`Pages of ${label}`}>
      <button
        type="button"
        className="button secondary"
        disabled={list.page <= 1}
        onClick={() => onPage(list.page - 1)}
      >
        Previous
      </button>
      <p className="pager-range">
        {list.first}–{list.last} of {list.matched}
      </p>
      <button
        type="button"
        className="button secondary"
        disabled={list.page >= list.pageCount}
        onClick={() => onPage(list.page + 1)}
      >
        Next
      </button>
    </nav>
  )
}
