// Skeletons: the shape of what is loading (a heading, rows of a list) in grey blocks, so that a screen on
// its way looks like the screen rather than a line of 'Loading…'. The blocks are hidden from assistive
// technology; one visually hidden line says that the content is loading.

export type SkeletonShape = 'line' | 'heading'

export function Skeleton({ shape = 'line' }: { shape?: SkeletonShape }) {
  return (
    <span className={shape === 'heading' ? 'skeleton skeleton-heading' : 'skeleton'} aria-hidden="true" />
  )
}

/** Rows of a table or list: three cells each, of falling widths. */
export function ListSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <div className="skeleton-list" role="status">
      <span className="visually-hidden">Loading…</span>
      {Array.from({ length: rows }, (_, row) => (
        <div className="skeleton-row" key={row} aria-hidden="true">
          <Skeleton />
          <Skeleton />
          <Skeleton />
        </div>
      ))}
    </div>
  )
}

/** A screen while its route loads (the router's default pending component): a heading bar and list rows. */
export function PageSkeleton() {
  return (
    <main className="page skeleton-page" aria-busy="true">
      <Skeleton shape="heading" />
      <ListSkeleton rows={6} />
    </main>
  )
}
