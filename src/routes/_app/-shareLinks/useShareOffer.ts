// Whether a file screen offers Share: the member may download from the container (src/lib/fileCapabilities.ts)
// and the organization has links on. Not suspending: the listing must not wait for the settings, and a
// failure to read them only leaves Share out.
import { useQuery } from '@tanstack/react-query'
import { shareLinkQueries, type ShareLinkSettings } from '../../../api/shareLinks.ts'
import type { OrgListItem } from '../../../api/user.ts'
import { refusalOf } from '../../../lib/fileCapabilities.ts'

/** The organization's settings when Share is offered to this member; undefined otherwise. */
export function useShareOffer(org: OrgListItem): ShareLinkSettings | undefined {
  const mayShare = refusalOf(org, 'share') === undefined
  const { data } = useQuery({ ...shareLinkQueries.settings(org.org_id), enabled: mayShare })
  return mayShare && data?.share_links_enabled ? data : undefined
}
