// The visitor's downloads on a share link's page, in the console's transfer panel (bottom-right on a desk,
// a bottom sheet on a phone): the summary in the specification's words (Status, Succeeded, Skipped,
// Failed), the overall bar with speed and time left, each file with its bar, status and error, Retry while
// a failure may pass on another try, and Cancel while it runs (Close once done), which empties the queue.
// There is no download screen outside the console, so the panel holds all of it. It joins the queue once
// the page is idle, so downloads left by a reload resume; it never takes focus.
import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react'
import {
  DownloadCounts,
  FileProgressBar,
  OverallProgress,
  useTransferRate,
} from '../../app/TransferMeter.tsx'
import { whenIdle } from '../../lib/idle.ts'
import { downloadStatusText, downloadSummary, type DownloadQueue } from '../../transfers/downloadModel.ts'
import type { LinkDownloadManager } from '../../transfers/linkDownloads.ts'
import { downloadProgress } from '../../transfers/transferProgress.ts'
import { joinLinkDownloads, useJoinedLinkDownloads } from './shareDownloads.ts'
import { AllowDirectoryAccess } from '../../app/AllowDirectoryAccess.tsx'
import { useCoveredHeight } from '../../ui/useCoveredHeight.ts'
import { LINK_TRANSFERS_DB_NAME } from '../../transfers/queueDatabases.ts'

/** The queue is joined once the page is idle, or this long after it at the latest (as the console's). */
const JOIN_IDLE_TIMEOUT_MS = 2_000
/** Where the panel becomes a bottom sheet, collapsed at first (src/styles/transfers.css uses the same). */
const PHONE = '(max-width: 600px)'

export function ShareDownloadsPanel() {
  const manager = useJoinedLinkDownloads()
  useEffect(
    () =>
      whenIdle(() => {
        joinLinkDownloads().catch((error: unknown) =>
          console.warn('the download queue could not be joined', error),
        )
      }, JOIN_IDLE_TIMEOUT_MS),
    [],
  )
  return manager ? <Panel manager={manager} /> : null
}

function Panel({ manager }: { manager: LinkDownloadManager }) {
  const { queue } = useSyncExternalStore(manager.subscribe, manager.getSnapshot)
  const summary = downloadSummary(queue)
  const progress = downloadProgress(queue)
  const speed = useTransferRate('link_downloads', progress.bytes_done, summary.running > 0)
  const [expanded, setExpanded] = useState(
    () => !(typeof window.matchMedia === 'function' && window.matchMedia(PHONE).matches),
  )
  const panel = useRef<HTMLElement>(null)
  const shown = queue.items.length > 0
  const covered = useCoveredHeight(panel, shown)
  const titleId = useId()
  const bodyId = useId()
  if (!shown) return null
  return (
    <>
      <div className="transfer-panel-spacer" aria-hidden="true" style={{ height: covered }} />
      <section
        ref={panel}
        className={`transfer-panel share-transfer-panel${expanded ? '' : ' collapsed'}`}
        aria-labelledby={titleId}
      >
        <div className="transfer-panel-head">
          <h2 id={titleId}>Downloads</h2>
          <span className="transfer-panel-headline">
            {progress.percent}% · <span role="status">{summary.text}</span>
          </span>
          <button
            type="button"
            className="icon-button transfer-toggle"
            aria-expanded={expanded}
            aria-controls={bodyId}
            aria-label="Download details"
            onClick={() => setExpanded(!expanded)}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="M6 15l6-6 6 6" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
          </button>
        </div>
        <div className="transfer-panel-body" id={bodyId} hidden={!expanded}>
          <QueueBody queue={queue} manager={manager} progress={progress} speed={speed} />
        </div>
      </section>
    </>
  )
}

interface BodyProps {
  queue: DownloadQueue
  manager: LinkDownloadManager
  progress: ReturnType<typeof downloadProgress>
  speed: ReturnType<typeof useTransferRate>
}

function QueueBody({ queue, manager, progress, speed }: BodyProps) {
  const summary = progress.summary
  const files = new Map(progress.files.map((file) => [file.id, file]))
  return (
    <>
      <DownloadCounts summary={summary} className="share-transfer-summary" />
      <OverallProgress label="Downloads" progress={progress} speed={speed} compact />
      {queue.needs_access.length > 0 ? (
        <AllowDirectoryAccess
          names={queue.needs_access}
          manager={manager}
          databaseName={LINK_TRANSFERS_DB_NAME}
          className="share-transfer-access"
        />
      ) : null}
      <ul className="share-transfer-files" aria-label="Downloads files">
        {queue.items.map((item) => {
          const file = files.get(item.id)
          return (
            <li key={item.id} className="share-transfer-file" data-state={file?.state}>
              <span className="share-transfer-name" title={item.path}>
                {item.path}
              </span>
              {file ? (
                <FileProgressBar file={file}>{downloadStatusText(item)}</FileProgressBar>
              ) : (
                <span>{downloadStatusText(item)}</span>
              )}
              {item.error ? <span className="transfer-error share-transfer-error">{item.error}</span> : null}
            </li>
          )
        })}
      </ul>
      <div className="share-transfer-actions">
        {summary.show_retry ? (
          <button type="button" className="button" onClick={() => manager.send({ type: 'retry' })}>
            Retry
          </button>
        ) : null}
        <button type="button" className="button secondary" onClick={() => manager.send({ type: 'close' })}>
          {summary.running > 0 ? 'Cancel' : 'Close'}
        </button>
      </div>
    </>
  )
}
