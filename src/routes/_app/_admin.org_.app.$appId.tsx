// An app (specification 001, section 2: /org/app/{app_id}): its name, Enabled or Disabled with Enable and
// Disable, its secret key (New Key, or Regenerate Key once it has one, after a confirmation; shown once),
// and the devices registered through it. An app the organization does not have is 'Page not found'.
// Admins only.
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { appQueries, type AppDevice } from '../../api/apps.ts'
import { adminOrgId, foundOrNotFound } from '../../app/adminAccess.ts'
import { useSession } from '../../app/session.ts'
import { NO_APP_DEVICES_MESSAGE } from '../../lib/messages.ts'
import { RouteLink } from '../../ui/RouteLink.tsx'
import { Table, type Column } from '../../ui/Table.tsx'
import { AppKey } from './-apps/AppKey.tsx'
import { AppNameForm } from './-apps/AppNameForm.tsx'
import { AppStatus } from './-apps/AppStatus.tsx'
import { parseId } from './-devices/deviceAccess.ts'
import { statusWord } from './-devices/deviceStatus.ts'
import { deviceNameColumn } from './-devices/deviceColumns.tsx'

export const Route = createFileRoute('/_app/_admin/org_/app/$appId')({
  loader: async ({ context, params }) => {
    const { orgId } = context
    const appId = parseId(params.appId)
    if (appId === undefined) throw notFound()
    await foundOrNotFound(context.queryClient.ensureQueryData(appQueries.detail(orgId, appId)))
  },
  component: AppPage,
})

const DEVICE_COLUMNS: ReadonlyArray<Column<AppDevice>> = [
  deviceNameColumn<AppDevice>(),
  { key: 'status', header: 'Status', render: (device) => statusWord(device.is_disabled) },
]

function AppPage() {
  const orgId = adminOrgId(useSession())
  const appId = parseId(Route.useParams().appId)
  if (appId === undefined) throw notFound()
  const { data: app } = useSuspenseQuery(appQueries.detail(orgId, appId))
  return (
    <main className="page">
      <p>
        <RouteLink to="/org/app">Apps</RouteLink>
      </p>
      <h1 className="device-heading">
        {app.app_name}
        {app.is_disabled ? <span className="badge">Disabled</span> : null}
      </h1>
      <section className="panel" aria-labelledby="app-details-heading">
        <h2 id="app-details-heading">Details</h2>
        <AppStatus orgId={orgId} app={app} />
        <AppNameForm orgId={orgId} app={app} />
      </section>
      <AppKey orgId={orgId} app={app} />
      <section className="panel" aria-labelledby="app-devices-heading">
        <h2 id="app-devices-heading">Devices</h2>
        <Table
          label="Devices"
          columns={DEVICE_COLUMNS}
          rows={app.device_list}
          rowKey={(device) => device.device_id}
          empty={NO_APP_DEVICES_MESSAGE}
        />
      </section>
    </main>
  )
}
