// The words of the retention preview (RetentionPreview.tsx).
import type { PurgeItem, RetentionPreviewResponse } from '../../../../server/contract/retention.ts'
import { formatBytes } from '../../../lib/format.ts'

const files = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'file' : 'files'}`

export function purgeSummaryText(preview: RetentionPreviewResponse): string {
  if (preview.file_count === 0) return `Over the next ${preview.days} days these settings purge nothing.`
  const shown = preview.file_list.length
  const more = preview.file_count > shown ? ` The first ${shown} are listed.` : ''
  return `Over the next ${preview.days} days these settings purge ${files(preview.file_count)} (${formatBytes(preview.bytes)}).${more}`
}

export function purgeReasonText(item: PurgeItem): string {
  return item.reason === 'deleted' ? 'Deleted file' : 'Older version'
}

/** The day whose daily run takes it: the UTC day its time runs out (the runs go by UTC days). */
export function purgeDateText(item: PurgeItem): string {
  return item.expires_at.slice(0, 10)
}
