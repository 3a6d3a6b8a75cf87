// Devices (specification 001, section 2: /device): Active (the default) or All devices, with their user,
// status (why its user stops a device, and when a refused device last tried), last seen and version; the
// client downloads. An admin sees every device of the organization, a member their own; a member reaches
// the screen when the organization may add devices or has some (section 6). A search (name, user, status,
// version) and pages of 50, kept in the address with the filter.
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { deviceQueries, type DeviceFilter, type DeviceListItem } from '../../api/devices.ts'
import { useSession } from '../../app/session.ts'
import {
  listPage,
  listSearchOf,
  pageNavigation,
  searchNavigation,
  type ListSearch,
} from '../../lib/listSearch.ts'
import { NO_DEVICES_MESSAGE } from '../../lib/messages.ts'
import { DateTime } from '../../ui/DateTime.tsx'
import { ListToolbar, noMatchText, Pager } from '../../ui/ListToolbar.tsx'
import { RadioGroup } from '../../ui/Field.tsx'
import { Table, type Column } from '../../ui/Table.tsx'
import { ClientDownloads } from './-devices/ClientDownloads.tsx'
import { deviceOrg } from './-devices/deviceAccess.ts'
import { DeviceStatusCell } from './-devices/DeviceStatusCell.tsx'
import { deviceStatus } from './-devices/deviceStatus.ts'
import { deviceNameColumn } from './-devices/deviceColumns.tsx'

export interface DeviceSearch extends ListSearch {
  /** All devices; without it, the active ones. */
  filter?: 'all'
}

export const Route = createFileRoute('/_app/device/')({
  // The key is always returned (undefined when not 'all'): the router keeps a raw value for a key the
  // route leaves out, so /device?filter=x would otherwise reach the server as the filter.
  validateSearch: (search: Record<string, unknown>): DeviceSearch => ({
    filter: search.filter === 'all' ? 'all' : undefined,
    ...listSearchOf(search),
  }),
  beforeLoad: ({ context }) => {
    deviceOrg(context.session)
  },
  loaderDeps: ({ search }): { filter: DeviceFilter } => ({ filter: search.filter ?? 'active' }),
  loader: async ({ context, deps }) => {
    const org = deviceOrg(context.session)
    await context.queryClient.ensureQueryData(deviceQueries.list(org.org_id, deps.filter))
  },
  component: DevicesPage,
})

const FILTER_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'all', label: 'All' },
] as const

const COLUMNS: ReadonlyArray<Column<DeviceListItem>> = [
  deviceNameColumn<DeviceListItem>(),
  { key: 'user', header: 'User', render: (device) => device.user_name ?? device.email ?? '' },
  { key: 'status', header: 'Status', render: (device) => <DeviceStatusCell device={device} /> },
  {
    key: 'seen',
    header: 'Last Seen',
    render: (device) => <DateTime value={device.last_seen} empty="Never" />,
  },
  { key: 'version', header: 'Version', phone: 'hidden', render: (device) => device.last_version ?? '' },
]

const deviceTexts = (device: DeviceListItem) => [
  device.device_name,
  device.user_name,
  device.email,
  device.last_version,
  deviceStatus(device).status,
  deviceStatus(device).reason,
]

function DevicesPage() {
  const org = deviceOrg(useSession())
  const search = Route.useSearch()
  const filter: DeviceFilter = search.filter ?? 'active'
  const navigate = useNavigate({ from: Route.fullPath })
  // The radio follows a click at once; the list follows once the address (and its loader) has.
  const [choice, setChoice] = useState<DeviceFilter>(filter)
  const [addressFilter, setAddressFilter] = useState<DeviceFilter>(filter)
  if (addressFilter !== filter) {
    setAddressFilter(filter)
    setChoice(filter)
  }
  const { data: devices } = useSuspenseQuery(deviceQueries.list(org.org_id, filter))
  const list = listPage(devices, search, deviceTexts)
  return (
    <main className="page">
      <h1>Devices</h1>
      <div className="panel">
        <RadioGroup
          legend="Show"
          options={FILTER_OPTIONS}
          value={choice}
          onChange={(value) => {
            setChoice(value)
            void navigate({
              search: (prev: DeviceSearch): DeviceSearch => ({
                ...prev,
                filter: value === 'all' ? 'all' : undefined,
                page: undefined,
              }),
              replace: true,
            })
          }}
        />
        <ListToolbar
          label="Search devices"
          value={search.q}
          onSearch={(q) => void navigate(searchNavigation(q))}
          matched={list.matched}
          total={devices.length}
        />
        <Table
          label="Devices"
          columns={COLUMNS}
          rows={list.rows}
          rowKey={(device) => device.device_id}
          rowData={(device) => ({ 'data-status': device.is_disabled ? 'disabled' : 'enabled' })}
          empty={search.q === undefined || devices.length === 0 ? NO_DEVICES_MESSAGE : noMatchText(search.q)}
        />
        <Pager label="Devices" list={list} onPage={(page) => void navigate(pageNavigation(page))} />
      </div>
      <ClientDownloads />
    </main>
  )
}
