// The overall line both queues show (specification 000, section 4): Running while any item may still move,
// then Success, or 'Done - N Failed'. Retry is offered only when some failure is not fatal, that is when
// failures exceed fatal ones: retrying a fatal failure could only fail the same way.
import { SUMMARY_RUNNING, SUMMARY_SUCCESS, summaryDoneText } from './limits.ts'

export interface SummaryCounts {
  running: number
  failed: number
  fatal: number
}

export function summaryText({ running, failed }: SummaryCounts): string {
  if (running > 0) return SUMMARY_RUNNING
  return failed > 0 ? summaryDoneText(failed) : SUMMARY_SUCCESS
}

export function showsRetry({ running, failed, fatal }: SummaryCounts): boolean {
  return running === 0 && failed > fatal
}

/** What the summary needs of an item of either queue. */
export interface SummarizedItem {
  status: string
  fatal: boolean
  skip: boolean
}

export function countItems(items: readonly SummarizedItem[]): SummaryCounts {
  let running = 0
  let failed = 0
  let fatal = 0
  for (const item of items) {
    if (item.status === 'error') {
      failed++
      if (item.fatal) fatal++
    } else if (item.status !== 'done') running++
  }
  return { running, failed, fatal }
}

export interface TransferSummary extends SummaryCounts {
  text: string
  succeeded: number
  skipped: number
  show_retry: boolean
}

/**
 * The summary of a queue. Uploads count a skip (the content is in the cloud already) as a success; the
 * download screen shows Succeeded and Skipped apart.
 */
export function summarize(
  items: readonly SummarizedItem[],
  { skipIsSuccess }: { skipIsSuccess: boolean },
): TransferSummary {
  const counts = countItems(items)
  const done = items.filter((item) => item.status === 'done')
  const skipped = done.filter((item) => item.skip).length
  return {
    ...counts,
    text: summaryText(counts),
    succeeded: skipIsSuccess ? done.length : done.length - skipped,
    skipped,
    show_retry: showsRetry(counts),
  }
}
