// The file browser (specification 000, section 2): /home/{grant_name}/a/b/ lists a directory, and a path
// without the trailing '/' shows that file.
import { createFileRoute, useLocation } from '@tanstack/react-router'
import { mediaQueries } from '../../api/media.ts'
import { mediaGrantQueries } from '../../api/mediaGrants.ts'
import { useSession } from '../../app/session.ts'
import { isDirectoryPath, parentDirectory, parseAreaPath } from '../../lib/filePaths.ts'
import { findGrant, useContainer } from './-files/container.ts'
import { DirectoryListing } from './-files/DirectoryListing.tsx'
import { FileDetail } from './-files/FileDetail.tsx'
import { NoAccess } from './-files/NoAccess.tsx'

export const Route = createFileRoute('/_app/home/$grantName/$')({
  loader: async ({ context, location }) => {
    const org = context.session.currentOrg
    const where = parseAreaPath(location.pathname)
    if (!org || !where) return
    const grants = await context.queryClient.ensureQueryData(mediaGrantQueries.list(context.api, org.org_id))
    const grant = findGrant(grants, where.grantName)
    if (!grant) return
    const directory = isDirectoryPath(where.path) ? where.path : parentDirectory(where.path)
    // Warm the listing; its failures are the screen's to show.
    await context.queryClient
      .prefetchQuery(
        mediaQueries.directory(
          context.api,
          { orgId: org.org_id, mediaGrantId: grant.media_grant_id },
          directory,
        ),
      )
      .catch(() => undefined)
  },
  component: FileBrowser,
})

function FileBrowser() {
  const pathname = useLocation({ select: (location) => location.pathname })
  const where = parseAreaPath(pathname) ?? { grantName: '', path: '/' }
  const container = useContainer(where.grantName)
  const { currentOrg } = useSession()
  return (
    <main className="page page-wide">
      {!container ? (
        <NoAccess isAdmin={currentOrg?.is_admin ?? false} />
      ) : isDirectoryPath(where.path) ? (
        <DirectoryListing
          key={`${container.grant.media_grant_id}:${where.path}`}
          container={container}
          directory={where.path}
        />
      ) : (
        <FileDetail
          key={`${container.grant.media_grant_id}:${where.path}`}
          container={container}
          path={where.path}
        />
      )}
    </main>
  )
}
