// A share link's public page, for a visitor with no session: outside the signed-in area (no guard, no
// sidebar), framed by the organization that sent it. ?path= walks a folder link's subfolders.
import { createFileRoute } from '@tanstack/react-router'
import { SharePage } from './-sharePublic/SharePage.tsx'

interface ShareSearch {
  path?: string
}

export const Route = createFileRoute('/s/$token')({
  validateSearch: (search: Record<string, unknown>): ShareSearch =>
    typeof search.path === 'string' && search.path !== '' ? { path: search.path } : {},
  component: ShareRoute,
})

function ShareRoute() {
  const { token } = Route.useParams()
  const { path } = Route.useSearch()
  return <SharePage token={token} path={path ?? ''} />
}
