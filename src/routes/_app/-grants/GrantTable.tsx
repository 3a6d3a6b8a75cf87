// The containers table of /volume/permission and /volume/{volume_id}/permission (specification 001,
// section 2): each container links to its detail, and its users and devices are listed up to five, then
// an ellipsis (section 9).
import type { MediaGrant } from '../../../api/mediaGrants.ts'
import { holderName, permissionListText, statusText } from '../../../lib/grants.ts'
import { RouteLink } from '../../../ui/RouteLink.tsx'
import { Table, type Column } from '../../../ui/Table.tsx'

/** What a row needs to name a container: the columns every container table starts with. */
type GrantRow = Pick<MediaGrant, 'volume_id' | 'grant_name' | 'volume_name' | 'prefix_path' | 'is_disabled'>

/** Container Name (a link to its detail), Volume, Prefix Path and Status: shared by every container table. */
export function grantColumns<Row extends GrantRow>(): Array<Column<Row>> {
  return [
    {
      key: 'name',
      header: 'Container Name',
      rowHeader: true,
      render: (grant) => (
        <RouteLink
          to="/volume/$volumeId/grant/$grantName"
          params={{ volumeId: String(grant.volume_id), grantName: grant.grant_name }}
        >
          {grant.grant_name}
        </RouteLink>
      ),
    },
    { key: 'volume', header: 'Volume', render: (grant) => grant.volume_name },
    {
      key: 'prefix',
      header: 'Prefix Path',
      className: 'cell-path',
      ellipsis: true,
      width: '25%',
      render: (grant) => grant.prefix_path,
    },
    { key: 'status', header: 'Status', render: (grant) => statusText(grant.is_disabled) },
  ]
}

const COLUMNS: ReadonlyArray<Column<MediaGrant>> = [
  ...grantColumns<MediaGrant>(),
  {
    key: 'users',
    header: 'Users',
    phone: 'hidden',
    render: (grant) => permissionListText(grant.user_list.map(holderName)),
  },
  {
    key: 'devices',
    header: 'Devices',
    phone: 'hidden',
    render: (grant) => permissionListText(grant.device_list.map((device) => device.device_name)),
  },
]

/** What a search of containers looks in: names, volume, prefix, and who holds or mounts each. */
export function grantTexts(grant: MediaGrant): string[] {
  return [
    grant.grant_name,
    grant.volume_name,
    grant.prefix_path,
    ...grant.user_list.flatMap((user) => [user.user_name ?? '', user.email]),
    ...grant.device_list.map((device) => device.device_name),
  ]
}

export function GrantTable({ grants, empty }: { grants: readonly MediaGrant[]; empty?: string }) {
  return (
    <Table
      label="Containers"
      columns={COLUMNS}
      rows={grants}
      rowKey={(grant) => grant.media_grant_id}
      empty={empty ?? 'No containers yet. Add one below.'}
    />
  )
}
