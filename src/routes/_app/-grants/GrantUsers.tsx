// Who holds a container, on its detail (specification 001, section 2: "Users can be added to or removed
// from a grant"): the holders with a Remove button each, and Add User from the organization's members
// who do not hold it yet.
import { useSuspenseQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useSetGrantUser, type MediaGrant } from '../../../api/mediaGrants.ts'
import { orgUserQueries } from '../../../api/orgUsers.ts'
import { showAlert } from '../../../app/dialogs.tsx'
import { messageFor } from '../../../lib/messages.ts'
import { SelectField } from '../../../ui/Field.tsx'
import { FormError } from '../../../ui/FormError.tsx'
import { actionsColumn, Table, type Column } from '../../../ui/Table.tsx'

type Holder = MediaGrant['user_list'][number]

function AddUserForm({ orgId, grant }: { orgId: number; grant: MediaGrant }) {
  const { data: members } = useSuspenseQuery(orgUserQueries.list(orgId))
  const setHolder = useSetGrantUser(orgId)
  const [chosen, setChosen] = useState('')
  const [error, setError] = useState<string>()
  const holders = new Set(grant.user_list.map((user) => user.user_id))
  const candidates = members.filter((member) => !holders.has(member.user_id))
  // A member who came to hold it meanwhile (or left) is no choice any more.
  const choice = candidates.some((member) => String(member.user_id) === chosen) ? chosen : ''

  function submit(event: FormEvent) {
    event.preventDefault()
    if (choice === '') return
    setError(undefined)
    setHolder.mutate(
      { grantId: grant.media_grant_id, userId: Number(choice), holds: true },
      {
        onSuccess: () => setChosen(''),
        onError: (failure) => setError(messageFor('grant_add_user', failure)),
      },
    )
  }

  return (
    <form className="form" onSubmit={submit}>
      <SelectField
        label="User"
        name="user_id"
        value={choice}
        disabled={candidates.length === 0}
        onChange={(value) => {
          setChosen(value)
          setError(undefined)
        }}
        options={[
          {
            value: '',
            label: candidates.length === 0 ? 'Every member holds this container' : 'Choose a member',
          },
          ...candidates.map((member) => ({
            value: String(member.user_id),
            label: member.user_name ? `${member.user_name} (${member.email})` : member.email,
          })),
        ]}
      />
      <FormError message={error} />
      <button
        type="submit"
        className="button"
        disabled={choice === '' || setHolder.isPending}
        aria-busy={setHolder.isPending}
      >
        Add User
      </button>
    </form>
  )
}

export function GrantUsers({ orgId, grant }: { orgId: number; grant: MediaGrant }) {
  const setHolder = useSetGrantUser(orgId)
  const columns: Array<Column<Holder>> = [
    {
      key: 'email',
      header: 'Email',
      rowHeader: true,
      ellipsis: true,
      width: '45%',
      render: (user) => user.email,
    },
    { key: 'name', header: 'User Name', render: (user) => user.user_name ?? '' },
    actionsColumn((user) => (
      <button
        type="button"
        className="button secondary"
        disabled={setHolder.isPending}
        onClick={() =>
          setHolder.mutate(
            { grantId: grant.media_grant_id, userId: user.user_id, holds: false },
            { onError: (failure) => showAlert(messageFor('grant_remove_user', failure)) },
          )
        }
      >
        Remove<span className="visually-hidden"> {user.email}</span>
      </button>
    )),
  ]
  return (
    <>
      <Table
        label="Users"
        columns={columns}
        rows={grant.user_list}
        rowKey={(user) => user.user_id}
        empty="No one holds this container yet."
      />
      <AddUserForm orgId={orgId} grant={grant} />
    </>
  )
}
