import { Fragment } from 'react'
import { areaHref, breadcrumbs } from '../../../lib/filePaths.ts'
import { AppLink } from '../../../ui/AppLink.tsx'

/**
 * The container and each directory down to `directory`; the last one is where the user is. One line: each
 * item is clipped with an ellipsis (its whole name in its title); on a phone the crumbs between the
 * container and the last two fold into '…' (src/styles/breadcrumbs.css), the full path being in a file's
 * properties and one tap up the path.
 */
export function Breadcrumbs({
  grantName,
  directory,
  leaf,
}: {
  grantName: string
  directory: string
  /** A file's name, shown after its directory. */
  leaf?: string
}) {
  const crumbs = breadcrumbs(grantName, directory)
  const count = crumbs.length + (leaf === undefined ? 0 : 1)
  // Kept on a phone: the container (0) and the last two items.
  const folded = (index: number) => index > 0 && index < count - 2
  return (
    <nav aria-label="Path" className="breadcrumbs">
      <ol>
        {crumbs.map((crumb, index) => (
          <Fragment key={crumb.path}>
            {/* Where the folded crumbs are, for the eye only (screen readers read them all). */}
            {index === 1 && folded(1) ? (
              <li className="crumb-fold" aria-hidden="true">
                …
              </li>
            ) : null}
            <li className={folded(index) ? 'crumb-folded' : undefined} title={crumb.label}>
              {index === crumbs.length - 1 && leaf === undefined ? (
                <span aria-current="page">{crumb.label}</span>
              ) : (
                <AppLink href={areaHref('home', grantName, crumb.path)}>{crumb.label}</AppLink>
              )}
            </li>
          </Fragment>
        ))}
        {leaf !== undefined ? (
          <li title={leaf}>
            <span aria-current="page">{leaf}</span>
          </li>
        ) : null}
      </ol>
    </nav>
  )
}
