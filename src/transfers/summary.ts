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
