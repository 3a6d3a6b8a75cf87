// Account (specification 000, section 2): the user name, the organizations with their role, switching
// and leaving them, and signing out.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { createFileRoute, useRouter } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { leaveOrg } from '../../api/orgs.ts'
import { updateUserName, userQueries, type OrgListItem } from '../../api/user.ts'
import { showAlert, showConfirm } from '../../app/dialogs.tsx'
import { navigateRemembering } from '../../app/navigation.ts'
import { switchOrg, useApi, useSession } from '../../app/session.ts'
import { localState } from '../../lib/localState.ts'
import { isValidUserName } from '../../lib/validation.ts'
import {
  ADMIN_CANNOT_LEAVE_MESSAGE,
  ORG_LEFT_MESSAGE,
  leaveOrgMessage,
  INVALID_USER_NAME_MESSAGE,
  userNameMessage,
} from '../../lib/messages.ts'
import { FormError } from '../../ui/FormError.tsx'

export const Route = createFileRoute('/_app/account')({
  component: AccountPage,
})

function UserNameForm({ saved }: { saved: string }) {
  const api = useApi()
  const queryClient = useQueryClient()
  const [name, setName] = useState(saved)
  const [error, setError] = useState<string>()
  const save = useMutation({
    mutationFn: (userName: string) => updateUserName(api, userName),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueries.current(api).queryKey }),
    onError: (failure) => setError(userNameMessage(failure)),
  })
  const trimmed = name.trim()
  const unchanged = trimmed === saved
  function submit(event: FormEvent) {
    event.preventDefault()
    // The rule of section 5 is checked here first; the server applies the same one.
    if (!isValidUserName(trimmed)) return setError(INVALID_USER_NAME_MESSAGE)
    setError(undefined)
    save.mutate(trimmed)
  }
  return (
    <form className="form" onSubmit={submit}>
      <label className="field">
        <span>User Name</span>
        <input name="user_name" value={name} onChange={(event) => setName(event.target.value)} />
      </label>
      <FormError message={error} />
      <button type="submit" className="button" disabled={unchanged || trimmed === '' || save.isPending}>
        Save
      </button>
    </form>
  )
}

function OrgRow({ org, isCurrent }: { org: OrgListItem; isCurrent: boolean }) {
  const api = useApi()
  const router = useRouter()
  const queryClient = useQueryClient()
  const leave = useMutation({
    mutationFn: () => leaveOrg(api, org.org_id),
    onSuccess: async () => {
      if (localState.read('current_org_id') === org.org_id) localState.remove('current_org_id')
      await queryClient.invalidateQueries({ queryKey: userQueries.current(api).queryKey })
      showAlert(ORG_LEFT_MESSAGE)
    },
    onError: (failure) => showAlert(leaveOrgMessage(failure)),
  })
  function askLeave() {
    if (org.is_admin) return showAlert(ADMIN_CANNOT_LEAVE_MESSAGE)
    showConfirm({ text: `Leave ${org.org_name}?`, positive: 'Leave Org' }, (positive) => {
      if (positive) leave.mutate()
    })
  }
  return (
    <tr>
      <th scope="row">
        {org.org_name}
        {isCurrent ? <span className="badge">Current</span> : null}
      </th>
      <td>{org.is_admin ? 'Admin' : 'Member'}</td>
      <td className="row-actions">
        <button
          type="button"
          className="button secondary"
          disabled={isCurrent}
          onClick={() => {
            switchOrg(org.org_id)
            navigateRemembering(router, '/home')
          }}
        >
          Switch To Org
        </button>
        <button type="button" className="button danger" disabled={leave.isPending} onClick={askLeave}>
          Leave Org
        </button>
      </td>
    </tr>
  )
}

function AccountPage() {
  const { user, orgs, currentOrg } = useSession()
  const router = useRouter()
  return (
    <main className="page">
      <h1>Account</h1>
      <section className="panel" aria-labelledby="profile-heading">
        <h2 id="profile-heading">Profile</h2>
        <p>
          E-mail: <strong data-testid="account-email">{user.email}</strong>
        </p>
        <UserNameForm key={user.user_name ?? ''} saved={user.user_name ?? ''} />
      </section>
      <section className="panel" aria-labelledby="orgs-heading">
        <h2 id="orgs-heading">Organizations</h2>
        {orgs.length === 0 ? (
          <p className="empty-state">You do not belong to any organization yet.</p>
        ) : (
          <table className="table" aria-labelledby="orgs-heading">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Role</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {orgs.map((org) => (
                <OrgRow key={org.org_id} org={org} isCurrent={org.org_id === currentOrg?.org_id} />
              ))}
            </tbody>
          </table>
        )}
      </section>
      <button
        type="button"
        className="button secondary"
        onClick={() => navigateRemembering(router, '/logout')}
      >
        Sign out
      </button>
    </main>
  )
}
