// The containers a user holds, on their detail (specification 001, section 2): a Grants table with Remove
// per row, and Add Grant from the organization's containers they do not hold yet.
import { useSuspenseQuery } from '@tanstack/react-query'
import { mediaGrantQueries, useSetGrantUser } from '../../../api/mediaGrants.ts'
import type { OrgUser } from '../../../api/orgUsers.ts'
import { showAlert } from '../../../app/dialogs.tsx'
import { messageFor } from '../../../lib/messages.ts'
import { PickGrantForm } from '../-grants/PickGrantForm.tsx'
import { grantColumns } from '../-grants/GrantTable.tsx'
import { actionsColumn, Table, type Column } from '../../../ui/Table.tsx'

type UserGrant = OrgUser['media_grant_list'][number]

interface Props {
  orgId: number
  user: OrgUser
  /** Nothing may be changed (an admin's own record). */
  readOnly: boolean
}

/** Remove for one row: the hook is per container. */
function RemoveGrant({
  orgId,
  userId,
  grant,
  disabled,
}: {
  orgId: number
  userId: number
  grant: UserGrant
  disabled: boolean
}) {
  const remove = useSetGrantUser(orgId)
  return (
    <button
      type="button"
      className="button secondary"
      disabled={disabled || remove.isPending}
      aria-busy={remove.isPending}
      onClick={() =>
        remove.mutate(
          { grantId: grant.media_grant_id, userId, holds: false },
          { onError: (failure) => showAlert(messageFor('grant_remove_user', failure)) },
        )
      }
    >
      Remove<span className="visually-hidden"> {grant.grant_name}</span>
    </button>
  )
}

function AddGrantForm({ orgId, user, readOnly }: Props) {
  const { data: every } = useSuspenseQuery(mediaGrantQueries.adminList(orgId))
  const held = new Set(user.media_grant_list.map((grant) => grant.media_grant_id))
  return (
    <PickGrantForm
      choices={every.filter((grant) => !held.has(grant.media_grant_id))}
      noChoice="They hold every container of the organization."
      mutation={useSetGrantUser(orgId)}
      values={(grantId) => ({ grantId, userId: user.user_id, holds: true })}
      failed={(failure) => messageFor('grant_add_user', failure)}
      submitLabel="Add Grant"
      readOnly={readOnly}
    />
  )
}

export function UserGrants({ orgId, user, readOnly }: Props) {
  const columns: ReadonlyArray<Column<UserGrant>> = [
    ...grantColumns<UserGrant>(),
    actionsColumn((grant) => (
      <RemoveGrant orgId={orgId} userId={user.user_id} grant={grant} disabled={readOnly} />
    )),
  ]
  return (
    <section className="panel" aria-labelledby="grants-heading">
      <h2 id="grants-heading">Grants</h2>
      <Table
        label="Grants"
        columns={columns}
        rows={user.media_grant_list}
        rowKey={(grant) => grant.media_grant_id}
        empty="They hold no containers."
      />
      <h3>Add Grant</h3>
      <AddGrantForm orgId={orgId} user={user} readOnly={readOnly} />
    </section>
  )
}
