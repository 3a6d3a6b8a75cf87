// Multi-download (specification 000, sections 2 and 4): /download/{grant_name}/a/b/ with the entries chosen
// in that directory's listing in the history state. Opened without them (a typed or shared address) there
// is nothing to download, so it goes back to the listing.
import { createFileRoute, useLocation, useRouter } from '@tanstack/react-router'
import { useSession } from '../../app/session.ts'
import { areaHref, parseAreaPath } from '../../lib/filePaths.ts'
import { useDownloadQueue } from '../../transfers/downloads.ts'
import { useOpenGrant } from './-files/openGrant.ts'
import { NoAccess } from './-files/NoAccess.tsx'
import { DownloadCollect } from './-download/DownloadCollect.tsx'
import { DownloadProgress } from './-download/DownloadProgress.tsx'
import { useLayoutEffect } from 'react'
import { downloadSummary } from '../../transfers/downloadModel.ts'

export const Route = createFileRoute('/_app/download/$grantName/$')({
  component: DownloadPage,
})

/**
 * Back to the listing, through the history itself: the router's redirect by address drops the trailing '/'
 * that makes the path a directory.
 */
function BackToListing({ href }: { href: string }) {
  const router = useRouter()
  useLayoutEffect(() => router.history.replace(href), [router, href])
  return null
}

function DownloadPage() {
  const location = useLocation()
  const where = parseAreaPath(location.pathname) ?? { grantName: '', path: '/' }
  const selected = location.state.download_list
  if (!selected) return <BackToListing href={areaHref('home', where.grantName, where.path)} />
  return <DownloadArea grantName={where.grantName} path={where.path} selected={selected} />
}

/** The entry remembers that the download began, so a reload shows its progress rather than a new start. */
function useStarted(): [boolean, () => void] {
  const router = useRouter()
  const location = useLocation()
  const started = location.state.download_started === true
  const markStarted = () =>
    router.history.replace(location.href, { ...location.state, download_started: true })
  return [started, markStarted]
}

function DownloadArea({
  grantName,
  path,
  selected,
}: {
  grantName: string
  path: string
  selected: string[]
}) {
  const where = { grantName, path }
  const directory = where.path.endsWith('/') ? where.path : `${where.path}/`
  const openGrant = useOpenGrant(where.grantName)
  const { currentOrg } = useSession()
  const queue = useDownloadQueue()
  const [started, markStarted] = useStarted()
  // The queue is shown once this screen started it, or while it runs.
  const showProgress = queue.items.length > 0 && (started || downloadSummary(queue).running > 0)
  return (
    <main className="page page-wide">
      {!openGrant ? (
        <NoAccess isAdmin={currentOrg?.is_admin ?? false} />
      ) : showProgress ? (
        <DownloadProgress queue={queue} directory={directory} openGrant={openGrant} />
      ) : (
        <DownloadCollect
          openGrant={openGrant}
          directory={directory}
          selected={selected}
          onStarted={markStarted}
        />
      )}
    </main>
  )
}
