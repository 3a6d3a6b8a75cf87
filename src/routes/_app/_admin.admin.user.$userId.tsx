// A user of the organization (specification 001, section 2: /admin/user/{user_id}): their role and
// capabilities (an admin holds every capability; only changed fields are sent), the containers they hold
// and whole volumes, Remove User after a confirmation that lists what they hold, and the admins' changes
// about them. An admin sees their own record but cannot change it (section 6). Admins only.
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, notFound, useRouter } from '@tanstack/react-router'
import { useMemo, useState, type FormEvent } from 'react'
import { mediaGrantQueries } from '../../api/mediaGrants.ts'
import { orgUserQueries, useRemoveOrgUser, useUpdateOrgUser, type OrgUser } from '../../api/orgUsers.ts'
import { volumeQueries } from '../../api/volumes.ts'
import { showAlert } from '../../app/dialogs.tsx'
import { useSession } from '../../app/session.ts'
import { useDraft } from '../../lib/draft.ts'
import { messageFor } from '../../lib/messages.ts'
import { ConfirmAction } from '../../ui/ConfirmAction.tsx'
import { FormError } from '../../ui/FormError.tsx'
import { showToast } from '../../ui/toasts.tsx'
import { RouteLink } from '../../ui/RouteLink.tsx'
import { SaveButton } from '../../ui/SaveButton.tsx'
import { adminOrgId } from '../../app/adminAccess.ts'
import { RoleFields } from './-users/RoleFields.tsx'
import { holdings, roleOf } from './-users/roles.ts'
import { AdminChanges } from './-admin/AdminChanges.tsx'
import { UserGrants } from './-users/UserGrants.tsx'
import { UserVolumes } from './-users/UserVolumes.tsx'

export const Route = createFileRoute('/_app/_admin/admin/user/$userId')({
  loader: async ({ context, params }) => {
    const { orgId } = context
    // A user id has the form of any other id of the API ('12', not '012' or '1e1').
    if (!/^[1-9][0-9]{0,14}$/.test(params.userId)) throw notFound()
    const userId = Number(params.userId)
    const list = orgUserQueries.list(orgId)
    const [users] = await Promise.all([
      context.queryClient.ensureQueryData(list),
      context.queryClient.ensureQueryData(mediaGrantQueries.adminList(orgId)),
      context.queryClient.ensureQueryData(volumeQueries.list(orgId)),
    ])
    // A user added since the list was read (in another tab) is not in it yet: ask once more before
    // answering 'Page not found'.
    const has = (list: readonly { user_id: number }[]) => list.some((user) => user.user_id === userId)
    if (!has(users) && !has(await context.queryClient.fetchQuery({ ...list, staleTime: 0 }))) throw notFound()
  },
  component: UserPage,
})

function RoleForm({ orgId, user, readOnly }: { orgId: number; user: OrgUser; readOnly: boolean }) {
  const saved = useMemo(() => roleOf(user), [user])
  const { draft, patch, changed, isChanged } = useDraft(saved)
  const update = useUpdateOrgUser(orgId, user.user_id)
  const [error, setError] = useState<string>()
  function submit(event: FormEvent) {
    event.preventDefault()
    if (readOnly || !isChanged) return
    setError(undefined)
    update.mutate(changed, {
      onSuccess: () => showToast('User saved.'),
      onError: (failure) => setError(messageFor('user_update', failure)),
    })
  }
  return (
    <form className="form" onSubmit={submit}>
      {readOnly ? <p className="notice">You cannot edit your own user.</p> : null}
      <RoleFields
        values={draft}
        onChange={(values) => {
          setError(undefined) // an edit makes the last failure stale
          patch(values)
        }}
        memberCaps={saved}
        disabled={readOnly}
      />
      <FormError message={error} />
      <SaveButton changed={isChanged && !readOnly} pending={update.isPending} />
    </form>
  )
}

function RemoveUser({ orgId, user, readOnly }: { orgId: number; user: OrgUser; readOnly: boolean }) {
  const router = useRouter()
  const remove = useRemoveOrgUser(orgId, user.user_id)
  return (
    <section className="panel" aria-labelledby="remove-heading">
      <h2 id="remove-heading">Remove User</h2>
      <p>They lose every container of the organization and can no longer sign in to it.</p>
      <ConfirmAction
        disabled={readOnly || remove.isPending}
        confirm={() => ({
          text: `Remove ${user.email} from the organization? They hold:`,
          positive: 'Remove User',
          details: holdings(user),
        })}
        // The promise, not mutate's callbacks: those are dropped once the refetched list no longer holds
        // the user and this section gives way, and the way back to Users must still be taken.
        onConfirm={() =>
          void remove.mutateAsync().then(
            () => router.navigate({ to: '/admin/user', replace: true }),
            (failure: unknown) => showAlert(messageFor('user_remove', failure)),
          )
        }
      >
        Remove User
      </ConfirmAction>
    </section>
  )
}

function UserPage() {
  const session = useSession()
  const orgId = adminOrgId(session)
  const { userId } = Route.useParams()
  const { data: users } = useSuspenseQuery(orgUserQueries.list(orgId))
  const user = users.find((each) => String(each.user_id) === userId)
  if (!user) {
    // Removed while the page is open (the list is refetched before the way back to Users).
    return (
      <main className="page">
        <h1>User</h1>
        <p className="notice">
          This user is not a member of the organization. <RouteLink to="/admin/user">Users</RouteLink>
        </p>
      </main>
    )
  }
  const readOnly = user.user_id === session.user.user_id
  return (
    <main className="page">
      <p>
        <RouteLink to="/admin/user">Users</RouteLink>
      </p>
      <h1 className="user-heading">{user.email}</h1>
      {user.user_name ? <p className="hint">{user.user_name}</p> : null}
      <section className="panel" aria-labelledby="role-heading">
        <h2 id="role-heading">Role and Capabilities</h2>
        <RoleForm orgId={orgId} user={user} readOnly={readOnly} />
      </section>
      <UserGrants orgId={orgId} user={user} readOnly={readOnly} />
      <UserVolumes orgId={orgId} user={user} readOnly={readOnly} />
      <RemoveUser orgId={orgId} user={user} readOnly={readOnly} />
      <AdminChanges orgId={orgId} filter={{ user_id: user.user_id }} />
    </main>
  )
}
