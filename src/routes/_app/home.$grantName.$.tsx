// The file browser (specification 000, section 2): /home/{grant_name}/a/b/ lists a directory, and a path
// without the trailing '/' shows that file. A file its directory does not hold, or (to an admin) a
// container that does not exist, is 'Page not found', shown inside the layout (src/routes/_app/route.tsx).
// Files and folders dropped on a directory's listing upload into it (./-files/DropUpload.tsx).
import { onlineManager } from '@tanstack/react-query'
import { createFileRoute, notFound, useLocation } from '@tanstack/react-router'
import { mediaQueries } from '../../api/media.ts'
import { mediaGrantQueries } from '../../api/mediaGrants.ts'
import { useSession } from '../../app/session.ts'
import { baseName, findGrant, isDirectoryPath, listedDirectory, parseAreaPath } from '../../lib/filePaths.ts'
import { findListedFile } from '../../lib/listing.ts'
import { useOpenGrant } from './-files/openGrant.ts'
import { DirectoryListing } from './-files/DirectoryListing.tsx'
import { DropUpload } from './-files/DropUpload.tsx'
import { FileDetail } from './-files/FileDetail.tsx'
import { NoAccess } from './-files/NoAccess.tsx'

export const Route = createFileRoute('/_app/home/$grantName/$')({
  loader: async ({ context, location }) => {
    const org = context.session.currentOrg
    const where = parseAreaPath(location.pathname)
    if (!org || !where) return
    const grants = await context.queryClient.ensureQueryData(mediaGrantQueries.list(org.org_id))
    const grant = findGrant(grants, where.grantName)
    if (!grant) {
      // A container the user does not hold is the no-access notice. An admin sees every container of the
      // organization: one that no container is named is not found. (A member is not told which exist.)
      if (!org.is_admin) return
      const every = await context.queryClient
        .fetchQuery(mediaGrantQueries.adminList(org.org_id))
        .catch(() => undefined)
      if (every && !findGrant(every, where.grantName)) throw notFound()
      return
    }
    const isDirectory = isDirectoryPath(where.path)
    const options = mediaQueries.directory(
      { orgId: org.org_id, mediaGrantId: grant.media_grant_id },
      listedDirectory(where.path),
    )
    // Offline, a listing never loaded here would keep the route waiting until the network returns: the
    // screen shows it cannot be loaded yet instead (src/routes/_app/-files/ListingUnavailable.tsx).
    if (!onlineManager.isOnline() && context.queryClient.getQueryData(options.queryKey) === undefined) return
    // Read the listing (a file's detail finds the file in it); its failures are the screen's to show.
    const listingOf = (fresh: boolean) =>
      context.queryClient.fetchQuery(fresh ? { ...options, staleTime: 0 } : options).catch(() => undefined)
    const listing = await listingOf(false)
    if (isDirectory || !listing || findListedFile(listing, baseName(where.path))) return
    // Not in the listing kept: read it again (the file may be new) before saying it is not there.
    const again = await listingOf(true)
    if (again && !findListedFile(again, baseName(where.path))) throw notFound()
  },
  component: FileBrowser,
})

function FileBrowser() {
  const pathname = useLocation({ select: (location) => location.pathname })
  const where = parseAreaPath(pathname) ?? { grantName: '', path: '/' }
  const openGrant = useOpenGrant(where.grantName)
  const { currentOrg } = useSession()
  return (
    <main className="page page-wide">
      {!openGrant ? (
        <NoAccess isAdmin={currentOrg?.is_admin ?? false} />
      ) : isDirectoryPath(where.path) ? (
        <DropUpload
          key={`${openGrant.grant.media_grant_id}:${where.path}`}
          openGrant={openGrant}
          directory={where.path}
        >
          <DirectoryListing openGrant={openGrant} directory={where.path} />
        </DropUpload>
      ) : (
        <FileDetail
          key={`${openGrant.grant.media_grant_id}:${where.path}`}
          openGrant={openGrant}
          path={where.path}
        />
      )}
    </main>
  )
}
