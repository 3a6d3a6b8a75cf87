import { areaHref, breadcrumbs } from '../../../lib/filePaths.ts'
import { AppLink } from '../../../ui/AppLink.tsx'

/** The container and each directory down to `directory`; the last one is where the user is. */
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
  return (
    <nav aria-label="Path" className="breadcrumbs">
      <ol>
        {crumbs.map((crumb, index) => (
          <li key={crumb.path}>
            {index === crumbs.length - 1 && leaf === undefined ? (
              <span aria-current="page">{crumb.label}</span>
            ) : (
              <AppLink href={areaHref('home', grantName, crumb.path)}>{crumb.label}</AppLink>
            )}
          </li>
        ))}
        {leaf !== undefined ? (
          <li>
            <span aria-current="page">{leaf}</span>
          </li>
        ) : null}
      </ol>
    </nav>
  )
}
