// Volumes (specification 001, section 2: /volume): the organization's volumes with their state and
// expiration, how many of the plan's enabled volumes are taken, and Add Volume by name. Admins only.
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { orgQueries } from '../../api/orgs.ts'
import { useCreateVolume, volumeQueries, type Volume } from '../../api/volumes.ts'
import { useSession } from '../../app/session.ts'
import { messageFor } from '../../lib/messages.ts'
import { INVALID_VOLUME_NAME_MESSAGE, isValidVolumeName } from '../../lib/validation.ts'
import { CreateByNameForm } from '../../ui/CreateByNameForm.tsx'
import { RouteLink } from '../../ui/RouteLink.tsx'
import { Table, type Column } from '../../ui/Table.tsx'
import { adminOrgId } from '../../app/adminAccess.ts'
import { expirationText } from './-volume/volumeSettings.ts'

export const Route = createFileRoute('/_app/_admin/volume/')({
  loader: async ({ context }) => {
    const { orgId } = context
    await Promise.all([
      context.queryClient.ensureQueryData(volumeQueries.list(orgId)),
      context.queryClient.ensureQueryData(orgQueries.detail(orgId)),
    ])
  },
  component: VolumesPage,
})

const COLUMNS: ReadonlyArray<Column<Volume>> = [
  {
    key: 'name',
    header: 'Name',
    rowHeader: true,
    render: (volume) => (
      <RouteLink to="/volume/$volumeId" params={{ volumeId: String(volume.volume_id) }}>
        {volume.volume_name}
      </RouteLink>
    ),
  },
  { key: 'status', header: 'Status', render: (volume) => (volume.is_disabled ? 'Disabled' : 'Enabled') },
  {
    key: 'live',
    header: 'Live Expiration',
    phone: 'labelled',
    render: (volume) => expirationText(volume.live_expire_days),
  },
  {
    key: 'dead',
    header: 'Dead Expiration',
    phone: 'labelled',
    render: (volume) => expirationText(volume.dead_expire_days),
  },
]

function AddVolumeForm({ orgId }: { orgId: number }) {
  const create = useCreateVolume(orgId)
  // The name rule (000 section 5) holds for the name as typed: spaces at either end break it, so it is not
  // trimmed into a name the user did not type. The server applies the same rule.
  return (
    <CreateByNameForm
      label="Volume Name"
      name="volume_name"
      submitLabel="Add Volume"
      hint="3 to 64 letters, numbers, spaces, dashes and underscores, beginning and ending with a letter or number."
      check={(volumeName) => (isValidVolumeName(volumeName) ? undefined : INVALID_VOLUME_NAME_MESSAGE)}
      create={(volumeName) => create.mutateAsync({ volume_name: volumeName })}
      pending={create.isPending}
      added={(volumeName) => `Volume ${volumeName} added.`}
      failed={(failure) => messageFor('volume_create', failure)}
    />
  )
}

function VolumesPage() {
  const orgId = adminOrgId(useSession())
  const { data: volumes } = useSuspenseQuery(volumeQueries.list(orgId))
  const { data: org } = useSuspenseQuery(orgQueries.detail(orgId))
  const maxVolumes = org.plan?.max_volume_count ?? null
  const enabled = volumes.filter((volume) => !volume.is_disabled).length
  return (
    <main className="page">
      <h1>Volumes</h1>
      {maxVolumes === null ? null : (
        <p className="hint" data-testid="volume-count">
          {enabled} of {maxVolumes} volumes enabled
        </p>
      )}
      <div className="panel">
        <Table
          label="Volumes"
          columns={COLUMNS}
          rows={volumes}
          rowKey={(volume) => volume.volume_id}
          empty="No volumes yet. Add one below."
        />
        <p>
          <RouteLink to="/volume/permission">All containers</RouteLink>
        </p>
      </div>
      <section className="panel" aria-labelledby="add-volume-heading">
        <h2 id="add-volume-heading">Add Volume</h2>
        <AddVolumeForm orgId={orgId} />
      </section>
    </main>
  )
}
