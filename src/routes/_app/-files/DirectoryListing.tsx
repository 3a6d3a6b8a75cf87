// A directory of a container (specification 000, section 2): the filter, the actions, and the rows,
// windowed so that a directory of 20,000 entries stays smooth. The rows form an ARIA grid (rows are
// selected, cells hold a checkbox and a link): one tab stop, and the arrow keys, Home, End and the page
// keys move between cells (src/lib/gridKeys.ts), as the WAI-ARIA grid pattern has it. A finger held on a
// row starts a selection (src/ui/useLongPress.ts) with a bar of its actions; every action a member lacks
// the capability for answers with the specification's refusal before any call (src/lib/fileCapabilities.ts).
import { useQuery } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import {
  lazy,
  Suspense,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
} from 'react'
import { mediaQueries, useSetFilesDeleted } from '../../../api/media.ts'
import { ApiError } from '../../../api/transport.ts'
import { showAlert, showConfirm } from '../../../app/dialogs.tsx'
import { navigateRemembering } from '../../../app/navigation.ts'
import { areaHref, childPath } from '../../../lib/filePaths.ts'
import { refusalOf, type FileAction } from '../../../lib/fileCapabilities.ts'
import { toggleSelection } from '../../../lib/rangeSelection.ts'
import { clampToGrid, moveInGrid, type GridPosition } from '../../../lib/gridKeys.ts'
import {
  DEFAULT_FILE_FILTER,
  FILE_FILTERS,
  listingActions,
  listingRows,
  NAME_FILTER_MIN_ENTRIES,
  rowsNamed,
  visibleRows,
  type ListingRow,
} from '../../../lib/listing.ts'
import { localState, useLocalState } from '../../../lib/localState.ts'
import { DELETE_FAILED_MESSAGE, RESTORE_FAILED_MESSAGE } from '../../../lib/messages.ts'
import { NARROW_QUERY, useMediaQuery } from '../../../ui/useMediaQuery.ts'
import { VirtualRows } from '../../../ui/VirtualRows.tsx'
import { Breadcrumbs } from './Breadcrumbs.tsx'
import { ListingUnavailable } from './ListingUnavailable.tsx'
import { MoreMenu } from './MoreMenu.tsx'
import { Row, tabStop } from './ListingRow.tsx'
import { SelectionBar, type SelectionAction } from './SelectionBar.tsx'
import type { OpenGrant } from './openGrant.ts'
import { NoAccess } from './NoAccess.tsx'
import { downloadFile } from './transfer.ts'
import { MediaGrid } from './MediaGrid.tsx'
import { usePendingRefetch } from './usePendingRefetch.ts'
import { useListingView, ViewToggle } from './ViewToggle.tsx'
import { filesOf } from '../../../lib/viewerOrder.ts'
import type { ShareTarget } from '../../../lib/shareLinks.ts'
import { ShareDialog } from '../-shareLinks/ShareDialog.tsx'
import { useShareOffer } from '../-shareLinks/useShareOffer.ts'

/** The viewer loads when a file is first opened: the listing's first screen does not carry it. */
const MediaViewer = lazy(() => import('./MediaViewer.tsx'))

/**
 * A row's height, which the windowing counts on (src/ui/VirtualRows.tsx): one line on a desk, two (name,
 * then size and date) on a phone. Must match .listing-row's height in src/styles/files.css.
 */
const ROW_HEIGHT = 44
const NARROW_ROW_HEIGHT = 60

/** Select, Name, Size, Last Modified. */
const COLUMN_COUNT = 4

/** The bulk actions on the selected files, in the toolbar's order. */
const BULK_ACTIONS = [
  { kind: 'delete', label: 'Delete' },
  { kind: 'undelete', label: 'Undelete' },
] as const

/** What a link to this entry of `directory` points at: a file by its id, a folder by its path. */
function shareTargetOf(row: ListingRow, directory: string): ShareTarget {
  return row.kind === 'file'
    ? { kind: 'file', mediaId: row.media.media_id, name: row.name }
    : { kind: 'folder', path: childPath(directory, row.name, true), name: row.name }
}

