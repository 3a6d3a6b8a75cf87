// Account (specification 000, section 2): the user name, the organizations with their role, switching
// and leaving them, and signing out.
import { createFileRoute, useRouter } from '@tanstack/react-router'
import { useMemo, useState, type FormEvent } from 'react'
import { useLeaveOrg } from '../../api/orgs.ts'
import { useUpdateUserName, type OrgListItem } from '../../api/user.ts'
import { showAlert } from '../../app/dialogs.tsx'
import { navigateRemembering } from '../../app/navigation.ts'
import { switchOrg, useSession } from '../../app/session.ts'
import { orgSwitchAddress } from '../../lib/currentOrg.ts'
import { changedFields, useDraft } from '../../lib/draft.ts'
import { isValidUserName } from '../../lib/validation.ts'
import {
  ADMIN_CANNOT_LEAVE_MESSAGE,
  ORG_LEFT_MESSAGE,
  leaveOrgMessage,
  INVALID_USER_NAME_MESSAGE,
  userNameMessage,
} from '../../lib/messages.ts'
import { ConfirmAction } from '../../ui/ConfirmAction.tsx'
import { TextField } from '../../ui/Field.tsx'
import { SaveButton } from '../../ui/SaveButton.tsx'
import { actionsColumn, Table, type Column } from '../../ui/Table.tsx'

export const Route = createFileRoute('/_app/account')({
  component: AccountPage,
})

function UserNameForm({ saved }: { saved: string }) {
  const savedValues = useMemo(() => ({ user_name: saved }), [saved])
  const { draft, set } = useDraft(savedValues)
  const [error, setError] = useState<string>()
  const save = useUpdateUserName()
  // What would be sent: the name as saved, without surrounding spaces.
  const trimmed = draft.user_name.trim()
  const changes = changedFields(savedValues, { user_name: trimmed })
  function submit(event: FormEvent) {
    event.preventDefault()
    if (changes.user_name === undefined) return
    // The rule of section 5 is checked here first; the server applies the same one.
    if (!isValidUserName(changes.user_name)) return setError(INVALID_USER_NAME_MESSAGE)
    setError(undefined)
    save.mutate(changes.user_name, { onError: (failure) => setError(userNameMessage(failure)) })
  }
  return (
    <form className="form" onSubmit={submit}>
      <TextField
        label="User Name"
        name="user_name"
        value={draft.user_name}
        onChange={(value) => set('user_name', value)}
        error={error}
      />
      <SaveButton changed={changes.user_name !== undefined} valid={trimmed !== ''} pending={save.isPending} />
    </form>
  )
}

function OrgActions({ org, isCurrent }: { org: OrgListItem; isCurrent: boolean }) {
  const { config } = useSession()
  // On a custom-domain site, another organization is opened on its own address (a plain link: the new
  // host is another origin with its own sign-in), never switched to in place.
  const address = isCurrent
    ? undefined
    : orgSwitchAddress(org, {
        domainPrefix: config.domain_prefix,
        domainSuffix: config.domain_suffix,
        location: window.location,
      })
  const router = useRouter()
  const leave = useLeaveOrg(org.org_id)
  return (
    <>
      {address !== undefined ? (
        <a className="button secondary" href={address}>
          Switch To Org
        </a>
      ) : (
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
      )}
      {org.is_admin ? (
        // An admin may not leave: say so instead of asking.
        <button type="button" className="button danger" onClick={() => showAlert(ADMIN_CANNOT_LEAVE_MESSAGE)}>
          Leave Org
        </button>
      ) : (
        <ConfirmAction
          confirm={{ text: `Leave ${org.org_name}?`, positive: 'Leave Org' }}
          // Awaited rather than told through mutate's callbacks: the organization's row, and this button
          // with it, is gone from the list by the time the leaving is done.
          onConfirm={() =>
            void leave.mutateAsync().then(
              () => showAlert(ORG_LEFT_MESSAGE),
              (failure: unknown) => showAlert(leaveOrgMessage(failure)),
            )
          }
          disabled={leave.isPending}
        >
          Leave Org
        </ConfirmAction>
      )}
    </>
  )
}

function OrgTable({
  orgs,
  currentOrgId,
}: {
  orgs: readonly OrgListItem[]
  currentOrgId: number | undefined
}) {
  const columns: Array<Column<OrgListItem>> = [
    {
      key: 'name',
      header: 'Name',
      rowHeader: true,
      render: (org) => (
        <>
          {org.org_name}
          {org.org_id === currentOrgId ? <span className="badge">Current</span> : null}
        </>
      ),
    },
    { key: 'role', header: 'Role', render: (org) => (org.is_admin ? 'Admin' : 'Member') },
    actionsColumn((org) => <OrgActions org={org} isCurrent={org.org_id === currentOrgId} />),
  ]
  return (
    <Table
      label="Organizations"
      columns={columns}
      rows={orgs}
      rowKey={(org) => org.org_id}
      empty="You do not belong to any organization yet."
    />
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
        <UserNameForm saved={user.user_name ?? ''} />
      </section>
      <section className="panel" aria-labelledby="orgs-heading">
        <h2 id="orgs-heading">Organizations</h2>
        <OrgTable orgs={orgs} currentOrgId={currentOrg?.org_id} />
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
