// Load More under a paged table (a volume's changes), the same button AuditTable shows under its events.
import type { AuditPagination } from '../../../ui/AuditTable.tsx'

export function LoadMore({ hasMore, loadingMore, onLoadMore }: AuditPagination) {
  if (!hasMore) return null
  return (
    <div className="table-more">
      <button
        type="button"
        className="button secondary"
        disabled={loadingMore}
        aria-busy={loadingMore}
        onClick={onLoadMore}
      >
        Load More
      </button>
    </div>
  )
}