/** The element that takes focus for a cell: its control (checkbox, link), else the cell itself. */
function cellTarget(grid: HTMLElement, at: GridPosition): HTMLElement | null {
  const row = grid.querySelector(`[role="row"][aria-rowindex="${at.row + 1}"]`)
  const cell = row?.querySelectorAll<HTMLElement>('[role="gridcell"], [role="columnheader"]')[at.col]
  return cell?.querySelector<HTMLElement>('input, a, button') ?? cell ?? null
}

/** The cell an element belongs to, when it is one of the grid's cells or inside one. */
function cellOf(element: Element): GridPosition | undefined {
  const cell = element.closest('[role="gridcell"], [role="columnheader"]')
  const row = cell?.closest('[role="row"]')
  if (!cell || !row) return undefined
  const col = Array.from(row.querySelectorAll('[role="gridcell"], [role="columnheader"]')).indexOf(cell)
  return { row: Number(row.getAttribute('aria-rowindex')) - 1, col }
}

function FilterPicker() {
  const filter = useLocalState('file_filter') ?? DEFAULT_FILE_FILTER
  return (
    <fieldset className="segmented" aria-label="Show">
      <legend className="visually-hidden">Show</legend>
      {FILE_FILTERS.map((option) => (
        <label key={option.value} className={option.value === filter ? 'checked' : undefined}>
          <input
            type="radio"
            name="file_filter"
            value={option.value}
            checked={option.value === filter}
            onChange={() => localState.write('file_filter', option.value)}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  )
}

export function DirectoryListing({ openGrant, directory }: { openGrant: OpenGrant; directory: string }) {
  const router = useRouter()
  const { grant, org, ref } = openGrant
  // Read again every few seconds while pictures of its files are being made.
  const refetchInterval = usePendingRefetch()
  const listing = useQuery({ ...mediaQueries.directory(ref, directory), refetchInterval })
  const view = useListingView()
  // The file open in the viewer, if any.
  const [viewing, setViewing] = useState<number>()
  const closeViewer = useCallback(() => setViewing(undefined), [])
  // The entry a Share dialog is open for, if any; Share shows only where links are offered to this member.
  const [sharing, setSharing] = useState<ShareTarget>()
  const shareOffer = useShareOffer(org)
  const filter = useLocalState('file_filter') ?? DEFAULT_FILE_FILTER
  const [selectedKeys, setSelectedKeys] = useState<ReadonlySet<string>>(new Set())
  // The entry clicked last: a shift-click selects from it.
  const selectionAnchor = useRef<string | undefined>(undefined)
  // Selecting began by a long-press (or More, Select): taps toggle rows until Cancel.
  const [selectingMode, setSelectingMode] = useState(false)
  const [nameFilter, setNameFilter] = useState('')
  const typedName = useDeferredValue(nameFilter)
  const narrow = useMediaQuery(NARROW_QUERY)
  const rowHeight = narrow ? NARROW_ROW_HEIGHT : ROW_HEIGHT
  const setDeleted = useSetFilesDeleted(ref)
  const busy = setDeleted.isPending
  const gridRef = useRef<HTMLDivElement>(null)
  // The grid's current cell (its tab stop); row 0 is the header. It starts on the first entry's name.
  const [activeCell, setActiveCell] = useState<GridPosition>({ row: 1, col: 1 })
  // Set when a key or an action moves the current cell: focus follows it once the row is rendered.
  const focusPending = useRef(false)

  const allRows = useMemo(() => (listing.data ? listingRows(listing.data) : []), [listing.data])
  const filteredRows = useMemo(() => visibleRows(allRows, filter), [allRows, filter])
  // Past a thousand entries a name is easier typed than scrolled to.
  const offersNameFilter = allRows.length > NAME_FILTER_MIN_ENTRIES
  const rows = useMemo(
    () => (offersNameFilter ? rowsNamed(filteredRows, typedName) : filteredRows),
    [filteredRows, offersNameFilter, typedName],
  )
  // Only what is shown counts as selected: a filter change hides rows from the actions too.
  const selected = useMemo(() => rows.filter((row) => selectedKeys.has(row.key)), [rows, selectedKeys])
  const actions = listingActions(selected)
  const selecting = selectingMode || selected.length > 0
  // On a desk a checked box leaves the names as links; a phone's taps select once a selection is open.
  const tapsToggle = selecting && (selectingMode || narrow)
  const gridShape = { rowCount: rows.length + 1, colCount: COLUMN_COUNT, pageRows: 1 }
  // Rows come and go (a filter, a deletion): the current cell stays inside the grid.
  const active = clampToGrid(activeCell, gridShape)

  useEffect(() => {
    if (!focusPending.current || !gridRef.current) return
    focusPending.current = false
    cellTarget(gridRef.current, active)?.focus()
  })

  // Escape leaves selecting, wherever focus is (after a long-press it is nowhere in particular); not while a
  // dialog is open, whose own Escape closes it.
  useEffect(() => {
    if (!selecting) return
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return
      if ((event.target as Element | null)?.closest?.('dialog, [role="alertdialog"], .more-menu')) return
      // Focus stays where it is: in the rows, or nowhere after a long-press.
      setSelectingMode(false)
      setSelectedKeys(new Set())
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  })

  if (listing.isError) {
    if (listing.error instanceof ApiError && listing.error.status === 404)
      return <NoAccess isAdmin={org.is_admin} />
    // The network failed on the way (no status): the folder can be asked for again.
    if (!(listing.error instanceof ApiError) || listing.error.status !== undefined) throw listing.error
  }
  // Never loaded here, and the network is not there to load it: a paused query would wait silently.
  const unavailable =
    (listing.isPending && listing.fetchStatus === 'paused') || (listing.isError && !listing.isFetching)

  const hrefOf = (row: ListingRow) =>
    areaHref('home', grant.grant_name, childPath(directory, row.name, row.kind === 'folder'))

  /** The capability check of src/lib/fileCapabilities.ts: false, with the refusal shown, when lacking. */
  function allowed(action: FileAction): boolean {
    const refusal = refusalOf(org, action)
    if (refusal) showAlert(refusal)
    return refusal === undefined
  }

  function moveFocus(to: GridPosition) {
    focusPending.current = true
    setActiveCell({ ...to })
  }

  function onGridKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.altKey || event.shiftKey) return
    const scroller = gridRef.current?.querySelector('.virtual-rows')
    const pageRows = Math.max(1, Math.floor((scroller?.clientHeight ?? 0) / rowHeight) - 1)
    const to = moveInGrid(active, event, { ...gridShape, pageRows })
    if (!to) return
    event.preventDefault()
    moveFocus(to)
  }

  // A click or Tab into a cell makes it the current one, so the keys go on from where the user is.
  function onGridFocus(event: FocusEvent<HTMLDivElement>) {
    const at = cellOf(event.target)
    if (at && (at.row !== active.row || at.col !== active.col)) setActiveCell(at)
  }

  /** A click on an entry's checkbox (or a tap while selecting); with shift, the run from the last one. */
  function toggle(key: string, extend = false) {
    const order = rows.map((row) => row.key)
    const anchor = selectionAnchor.current
    setSelectedKeys((keys) => toggleSelection(keys, order, key, anchor, extend))
    selectionAnchor.current = key
  }

  function startSelecting(key?: string) {
    setSelectingMode(true)
    if (key) setSelectedKeys((keys) => new Set(keys).add(key))
  }

  function leaveSelecting() {
    const hadFocus = gridRef.current?.contains(document.activeElement) ?? false
    setSelectingMode(false)
    setSelectedKeys(new Set())
    if (hadFocus || document.activeElement === document.body) moveFocus(active)
  }

  function toggleAll() {
    setSelectedKeys(selected.length === rows.length ? new Set() : new Set(rows.map((row) => row.key)))
  }

  function bulk(kind: 'delete' | 'undelete') {
    if (!allowed(kind)) return
    const files = selected.flatMap((row) =>
      row.kind === 'file' && row.isDeleted === (kind === 'undelete') ? [row.media.media_id] : [],
    )
    const count = `${files.length} file${files.length === 1 ? '' : 's'}`
    const text = kind === 'delete' ? `Delete ${count}?` : `Undelete ${count}?`
    const destructive = kind === 'delete'
    showConfirm({ text, positive: destructive ? 'Delete' : 'Undelete', destructive }, (positive) => {
      if (!positive) return
      setDeleted.mutate(
        { mediaIds: files, deleted: kind === 'delete' },
        {
          onSuccess: (result) => {
            setSelectedKeys(new Set())
            setSelectingMode(false)
            // The action's button is disabled now (nothing is selected): focus goes back to where the user
            // was in the rows, not to the top of the page.
            if (result.failed.length > 0)
              showAlert(kind === 'delete' ? DELETE_FAILED_MESSAGE : RESTORE_FAILED_MESSAGE)
            else moveFocus(active)
          },
        },
      )
    })
  }

  function createFolder() {
    if (!allowed('createFolder')) return
    navigateRemembering(router, areaHref('create_folder', grant.grant_name, directory))
  }

  function upload() {
    if (!allowed('upload')) return
    navigateRemembering(router, areaHref('upload', grant.grant_name, directory))
  }

  function download() {
    if (!allowed('download')) return
    const [only] = selected
    if (selected.length === 1 && only?.kind === 'file') {
      void downloadFile(ref, { mediaId: only.media.media_id })
      return
    }
    navigateRemembering(router, areaHref('download', grant.grant_name, directory), {
      download_list: selected.map((row) => childPath(directory, row.name, row.kind === 'folder')),
    })
  }

  const [single] = selected
  // One entry, a folder or a file that is not deleted, is what a link can point at.
  const shareable = selected.length === 1 && single !== undefined && !single.isDeleted ? single : undefined
  const selectionActions: SelectionAction[] = [
    ...(selected.length === 1 && single?.kind === 'file'
      ? [{ label: 'View', onPress: () => setViewing(single.media.media_id) }]
      : []),
    ...(actions.download ? [{ label: 'Download', onPress: download }] : []),
    ...(shareOffer && shareable
      ? [{ label: 'Share', onPress: () => setSharing(shareTargetOf(shareable, directory)) }]
      : []),
    ...(actions.delete ? [{ label: 'Delete', onPress: () => bulk('delete'), danger: true }] : []),
    ...(actions.undelete ? [{ label: 'Undelete', onPress: () => bulk('undelete') }] : []),
  ]

  // The empty grid's Select all is disabled and cannot hold the tab stop: Name does.
  const headActive = active.row === 0 ? (rows.length === 0 && active.col === 0 ? 1 : active.col) : undefined

  return (
    <section
      aria-labelledby="listing-heading"
      className={selecting ? 'listing listing-selecting' : 'listing'}
    >
      <h1 id="listing-heading" className="visually-hidden">
        {grant.grant_name}
        {directory}
      </h1>
      <Breadcrumbs grantName={grant.grant_name} directory={directory} />
      <div className="listing-toolbar">
        <div className="listing-views">
          <FilterPicker />
          <ViewToggle />
        </div>
        <div className="toolbar-actions" role="toolbar" aria-label="File actions">
          {/* On a phone the toolbar keeps one row: Create Folder and Select wait under More, and the
              selection's actions are in its bar. */}
          <button type="button" className="button secondary desk-only" onClick={createFolder}>
            Create Folder
          </button>
          <button type="button" className="button secondary" onClick={upload}>
            Upload
          </button>
          {BULK_ACTIONS.map(({ kind, label }) => (
            <button
              key={kind}
              type="button"
              className="button secondary desk-only"
              disabled={!actions[kind] || busy}
              onClick={() => bulk(kind)}
            >
              {label}
            </button>
          ))}
          <button type="button" className="button desk-only" disabled={!actions.download} onClick={download}>
            Download
          </button>
          <MoreMenu
            className="phone-only"
            items={[
              { label: 'Create Folder', onPress: createFolder },
              { label: 'Select', onPress: () => startSelecting() },
            ]}
          />
        </div>
      </div>
      {offersNameFilter ? (
        <div className="listing-search">
          <input
            type="search"
            className="input"
            aria-label="Filter by name"
            placeholder="Filter by name"
            value={nameFilter}
            onChange={(event) => setNameFilter(event.target.value)}
          />
          <output aria-live="polite">
            {rows.length.toLocaleString('en-US')} of {filteredRows.length.toLocaleString('en-US')}
          </output>
        </div>
      ) : null}
      {view === 'grid' ? (
        <MediaGrid
          openGrant={openGrant}
          rows={rows}
          hrefOf={hrefOf}
          selectedKeys={selectedKeys}
          selecting={tapsToggle}
          busy={listing.isPending || busy}
          onToggle={toggle}
          onLongPress={startSelecting}
          onView={(row) => setViewing(row.media.media_id)}
          {...(shareOffer ? { onShare: (row: ListingRow) => setSharing(shareTargetOf(row, directory)) } : {})}
          status={
            unavailable ? (
              <ListingUnavailable offline={!listing.isError} onRetry={() => void listing.refetch()} />
            ) : listing.isPending ? (
              <p className="listing-empty">Loading…</p>
            ) : rows.length === 0 ? (
              <p className="listing-empty">
                {allRows.length > 0 && typedName.trim() ? 'No matches' : 'Empty Directory'}
              </p>
            ) : undefined
          }
        />
      ) : (
        <div
          ref={gridRef}
          role="grid"
          onKeyDown={onGridKeyDown}
          onFocus={onGridFocus}
          aria-label="Files"
          aria-rowcount={rows.length + 1}
          aria-multiselectable="true"
          aria-busy={listing.isPending || busy}
          className={tapsToggle ? 'listing-table selecting' : 'listing-table'}
        >
          <div role="rowgroup">
            <div role="row" aria-rowindex={1} className="listing-row listing-head">
              <span role="columnheader" className="cell-select">
                <input
                  type="checkbox"
                  aria-label="Select all"
                  checked={rows.length > 0 && selected.length === rows.length}
                  onChange={toggleAll}
                  disabled={rows.length === 0}
                  tabIndex={tabStop(headActive, 0)}
                />
              </span>
              <span role="columnheader" className="cell-name" tabIndex={tabStop(headActive, 1)}>
                Name
              </span>
              <span role="columnheader" className="cell-size" tabIndex={tabStop(headActive, 2)}>
                Size
              </span>
              <span role="columnheader" className="cell-time" tabIndex={tabStop(headActive, 3)}>
                Last Modified
              </span>
            </div>
          </div>
          {unavailable ? (
            <ListingUnavailable offline={!listing.isError} onRetry={() => void listing.refetch()} />
          ) : listing.isPending ? (
            <p className="listing-empty">Loading…</p>
          ) : rows.length === 0 ? (
            <p className="listing-empty">
              {allRows.length > 0 && typedName.trim() ? 'No matches' : 'Empty Directory'}
            </p>
          ) : (
            <VirtualRows
              // A new height is new arithmetic: start the scroller afresh.
              key={rowHeight}
              count={rows.length}
              rowHeight={rowHeight}
              keepIndex={active.row - 1}
              renderRow={(index, style) => {
                const row = rows[index] as ListingRow
                return (
                  <Row
                    key={row.key}
                    row={row}
                    index={index}
                    href={hrefOf(row)}
                    selected={selectedKeys.has(row.key)}
                    selecting={tapsToggle}
                    onToggle={(extend) => toggle(row.key, extend)}
                    onLongPress={() => startSelecting(row.key)}
                    style={style}
                    activeCol={active.row === index + 1 ? active.col : undefined}
                    onView={row.kind === 'file' ? () => setViewing(row.media.media_id) : undefined}
                  />
                )
              }}
            />
          )}
        </div>
      )}
      {viewing !== undefined ? (
        <Suspense fallback={null}>
          <MediaViewer
            openGrant={openGrant}
            files={filesOf(rows)}
            mediaId={viewing}
            hrefOf={hrefOf}
            onMove={setViewing}
            onClose={closeViewer}
          />
        </Suspense>
      ) : null}
      {sharing && shareOffer ? (
        <ShareDialog
          orgId={org.org_id}
          mediaGrantId={grant.media_grant_id}
          target={sharing}
          maxDays={shareOffer.max_link_days}
          onClose={() => setSharing(undefined)}
        />
      ) : null}
      {selecting ? (
        <SelectionBar
          count={selected.length}
          actions={selectionActions}
          busy={busy}
          onCancel={leaveSelecting}
        />
      ) : null}
    </section>
  )
}
