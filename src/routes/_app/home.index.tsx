// Home (specification 000, section 1): four cases by organization and plan; with a plan, the containers
// the user holds. The heading shows as soon as the session is known; the containers come in below it when
// their call answers, rather than holding the whole screen (and a phone's first paint) back for it.
import { Suspense } from 'react'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, useRouter } from '@tanstack/react-router'
import { mediaGrantQueries } from '../../api/mediaGrants.ts'
import { navigateRemembering } from '../../app/navigation.ts'
import { useSession } from '../../app/session.ts'
import { SUPPORT_EMAIL } from '../../lib/contact.ts'
import { homeCase } from '../../lib/currentOrg.ts'
import { localState } from '../../lib/localState.ts'
import { NO_FILES_MESSAGE } from '../../lib/messages.ts'
import { areaHref } from '../../lib/filePaths.ts'
import { AppLink } from '../../ui/AppLink.tsx'
import { ListSkeleton } from '../../ui/Skeleton.tsx'

export const Route = createFileRoute('/_app/home/')({
  loader: ({ context }) => {
    const org = context.session.currentOrg
    // Asked for now, read by the list when it answers; a failure is the list's to show (its error boundary).
    if (homeCase(org) === 'files' && org)
      void context.queryClient.prefetchQuery(mediaGrantQueries.list(org.org_id))
  },
  component: HomePage,
})

function NoPlan({ orgId, isAdmin }: { orgId: number; isAdmin: boolean }) {
  const router = useRouter()
  return (
    <section className="notice" aria-labelledby="home-heading">
      <h1 id="home-heading">Home</h1>
      <p>
        Your organization does not have a plan yet. Please contact support at{' '}
        <AppLink href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</AppLink>.
      </p>
      {isAdmin ? (
        <button
          type="button"
          className="button"
          onClick={() => {
            // Signup resumes with the organization saved here (000 section 4).
            localState.write('signup_org_id', orgId)
            navigateRemembering(router, '/signup')
          }}
        >
          Continue Sign Up
        </button>
      ) : null}
    </section>
  )
}

/**
 * An admin whose organization has no container: every volume brings one, so there is no volume yet. The
 * admin is the one who creates the first volume (000 section 6), so the way on is offered here.
 */
function NoVolumeYet() {
  return (
    <div className="empty-state" data-testid="no-volume-yet">
      <p>{NO_FILES_MESSAGE}</p>
      <p className="hint">
        Your organization has no volumes yet. Name your first volume to start storing files.
      </p>
      <p>
        <AppLink href="/volume" className="button">
          Create Your First Volume
        </AppLink>
      </p>
    </div>
  )
}

function GrantList({ orgId, isAdmin }: { orgId: number; isAdmin: boolean }) {
  const { data: held } = useSuspenseQuery(mediaGrantQueries.list(orgId))
  // Admins choose from every container of the organization (000 section 6); one they do not hold opens
  // on the no-access notice, which tells them to modify the volume. Until the admin list answers, or if
  // it cannot, the containers they hold are what they see.
  const { data: every } = useQuery({
    ...mediaGrantQueries.adminList(orgId),
    enabled: isAdmin,
    retry: false,
  })
  const grants = (isAdmin ? every : undefined) ?? held
  if (grants.length === 0 && isAdmin) return <NoVolumeYet />
  return grants.length === 0 ? (
    <p className="empty-state">{NO_FILES_MESSAGE}</p>
  ) : (
    <ul className="grant-list" aria-label="Containers">
      {grants.map((grant) => (
        <li key={grant.media_grant_id} className={grant.is_disabled ? 'disabled' : undefined}>
          <AppLink href={areaHref('home', grant.grant_name, '/')}>{grant.grant_name}</AppLink>
          <span className="grant-volume">{grant.volume_name}</span>
        </li>
      ))}
    </ul>
  )
}

function Containers({ orgId, isAdmin }: { orgId: number; isAdmin: boolean }) {
  return (
    <section aria-labelledby="home-heading">
      <h1 id="home-heading">Home</h1>
      <Suspense fallback={<ListSkeleton rows={3} />}>
        <GrantList orgId={orgId} isAdmin={isAdmin} />
      </Suspense>
    </section>
  )
}

function HomePage() {
  const { user, currentOrg } = useSession()
  const which = homeCase(currentOrg)
  return (
    <main className="page">
      {which === 'no_org' || !currentOrg ? (
        <section className="notice" aria-labelledby="home-heading">
          <h1 id="home-heading">Home</h1>
          <p>
            You do not belong to any organization yet. Please have an org admin add your e-mail address (
            {user.email}) to their organization.
          </p>
        </section>
      ) : which === 'files' ? (
        <Containers orgId={currentOrg.org_id} isAdmin={currentOrg.is_admin} />
      ) : (
        <NoPlan orgId={currentOrg.org_id} isAdmin={which === 'admin_no_plan'} />
      )}
    </main>
  )
}
