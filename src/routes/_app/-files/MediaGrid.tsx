// The directory as a gallery: cards with the file's picture (the small derivative, for files that have one;
// the kind's icon otherwise), its name and size, folders first. The cards form an ARIA grid of rows, as the
// list does: one tab stop (the current card, plus its More button), arrows move between cards in two
// dimensions (src/lib/gridKeys.ts), Enter opens, Space selects. Rows of cards are windowed
// (src/ui/VirtualRows.tsx) with as many columns as the width holds (src/lib/cardGrid.ts), so a directory of
// thousands renders its first screen at once and asks only for the pictures in view.
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react'
import { useRouter } from '@tanstack/react-router'
import { thumbnailUrl, type GrantRef } from '../../../api/media.ts'
import { showAlert } from '../../../app/dialogs.tsx'
import { navigateRemembering } from '../../../app/navigation.ts'
import {
  gridColumns,
  gridRowCount,
  gridRowHeight,
  CARD_CAPTION_HEIGHT,
  CARD_GAP,
} from '../../../lib/cardGrid.ts'
import { refusalOf } from '../../../lib/fileCapabilities.ts'
import { fileKindOf } from '../../../lib/fileKinds.ts'
import { formatBytes } from '../../../lib/format.ts'
import { moveInCards } from '../../../lib/gridKeys.ts'
import type { ListingRow } from '../../../lib/listing.ts'
import { withShift } from '../../../lib/rangeSelection.ts'
import { hasThumbnail } from '../../../lib/thumbnails.ts'
import type { FileRow } from '../../../lib/viewerOrder.ts'
import { useLongPress } from '../../../ui/useLongPress.ts'
import { useSeen } from '../../../ui/useSeen.ts'
import { VirtualRows } from '../../../ui/VirtualRows.tsx'
import { EntryIcon } from './ListingRow.tsx'
import { MoreMenu, type MoreItem } from './MoreMenu.tsx'
import type { OpenGrant } from './openGrant.ts'
import { downloadFile } from './transfer.ts'

export interface MediaGridProps {
  openGrant: OpenGrant
  rows: readonly ListingRow[]
  hrefOf: (row: ListingRow) => string
  selectedKeys: ReadonlySet<string>
  /** Taps toggle cards rather than open them. */
  selecting: boolean
  busy: boolean
  onToggle: (key: string, extend?: boolean) => void
  /** A finger held on a card: it is selected, and selecting begins. */
  onLongPress: (key: string) => void
  /** Opens the viewer on a file. */
  onView: (row: FileRow) => void
  /** Opens Share on an entry; absent where links are not offered to the member. */
  onShare?: (row: ListingRow) => void
  /** Shown instead of cards: loading, empty, unavailable. */
  status?: ReactNode
}

/** The picture of a card: the small derivative, or the kind's icon (no picture, or it failed to load). */
function CardPicture({ grant, row, height }: { grant: GrantRef; row: ListingRow; height: number }) {
  const [failed, setFailed] = useState(false)
  const frame = useRef<HTMLSpanElement>(null)
  // Asked for only once the card is in view: the rows windowed beyond it wait until scrolled to.
  const seen = useSeen(frame)
  const media = row.kind === 'file' ? row.media : undefined
  const picture = media && hasThumbnail(media) && !failed
  return (
    <span className="card-picture" style={{ height }} ref={frame}>
      {picture && !seen ? null : picture ? (
        <>
          <img
            src={thumbnailUrl(grant, media, 'small')}
            alt=""
            decoding="async"
            draggable={false}
            onError={() => setFailed(true)}
          />
          {/* A clip's picture says it is a clip, as a media library marks them. */}
          {fileKindOf(row.name) === 'video' ? (
            <svg className="card-badge" viewBox="0 0 20 20" width="28" height="28" aria-hidden="true">
              <circle cx="10" cy="10" r="9" />
              <path d="M8 6.2v7.6l6-3.8z" />
            </svg>
          ) : null}
        </>
      ) : (
        <EntryIcon row={row} />
      )}
    </span>
  )
}

