// A container (specification 001, section 2: /volume/{volume_id}/grant/{grant_name}): its name, volume,
// prefix, state and last use; Enable and Disable (each allowed only from the other state, section 4);
// Delete after a confirmation that lists who holds it (a mounted one can only be disabled: its Delete
// says so and offers Disable, -grants/GrantActions.tsx); its name and prefix; its users; the devices that mount it. The address names the container
// by volume and name, without regard to case; the screen then follows it by id, so a rename (which moves
// the address) or a refetch never loses it. Admins only.
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, notFound, useRouter } from '@tanstack/react-router'
import { mediaGrantQueries, useDeleteGrant, type MediaGrant } from '../../api/mediaGrants.ts'
import { orgUserQueries } from '../../api/orgUsers.ts'
import { showAlert } from '../../app/dialogs.tsx'
import { useSession } from '../../app/session.ts'
import { findGrantByName, statusText } from '../../lib/grants.ts'
import { messageFor } from '../../lib/messages.ts'
import { DateTime } from '../../ui/DateTime.tsx'
import { RouteLink } from '../../ui/RouteLink.tsx'
import { Table, type Column } from '../../ui/Table.tsx'
import { GrantActions } from './-grants/GrantActions.tsx'
import { GrantEditForm } from './-grants/GrantEditForm.tsx'
import { GrantUsers } from './-grants/GrantUsers.tsx'
import { adminOrgId } from '../../app/adminAccess.ts'
import { parseVolumeId } from './-volume/volumeRoute.ts'

export const Route = createFileRoute('/_app/_admin/volume/$volumeId_/grant/$grantName')({
  loader: async ({ context, params }) => {
    const { orgId } = context
    const volumeId = parseVolumeId(params.volumeId)
    if (volumeId === undefined) throw notFound()
    const list = mediaGrantQueries.adminList(orgId)
    const [grants] = await Promise.all([
      context.queryClient.ensureQueryData(list),
      context.queryClient.ensureQueryData(orgUserQueries.list(orgId)),
    ])
    // A container added or renamed since the list was read is not in it yet: ask once more before
    // answering 'Page not found'.
    const grant =
      findGrantByName(grants, volumeId, params.grantName) ??
      findGrantByName(
        await context.queryClient.fetchQuery({ ...list, staleTime: 0 }),
        volumeId,
        params.grantName,
      )
    if (!grant) throw notFound()
    return { grantId: grant.media_grant_id }
  },
  component: GrantPage,
})

type Device = MediaGrant['device_list'][number]

const DEVICE_COLUMNS: ReadonlyArray<Column<Device>> = [
  { key: 'name', header: 'Device Name', rowHeader: true, render: (device) => device.device_name },
  { key: 'status', header: 'Status', render: (device) => statusText(device.is_disabled) },
]

function GrantPage() {
  const router = useRouter()
  const orgId = adminOrgId(useSession())
  const { grantId } = Route.useLoaderData()
  const { data: grants } = useSuspenseQuery(mediaGrantQueries.adminList(orgId))
  const remove = useDeleteGrant(orgId, grantId)
  const grant = grants.find((each) => each.media_grant_id === grantId)
  if (!grant) {
    // Just deleted here: the list no longer has it while the screen moves to the volume's containers.
    if (remove.isPending || remove.isSuccess) return null
    throw notFound()
  }
  const volumeId = String(grant.volume_id)
  const deleteGrant = () =>
    remove.mutate(undefined, {
      onSuccess: () =>
        void router.navigate({ to: '/volume/$volumeId/permission', params: { volumeId }, replace: true }),
      onError: (failure) => showAlert(messageFor('grant_delete', failure)),
    })
  return (
    <main className="page">
      <p>
        <RouteLink to="/volume/$volumeId/permission" params={{ volumeId }}>
          Containers of {grant.volume_name}
        </RouteLink>
      </p>
      <h1>
        {grant.grant_name}
        {grant.is_disabled ? <span className="badge">Disabled</span> : null}
      </h1>
      <section className="panel" aria-labelledby="grant-details-heading">
        <h2 id="grant-details-heading">Details</h2>
        <dl className="properties">
          <div>
            <dt>Container Name</dt>
            <dd>{grant.grant_name}</dd>
          </div>
          <div>
            <dt>Volume</dt>
            <dd>{grant.volume_name}</dd>
          </div>
          <div>
            <dt>Prefix Path</dt>
            <dd data-testid="grant-prefix-path">{grant.prefix_path}</dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd data-testid="grant-status">{statusText(grant.is_disabled)}</dd>
          </div>
          <div>
            <dt>Last Seen</dt>
            <dd>
              <DateTime value={grant.last_seen} long empty="Never" />
            </dd>
          </div>
        </dl>
        <GrantActions orgId={orgId} grant={grant} onDelete={deleteGrant} deleting={remove.isPending} />
      </section>
      <section className="panel" aria-labelledby="grant-edit-heading">
        <h2 id="grant-edit-heading">Edit Container</h2>
        <GrantEditForm orgId={orgId} grant={grant} />
      </section>
      <section className="panel" aria-labelledby="grant-users-heading">
        <h2 id="grant-users-heading">Users</h2>
        <GrantUsers orgId={orgId} grant={grant} />
      </section>
      <section className="panel" aria-labelledby="grant-devices-heading">
        <h2 id="grant-devices-heading">Devices</h2>
        <Table
          label="Devices"
          columns={DEVICE_COLUMNS}
          rows={grant.device_list}
          rowKey={(device) => device.device_id}
          empty="No devices mount this container."
        />
      </section>
    </main>
  )
}
