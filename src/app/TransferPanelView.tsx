// The transfer panel (mounted by TransferPanel.tsx): while uploads or downloads run, and after they end until
// dismissed, every signed-in screen shows them in a small panel (the bottom-right corner on a desk, a bottom
// sheet under 600px): one overall bar per queue with bytes done of the total, speed and time left, a bar for
// each of the few files moving (then how many more), and a link to the queue's full screen. It collapses to
// one line. The screen of a queue shows that queue itself, so there the panel leaves it out.
//
// It reads the queues this tab has joined (liveQueues.ts) and changes nothing in them. It never takes focus;
// while shown, a spacer as tall as the panel ends the main column so that the panel covers no content.
import { useQuery } from '@tanstack/react-query'
import { useRouter, useRouterState, type HistoryState } from '@tanstack/react-router'
import { useId, useRef, useState, type MouseEvent } from 'react'
import { mediaGrantQueries } from '../api/mediaGrants.ts'
import { areaHref, parentDirectory } from '../lib/filePaths.ts'
import { isLinkDownload, type DownloadQueue } from '../transfers/downloadModel.ts'
import { useLiveQueue, type QueueName } from '../transfers/liveQueues.ts'
import {
  downloadProgress,
  filesToShow,
  percentOf,
  uploadProgress,
  type FileProgress,
  type TransferProgress,
} from '../transfers/transferProgress.ts'
import type { UploadQueue } from '../transfers/uploadModel.ts'
import { navigateRemembering } from './navigation.ts'
import { CONTENT_ID } from './AppFrame.tsx'
import { OverallProgress, useTransferRate, type TransferSpeed } from './TransferMeter.tsx'
import { useCoveredHeight } from '../ui/useCoveredHeight.ts'

/** Files with a bar of their own in the panel; the others are counted. */
const FILES_SHOWN = 3
/** Where the panel becomes a bottom sheet, collapsed at first (src/styles/transfers.css uses the same). */
const PHONE = '(max-width: 600px)'

/**
 * Items the user dismissed once they were over: the panel shows again when others come. Kept for the tab's
 * session, so a reload does not bring back what was dismissed (finished items stay in the queue until the
 * upload or download screen is closed).
 */
const DISMISSED_KEY = 'transfer-panel-dismissed'

function readDismissed(): Set<string> {
  try {
    const ids: unknown = JSON.parse(sessionStorage.getItem(DISMISSED_KEY) ?? '[]')
    return new Set(Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [])
  } catch {
    return new Set() // storage refused, or not ours to read
  }
}

const dismissed = readDismissed()

/** Dismisses `ids`; of the items dismissed before, only those still queued are kept. */
function dismissItems(ids: string[], queued: ReadonlySet<string>): void {
  const kept = [...dismissed].filter((id) => queued.has(id))
  dismissed.clear()
  for (const id of [...kept, ...ids]) dismissed.add(id)
  try {
    sessionStorage.setItem(DISMISSED_KEY, JSON.stringify([...dismissed]))
  } catch {
    // Not kept past this page: the panel may show the finished items again after a reload.
  }
}
/** The user's choice of expanded or collapsed, kept for the tab while it navigates. */
let expandedChoice: boolean | undefined

interface Where {
  orgId: number
  grantId: number
  /** The directory in the container the link opens. */
  directory: string
}

/** The full screen of a queue: the upload screen of its first file's target, the download screen. */
function useScreenHref(name: QueueName, where: Where | undefined): string | undefined {
  const grants = useQuery({ ...mediaGrantQueries.list(where?.orgId), enabled: where !== undefined })
  const grant = grants.data?.find((each) => each.media_grant_id === where?.grantId)
  if (!where || !grant) return undefined
  return areaHref(name === 'uploads' ? 'upload' : 'download', grant.grant_name, where.directory)
}

function uploadWhere(queue: UploadQueue): Where | undefined {
  const first = queue.items[0]
  if (!first) return undefined
  const parent = parentDirectory(first.media_path)
  // The file's folder under the upload's target (a picked folder) is not part of the target.
  const folder = first.folder ? `${first.folder}/` : ''
  const directory = folder && parent.endsWith(folder) ? parent.slice(0, -folder.length) || '/' : parent
  return { orgId: first.org_id, grantId: first.media_grant_id, directory }
}

function downloadWhere(queue: DownloadQueue): Where | undefined {
  const first = queue.items[0]
  // The console's queue holds only its members' downloads; a link's (a queue of its own) has no screen here.
  if (!first || isLinkDownload(first)) return undefined
  return { orgId: first.org_id, grantId: first.media_grant_id, directory: '/' }
}

/** A link in the app that carries history state (the download screen shows its queue only with it). */
function ScreenLink({ href, state, children }: { href: string; state?: HistoryState; children: string }) {
  const router = useRouter()
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    navigateRemembering(router, href, state)
  }
  return (
    <a className="transfer-screen-link" href={href} onClick={onClick}>
      {children}
    </a>
  )
}