interface CardProps {
  grant: GrantRef
  row: ListingRow
  index: number
  href: string
  selected: boolean
  selecting: boolean
  active: boolean
  pictureHeight: number
  menu: readonly MoreItem[]
  /** extend: shift was held, so the run from the last entry clicked is toggled. */
  onToggle: (extend: boolean) => void
  onLongPress: () => void
  onOpen: () => void
}

function Card({
  grant,
  row,
  index,
  href,
  selected,
  selecting,
  active,
  pictureHeight,
  menu,
  onToggle,
  onLongPress,
  onOpen,
}: CardProps) {
  const press = useLongPress(onLongPress)
  const classes = ['card', row.isDeleted ? 'deleted' : '', selected ? 'selected' : '']

  function onClickCapture(event: MouseEvent) {
    // The release of a long-press is not a tap.
    press.onClickCapture(event)
    if (event.isPropagationStopped() || !selecting) return
    const target = event.target as Element
    if (target.closest('input[type="checkbox"], .more-menu')) return
    event.preventDefault()
    event.stopPropagation()
    onToggle(event.shiftKey)
  }

  function onMainClick(event: MouseEvent<HTMLAnchorElement>) {
    // A new tab or window is the browser's; a plain click opens the viewer or the folder.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    // The card is the grid's stop: focus is there, not on the link, and comes back there from the viewer.
    event.currentTarget.closest<HTMLElement>('[role="gridcell"]')?.focus()
    onOpen()
  }

  return (
    <div
      role="gridcell"
      aria-selected={selected}
      data-index={index}
      data-kind={row.kind}
      tabIndex={active ? 0 : -1}
      className={classes.filter(Boolean).join(' ')}
      {...press}
      onClickCapture={onClickCapture}
    >
      <a className="card-main" href={href} tabIndex={-1} onClick={onMainClick} draggable={false}>
        <CardPicture grant={grant} row={row} height={pictureHeight} />
        <span className="card-name" title={row.name}>
          {row.name}
          {row.isDeleted ? <span className="visually-hidden"> (deleted)</span> : null}
        </span>
        <span className="card-size">{row.kind === 'file' ? formatBytes(row.media.file_size) : 'Folder'}</span>
      </a>
      {/* The label is the checkbox's target: larger than the box drawn. */}
      <label className="card-select">
        <input
          type="checkbox"
          checked={selected}
          onChange={(event) => onToggle(withShift(event))}
          aria-label={`Select ${row.name}`}
          tabIndex={-1}
        />
      </label>
      <MoreMenu
        className="card-more"
        items={menu}
        content={
          <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
            <circle cx="4.5" cy="10" r="1.6" />
            <circle cx="10" cy="10" r="1.6" />
            <circle cx="15.5" cy="10" r="1.6" />
          </svg>
        }
        label={`More for ${row.name}`}
        tabIndex={active ? 0 : -1}
      />
    </div>
  )
}

/** The width of the grid's scroller, followed as the window or the sidebar changes it. */
function useWidth(element: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0)
  useLayoutEffect(() => {
    const target = element.current
    if (!target) return
    const measure = () => {
      // The scroller's inner width (less its scrollbar), less the rows' padding.
      const scroller = target.querySelector<HTMLElement>('.virtual-rows')
      setWidth((scroller ?? target).clientWidth - 2 * CARD_GAP)
    }
    measure()
    // The scroller too: its scrollbar comes and goes with the rows, narrowing it while the grid keeps its width.
    const observer = new ResizeObserver(measure)
    observer.observe(target)
    const scroller = target.querySelector('.virtual-rows')
    if (scroller) observer.observe(scroller)
    return () => observer.disconnect()
  }, [element])
  return width
}

