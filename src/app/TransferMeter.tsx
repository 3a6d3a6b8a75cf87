// The progress bars and counts the transfer panel and the upload and download screens share: one overall bar
// with the bytes done of the total, the speed and the time left, a small bar for each file, and a download
// queue's counts. The speed is sampled here (transferRate.ts holds the arithmetic), once per queue for the
// whole tab, so the panel and a screen showing the same queue say the same speed, and a screen opened in the
// middle of a transfer knows it. When a run ends, its average speed (the bytes it moved over the time it
// took, as this tab saw it) stays on the line until the next run starts.
import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react'
import type { FileProgress, TransferProgress } from '../transfers/transferProgress.ts'
import type { TransferSummary } from '../transfers/summary.ts'
import {
  RATE_SAMPLE_MS,
  sampleRate,
  transferLine,
  type RateState,
  type RunAverage,
} from '../transfers/transferRate.ts'

const rates = new Map<string, RateState>()
/** Where each queue's run started, while it runs. */
const runStarts = new Map<string, { at: number; bytes: number }>()
/** Each queue's last run, once it ended; the hooks of every meter of the queue are told when it changes. */
const lastRuns = new Map<string, RunAverage>()
const runListeners = new Set<() => void>()

function setLastRun(name: string, run: RunAverage | undefined): void {
  if (lastRuns.get(name) === run) return
  if (run) lastRuns.set(name, run)
  else lastRuns.delete(name)
  for (const listener of runListeners) listener()
}

function subscribeToRuns(listener: () => void): () => void {
  runListeners.add(listener)
  return () => runListeners.delete(listener)
}

export interface TransferSpeed {
  /** The smoothed speed in bytes per second while the queue runs; null otherwise or not yet known. */
  rate: number | null
  /** The run that ended last, once the queue stopped; null while it runs. */
  run: RunAverage | null
}

/** The speed of the queue `name`: as it goes while it runs, and the average of its run once it ended. */
export function useTransferRate(name: string, bytesDone: number, running: boolean): TransferSpeed {
  const bytes = useRef(bytesDone)
  const [rate, setRate] = useState<number | null>(() => rates.get(name)?.rate ?? null)
  const run = useSyncExternalStore(subscribeToRuns, () => lastRuns.get(name) ?? null)
  useEffect(() => {
    bytes.current = bytesDone
  }, [bytesDone])
  useEffect(() => {
    const now = Date.now()
    if (!running) {
      // The next run measures afresh: a speed from an earlier run says nothing about it.
      rates.delete(name)
      // The panel and a screen watch the same queue: whichever sees the end first records the run.
      const start = runStarts.get(name)
      if (start) {
        runStarts.delete(name)
        setLastRun(name, { bytes: bytes.current - start.bytes, ms: now - start.at })
      }
      return
    }
    if (!runStarts.has(name)) runStarts.set(name, { at: now, bytes: bytes.current })
    setLastRun(name, undefined)
    const sample = () => {
      const next = sampleRate(rates.get(name) ?? null, bytes.current, Date.now())
      rates.set(name, next)
      setRate(next.rate)
    }
    sample()
    const timer = setInterval(sample, RATE_SAMPLE_MS)
    return () => clearInterval(timer)
  }, [name, running])
  return { rate: running ? rate : null, run: running ? null : run }
}

/** What a bar says to assistive technology: its percent and, where given, the bytes behind it. */
function ProgressBar({
  label,
  percent,
  valueText,
  state,
  className,
}: {
  label: string
  percent: number
  valueText: string
  state?: FileProgress['state']
  className?: string
}) {
  return (
    <progress
      className={className ? `transfer-bar ${className}` : 'transfer-bar'}
      max={100}
      value={percent}
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={valueText}
      data-state={state}
    />
  )
}

interface OverallProps {
  /** Names the queue: 'Uploads', 'Downloads'. */
  label: string
  progress: TransferProgress
  speed: TransferSpeed
  compact?: boolean
}

/**
 * The overall bar of a queue with its line: '84.0 MB of 200 MB · 5.2 MB/s · 23 s left', then the run's
 * average speed once it ended.
 */
export function OverallProgress({ label, progress, speed, compact }: OverallProps) {
  const line = transferLine({
    done: progress.bytes_done,
    total: progress.bytes_total,
    rate: speed.rate,
    running: progress.summary.running > 0,
    run: speed.run,
  })
  const failed = progress.summary.running === 0 && progress.summary.failed > 0
  return (
    <div className={compact ? 'transfer-overall compact' : 'transfer-overall'}>
      <div className="transfer-overall-bar">
        <ProgressBar
          label={`${label} overall`}
          percent={progress.percent}
          valueText={`${progress.percent}%, ${line}`}
          state={failed ? 'failed' : progress.percent === 100 ? 'done' : 'active'}
        />
        <span className="transfer-percent">{progress.percent}%</span>
      </div>
      <p className="transfer-line">{line}</p>
    </div>
  )
}

/** A file's bar, for a table's status cell: the bar, then the status as the specification words it. */
export function FileProgressBar({ file, children }: { file: FileProgress; children?: ReactNode }) {
  return (
    <span className="transfer-file-status">
      <ProgressBar
        label={`${file.name} progress`}
        percent={file.percent}
        valueText={`${file.percent}%, ${file.status_text}`}
        state={file.state}
        className="small"
      />
      <span>{children ?? file.status_text}</span>
    </span>
  )
}

/**
 * A download queue's counts in the specification's words (Succeeded, Skipped, Failed), as a description
 * list; what comes before them (the console's Status) is given as children.
 */
export function DownloadCounts({
  summary,
  className,
  children,
}: {
  summary: Pick<TransferSummary, 'succeeded' | 'skipped' | 'failed'>
  className?: string
  children?: ReactNode
}) {
  return (
    <dl className={className ? `transfer-summary ${className}` : 'transfer-summary'} aria-label="Summary">
      {children}
      <div>
        <dt>Succeeded</dt>
        <dd>{summary.succeeded}</dd>
      </div>
      <div>
        <dt>Skipped</dt>
        <dd>{summary.skipped}</dd>
      </div>
      <div>
        <dt>Failed</dt>
        <dd>{summary.failed}</dd>
      </div>
    </dl>
  )
}
