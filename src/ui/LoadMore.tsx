// Load More under a paged table (a volume's file events, the admins' changes): shown while older pages
// remain; busy while one is on its way.
export interface Pagination {
  hasMore: boolean
  loadingMore: boolean
  onLoadMore: () => void
}

export function LoadMore({ hasMore, loadingMore, onLoadMore }: Pagination) {
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