function FileRow({ file }: { file: FileProgress }) {
  return (
    <li className="transfer-file" data-state={file.state}>
      <span className="transfer-file-name" title={file.name}>
        {file.name}
      </span>
      <progress
        className="transfer-bar small"
        max={100}
        value={file.percent}
        aria-label={`${file.name} progress`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={file.percent}
        aria-valuetext={`${file.percent}%, ${file.status_text}`}
        data-state={file.state}
      />
      <span className="transfer-file-status-text">{file.status_text}</span>
    </li>
  )
}

interface QueueSectionProps {
  name: QueueName
  progress: TransferProgress
  speed: TransferSpeed
  href: string | undefined
}

const TITLES: Record<QueueName, { title: string; link: string }> = {
  uploads: { title: 'Uploads', link: 'Open Uploads' },
  downloads: { title: 'Downloads', link: 'Open Downloads' },
}

function QueueSection({ name, progress, speed, href }: QueueSectionProps) {
  const headingId = useId()
  const { shown, more } = filesToShow(progress.files, FILES_SHOWN)
  const { title, link } = TITLES[name]
  return (
    <section className="transfer-queue" aria-labelledby={headingId} data-queue={name}>
      <div className="transfer-queue-head">
        <h3 id={headingId}>{title}</h3>
        <span className="transfer-queue-state">{progress.summary.text}</span>
        {href ? (
          <ScreenLink
            href={href}
            state={name === 'downloads' ? { download_list: [], download_started: true } : undefined}
          >
            {link}
          </ScreenLink>
        ) : null}
      </div>
      <OverallProgress label={title} progress={progress} speed={speed} compact />
      <ul className="transfer-files" aria-label={`${title} files`}>
        {shown.map((file) => (
          <FileRow key={file.id} file={file} />
        ))}
      </ul>
      {more > 0 ? (
        <p className="transfer-more">
          and {more} more {more === 1 ? 'file' : 'files'}
        </p>
      ) : null}
    </section>
  )
}

interface ShownQueue {
  name: QueueName
  progress: TransferProgress
  where: Where | undefined
}

/** A queue the panel shows: joined here, holding items not all dismissed, and not on its own screen. */
function shownQueue<Q extends UploadQueue | DownloadQueue>(
  name: QueueName,
  queue: Q | undefined,
  onItsScreen: boolean,
  select: (queue: Q) => TransferProgress,
  whereOf: (queue: Q) => Where | undefined,
): ShownQueue | undefined {
  if (!queue || onItsScreen || queue.items.length === 0) return undefined
  if (queue.items.every((item) => dismissed.has(item.id))) return undefined
  return { name, progress: select(queue), where: whereOf(queue) }
}

function Section({ shown }: { shown: ShownQueue }) {
  const { name, progress, where } = shown
  const speed = useTransferRate(name, progress.bytes_done, progress.summary.running > 0)
  const href = useScreenHref(name, where)
  return <QueueSection name={name} progress={progress} speed={speed} href={href} />
}

export default function TransferPanelView() {
  const uploads = useLiveQueue('uploads')
  const downloads = useLiveQueue('downloads')
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const [, setDismissals] = useState(0)
  const [expanded, setExpanded] = useState(
    () => expandedChoice ?? !(typeof window.matchMedia === 'function' && window.matchMedia(PHONE).matches),
  )
  const panel = useRef<HTMLElement>(null)
  const titleId = useId()
  const bodyId = useId()

  const queues = [
    shownQueue('uploads', uploads, pathname.startsWith('/upload/'), uploadProgress, uploadWhere),
    shownQueue('downloads', downloads, pathname.startsWith('/download/'), downloadProgress, downloadWhere),
  ].filter((each): each is ShownQueue => each !== undefined)

  const covered = useCoveredHeight(panel, queues.length > 0)

  if (queues.length === 0) return null

  const running = queues.reduce((sum, each) => sum + each.progress.summary.running, 0)
  const failed = queues.reduce((sum, each) => sum + each.progress.summary.failed, 0)
  const done = queues.reduce((sum, each) => sum + each.progress.bytes_done, 0)
  const total = queues.reduce((sum, each) => sum + each.progress.bytes_total, 0)
  const percent = percentOf(done, total)
  const headline =
    running > 0
      ? `${running} ${running === 1 ? 'file' : 'files'} to go`
      : failed > 0
        ? `Done - ${failed} Failed`
        : 'All done'

  const toggle = () => {
    expandedChoice = !expanded
    setExpanded(!expanded)
  }

  const dismiss = () => {
    const hadFocus = panel.current?.contains(document.activeElement) ?? false
    const queueOf = (name: QueueName) => (name === 'uploads' ? uploads : downloads)?.items ?? []
    const queued = new Set([...queueOf('uploads'), ...queueOf('downloads')].map((item) => item.id))
    const shownIds = queues.flatMap(({ name }) => queueOf(name).map((item) => item.id))
    dismissItems(shownIds, queued)
    setDismissals((count) => count + 1)
    // The button goes with the panel: focus goes on to the page rather than be lost to the document.
    if (hadFocus) document.getElementById(CONTENT_ID)?.focus()
  }

  return (
    <>
      <div className="transfer-panel-spacer" aria-hidden="true" style={{ height: covered }} />
      <section
        ref={panel}
        className={expanded ? 'transfer-panel' : 'transfer-panel collapsed'}
        aria-labelledby={titleId}
      >
        <div className="transfer-panel-head">
          <h2 id={titleId}>Transfers</h2>
          <progress
            className="transfer-bar"
            max={100}
            value={percent}
            aria-label="All transfers"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={`${percent}%, ${headline}`}
            data-state={running === 0 && failed > 0 ? 'failed' : percent === 100 ? 'done' : 'active'}
          />
          <span className="transfer-panel-headline">
            {percent}% <span className="transfer-panel-words">· {headline}</span>
          </span>
          {running === 0 ? (
            <button type="button" className="button secondary transfer-dismiss" onClick={dismiss}>
              Dismiss
            </button>
          ) : null}
          <button
            type="button"
            className="icon-button transfer-toggle"
            aria-expanded={expanded}
            aria-controls={bodyId}
            aria-label="Transfer details"
            onClick={toggle}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="M6 15l6-6 6 6" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
          </button>
        </div>
        <div className="transfer-panel-body" id={bodyId} hidden={!expanded}>
          {queues.map((shown) => (
            <Section key={shown.name} shown={shown} />
          ))}
        </div>
      </section>
    </>
  )
}
