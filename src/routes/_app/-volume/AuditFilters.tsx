// The volume audit's filters: a path search, a user, the first and last day; Clear Filters; and Export CSV,
// which downloads every event the filters keep (not only the pages shown).
import { useQuery } from '@tanstack/react-query'
import { volumeAuditExportUrl } from '../../../api/audit.ts'
import { orgUserQueries } from '../../../api/orgUsers.ts'
import { SelectField, TextField } from '../../../ui/Field.tsx'
import { SearchField } from '../../../ui/ListToolbar.tsx'
import { auditFilterOf, isFiltered, type AuditSearch } from './auditFilter.ts'
import { saveUrl } from '../../../lib/saveAs.ts'

/** Typing a path asks the server once the admin pauses. */
const PATH_SEARCH_DELAY_MS = 300

export interface AuditFiltersProps {
  orgId: number
  volumeId: number
  search: AuditSearch
  onChange: (change: Partial<AuditSearch>) => void
  onClear: () => void
}

export function AuditFilters({ orgId, volumeId, search, onChange, onClear }: AuditFiltersProps) {
  // The users only name the User choice: the audit shows without them, and the choice fills when they come.
  const users = useQuery(orgUserQueries.list(orgId)).data ?? []
  const userOptions = [
    { value: '', label: 'All users' },
    ...[...users]
      .sort((a, b) => a.email.localeCompare(b.email))
      .map((user) => ({ value: String(user.user_id), label: user.user_name || user.email })),
  ]
  return (
    <div className="audit-filters">
      <SearchField
        label="Search paths"
        value={search.path}
        delayMs={PATH_SEARCH_DELAY_MS}
        onSearch={(path) => onChange({ path })}
      />
      <SelectField
        label="User"
        value={search.user === undefined ? '' : String(search.user)}
        options={userOptions}
        onChange={(value) => onChange({ user: value === '' ? undefined : Number(value) })}
      />
      <TextField
        label="From"
        type="date"
        value={search.from ?? ''}
        max={search.to}
        onChange={(value) => onChange({ from: value === '' ? undefined : value })}
      />
      <TextField
        label="To"
        type="date"
        value={search.to ?? ''}
        min={search.from}
        onChange={(value) => onChange({ to: value === '' ? undefined : value })}
      />
      <div className="audit-filters-actions">
        {isFiltered(search) ? (
          <button type="button" className="button secondary" onClick={onClear}>
            Clear Filters
          </button>
        ) : null}
        <button
          type="button"
          className="button secondary"
          onClick={() => saveUrl(volumeAuditExportUrl(orgId, volumeId, auditFilterOf(search)))}
        >
          Export CSV
        </button>
      </div>
    </div>
  )
}
