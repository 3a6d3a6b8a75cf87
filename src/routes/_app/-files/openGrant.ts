// Which container a file screen shows: the grant of that name among those the user holds in the current
// organization. None of that name means no access.
import { useSuspenseQuery } from '@tanstack/react-query'
import { useLocation } from '@tanstack/react-router'
import type { GrantRef } from '../../../api/media.ts'
import { mediaGrantQueries, type MediaGrant } from '../../../api/mediaGrants.ts'
import { useSession } from '../../../app/session.ts'
import type { OrgListItem } from '../../../api/user.ts'
import { findGrant, parseAreaPath } from '../../../lib/filePaths.ts'

export interface OpenGrant {
  org: OrgListItem
  grant: MediaGrant
  ref: GrantRef
}

/** The container named in the address, or undefined when the user does not hold it. */
export function useOpenGrant(grantName: string): OpenGrant | undefined {
  const { currentOrg } = useSession()
  const { data: grants } = useSuspenseQuery(mediaGrantQueries.list(currentOrg?.org_id))
  const grant = findGrant(grants, grantName)
  if (!currentOrg || !grant) return undefined
  return { org: currentOrg, grant, ref: { orgId: currentOrg.org_id, mediaGrantId: grant.media_grant_id } }
}

export interface OpenGrantDirectory {
  openGrant: OpenGrant | undefined
  /** The directory the address names, ending in '/': a path without its trailing '/' still names it. */
  directory: string
}

/** The container and directory of a screen that works in one directory (create folder, upload). */
export function useOpenGrantDirectory(): OpenGrantDirectory {
  const pathname = useLocation({ select: (location) => location.pathname })
  const where = parseAreaPath(pathname) ?? { grantName: '', path: '/' }
  const openGrant = useOpenGrant(where.grantName)
  const directory = where.path.endsWith('/') ? where.path : `${where.path}/`
  return { openGrant, directory }
}
