// Beyond the spec (issue 12): before an admin saves retention settings, what they would purge over the
// next 30 days, by the server's reckoning of the volume's deleted files and older versions: how many, how
// much, and the first to go with the day each goes. Read out politely as it changes, after typing pauses.
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { volumeQueries, type RetentionPreviewRequest } from '../../../api/volumes.ts'
import { formatBytes } from '../../../lib/format.ts'
import { messageFor } from '../../../lib/messages.ts'
import { useDebouncedValue } from '../../../lib/useDebouncedValue.ts'
import { CalendarDay } from '../../../ui/DateTime.tsx'
import { Table, type Column } from '../../../ui/Table.tsx'
import { purgeDateText, purgeReasonText, purgeSummaryText } from './retentionPreviewText.ts'
import type { PurgeItem } from '../../../../server/contract/retention.ts'

/** How long editing must pause before the server is asked. */
export const RETENTION_PREVIEW_DEBOUNCE_MS = 300

const COLUMNS: ReadonlyArray<Column<PurgeItem>> = [
  {
    key: 'path',
    header: 'File',
    rowHeader: true,
    className: 'cell-path',
    ellipsis: true,
    render: (item) => item.media_path,
  },
  { key: 'size', header: 'Size', render: (item) => formatBytes(item.file_size) },
  { key: 'why', header: 'What', render: purgeReasonText },
  { key: 'when', header: 'Purged On', render: (item) => <CalendarDay day={purgeDateText(item)} /> },
]

export function RetentionPreview({
  orgId,
  volumeId,
  settings,
}: {
  orgId: number
  volumeId: number
  /** The retention settings as edited; undefined while a field does not hold a valid value. */
  settings: Required<RetentionPreviewRequest> | undefined
}) {
  // Settled by value, not by object: the form makes a new settings object at every render.
  const settledText = useDebouncedValue(settings && JSON.stringify(settings), RETENTION_PREVIEW_DEBOUNCE_MS)
  const settled = settledText === undefined ? undefined : (JSON.parse(settledText) as RetentionPreviewRequest)
  const { data, error } = useQuery({
    ...volumeQueries.retentionPreview(orgId, volumeId, settled ?? {}),
    enabled: settled !== undefined,
    retry: false,
    placeholderData: keepPreviousData,
  })
  return (
    <section
      className="retention-preview"
      role="status"
      aria-live="polite"
      aria-label="What these settings purge"
    >
      {settings === undefined ? null : error ? (
        <p className="form-error">{messageFor('retention_preview', error)}</p>
      ) : !data ? (
        <p className="hint">Checking what these settings would purge…</p>
      ) : (
        <>
          <p>{purgeSummaryText(data)}</p>
          {data.file_list.length > 0 ? (
            <Table
              label="Files these settings purge"
              columns={COLUMNS}
              rows={data.file_list}
              rowKey={(item, index) => `${item.media_path}-${item.reason}-${index}`}
              empty=""
            />
          ) : null}
        </>
      )}
    </section>
  )
}