export function MediaGrid({
  openGrant,
  rows,
  hrefOf,
  selectedKeys,
  selecting,
  busy,
  onToggle,
  onLongPress,
  onView,
  onShare,
  status,
}: MediaGridProps) {
  const router = useRouter()
  const { org, ref } = openGrant
  const gridRef = useRef<HTMLDivElement>(null)
  const width = useWidth(gridRef)
  const columns = gridColumns(width)
  const rowHeight = gridRowHeight(width, columns)
  const pictureHeight = Math.max(0, rowHeight - CARD_CAPTION_HEIGHT - CARD_GAP)
  const [activeIndex, setActiveIndex] = useState(0)
  const active = Math.min(activeIndex, Math.max(0, rows.length - 1))
  // Set when a key moves the current card: focus follows it once its row is rendered.
  const focusPending = useRef(false)

  useEffect(() => {
    if (!focusPending.current || !gridRef.current) return
    focusPending.current = false
    gridRef.current.querySelector<HTMLElement>(`[role="gridcell"][data-index="${active}"]`)?.focus()
  })

  function open(row: ListingRow) {
    if (row.kind === 'file') onView(row)
    else navigateRemembering(router, hrefOf(row))
  }

  function download(row: FileRow) {
    const refusal = refusalOf(org, 'download')
    if (refusal) return showAlert(refusal)
    void downloadFile(ref, { mediaId: row.media.media_id })
  }

  function menuOf(row: ListingRow): MoreItem[] {
    const select = {
      label: selectedKeys.has(row.key) ? 'Deselect' : 'Select',
      onPress: () => onToggle(row.key),
    }
    // A deleted file is no link's target.
    const share = onShare && !row.isDeleted ? [{ label: 'Share', onPress: () => onShare(row) }] : []
    if (row.kind === 'folder') return [{ label: 'Open', onPress: () => open(row) }, ...share, select]
    return [
      { label: 'View', onPress: () => onView(row) },
      { label: 'File Details', onPress: () => navigateRemembering(router, hrefOf(row)) },
      { label: 'Download', onPress: () => download(row) },
      ...share,
      select,
    ]
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const target = event.target as Element
    // The card's own controls (its menu, a clicked checkbox) keep their keys.
    if (event.altKey || target.closest('.more-menu, input')) return
    const row = rows[active]
    if (!row) return
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault()
      open(row)
      return
    }
    if (event.key === ' ') {
      event.preventDefault()
      onToggle(row.key, event.shiftKey)
      return
    }
    if (event.shiftKey) return
    const scroller = gridRef.current?.querySelector('.virtual-rows')
    const pageRows = Math.max(1, Math.floor((scroller?.clientHeight ?? 0) / rowHeight))
    const to = moveInCards(active, event, { count: rows.length, columns, pageRows })
    if (to === undefined) return
    event.preventDefault()
    focusPending.current = true
    setActiveIndex(to)
  }

  // A click or Tab into a card makes it the current one, so the keys go on from where the user is.
  function onFocus(event: React.FocusEvent<HTMLDivElement>) {
    const card = (event.target as Element).closest('[role="gridcell"]')
    const index = Number(card?.getAttribute('data-index'))
    if (card && Number.isInteger(index) && index !== active) setActiveIndex(index)
  }

  if (status)
    return (
      <div className="gallery gallery-status" aria-busy={busy}>
        {status}
      </div>
    )
  return (
    <div
      ref={gridRef}
      role="grid"
      aria-label="Files"
      aria-rowcount={gridRowCount(rows.length, columns)}
      aria-colcount={columns}
      aria-multiselectable="true"
      aria-busy={busy}
      className={selecting ? 'gallery selecting' : 'gallery'}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
      style={{ '--gallery-columns': columns } as React.CSSProperties}
    >
      <VirtualRows
        count={gridRowCount(rows.length, columns)}
        rowHeight={rowHeight}
        // A row above and below: the pictures asked for are those in view, and the next ones a scroll brings.
        overscan={1}
        keepIndex={Math.floor(active / columns)}
        renderRow={(rowIndex, style) => {
          const first = rowIndex * columns
          const cards = rows.slice(first, first + columns)
          return (
            <div
              key={`${rowIndex}:${columns}`}
              role="row"
              aria-rowindex={rowIndex + 1}
              className="gallery-row"
              style={style}
            >
              {cards.map((row, offset) => (
                <Card
                  key={row.key}
                  grant={ref}
                  row={row}
                  index={first + offset}
                  href={hrefOf(row)}
                  selected={selectedKeys.has(row.key)}
                  selecting={selecting}
                  active={first + offset === active}
                  pictureHeight={pictureHeight}
                  menu={menuOf(row)}
                  onToggle={(extend) => onToggle(row.key, extend)}
                  onLongPress={() => onLongPress(row.key)}
                  onOpen={() => open(row)}
                />
              ))}
            </div>
          )
        }}
      />
    </div>
  )
}
