// Beyond the spec (issue 10; users of Nextcloud group folders lost files to overlapping folders,
// nextcloud/groupfolders#138): while an admin types a container's prefix, what that prefix would overlap,
// the containers nested in it, containing it or on the same path, and the files and bytes already under
// it. Overlaps are allowed (the server does not refuse them); the point is that none comes as a surprise.
// The answer is read out politely as it changes, after the admin pauses typing.
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { mediaGrantQueries } from '../../../api/mediaGrants.ts'
import { OVERLAP_RELATION_TEXT, filesUnderText } from '../../../lib/grants.ts'
import { messageFor } from '../../../lib/messages.ts'
import { useDebouncedValue } from '../../../lib/useDebouncedValue.ts'

/** How long typing must pause before the server is asked. */
export const OVERLAP_DEBOUNCE_MS = 300

export interface OverlapPreviewProps {
  orgId: number
  /** The volume the prefix is in; nothing is asked without one. */
  volumeId: number | undefined
  /** The prefix as typed; nothing is asked while it is empty. */
  prefixPath: string
  /** The container being edited, left out of its own overlaps. */
  mediaGrantId?: number
}

export function OverlapPreview({ orgId, volumeId, prefixPath, mediaGrantId }: OverlapPreviewProps) {
  const typed = prefixPath.trim()
  const settled = useDebouncedValue(typed, OVERLAP_DEBOUNCE_MS)
  const asking = volumeId !== undefined && typed !== '' && settled !== ''
  const { data, error } = useQuery({
    ...mediaGrantQueries.overlap(orgId, {
      volume_id: volumeId ?? 0,
      prefix_path: settled,
      ...(mediaGrantId === undefined ? {} : { media_grant_id: mediaGrantId }),
    }),
    enabled: asking,
    retry: false,
    // While the next answer is on its way the last one stays, so the region does not flicker.
    placeholderData: keepPreviousData,
  })
  return (
    <div className="overlap-preview" role="status" aria-live="polite" aria-label="Overlap">
      {!asking ? null : error ? (
        <p className="form-error">{messageFor('grant_overlap', error)}</p>
      ) : !data ? (
        <p className="hint">Checking what this path overlaps…</p>
      ) : (
        <>
          <p>
            Stored as <code>{data.prefix_path}</code>.
          </p>
          {data.overlap_list.length === 0 ? (
            <p>No other container overlaps this path.</p>
          ) : (
            <ul aria-label="Overlapping containers">
              {data.overlap_list.map((overlap) => (
                <li key={overlap.media_grant_id}>
                  <strong>{overlap.grant_name}</strong> <code>{overlap.prefix_path}</code>:{' '}
                  {OVERLAP_RELATION_TEXT[overlap.relation]}
                </li>
              ))}
            </ul>
          )}
          <p>{filesUnderText(data)}</p>
        </>
      )}
    </div>
  )
}
