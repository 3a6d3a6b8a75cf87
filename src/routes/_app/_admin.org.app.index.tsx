// Apps (specification 001, section 2: /org/app): the clients devices register through, each Enabled or
// Disabled, and Add App by name (Create App stays disabled while the name is empty, section 5). A new app
// has no secret key until New Key on its page. Admins only.
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { appQueries, useCreateApp, type AppListItem } from '../../api/apps.ts'
import { adminOrgId } from '../../app/adminAccess.ts'
import { useSession } from '../../app/session.ts'
import { messageFor } from '../../lib/messages.ts'
import { CreateByNameForm } from '../../ui/CreateByNameForm.tsx'
import { RouteLink } from '../../ui/RouteLink.tsx'
import { Table, type Column } from '../../ui/Table.tsx'
import { APP_NAME_MAX, appStatusText } from './-apps/appText.ts'

export const Route = createFileRoute('/_app/_admin/org/app/')({
  staticData: { orgHeading: 'Apps' },
  loader: async ({ context }) => {
    const { orgId } = context
    await context.queryClient.ensureQueryData(appQueries.list(orgId))
  },
  component: AppsPage,
})

const COLUMNS: ReadonlyArray<Column<AppListItem>> = [
  {
    key: 'name',
    header: 'Name',
    rowHeader: true,
    render: (app) => (
      <RouteLink to="/org/app/$appId" params={{ appId: String(app.app_id) }}>
        {app.app_name}
      </RouteLink>
    ),
  },
  { key: 'status', header: 'Status', render: appStatusText },
]

function AddAppForm({ orgId }: { orgId: number }) {
  const create = useCreateApp(orgId)
  return (
    <CreateByNameForm
      label="New App Name"
      name="app_name"
      submitLabel="Create App"
      maxLength={APP_NAME_MAX}
      prepare={(typed) => typed.trim()}
      create={(appName) => create.mutateAsync(appName)}
      pending={create.isPending}
      added={(appName) => `App ${appName} created. Open it to make its secret key.`}
      failed={(failure) => messageFor('app_create', failure)}
    />
  )
}

function AppsPage() {
  const orgId = adminOrgId(useSession())
  const { data: apps } = useSuspenseQuery(appQueries.list(orgId))
  return (
    <>
      <p className="hint">Devices register through an app, with its id and secret key.</p>
      <div className="panel">
        <Table
          label="Apps"
          columns={COLUMNS}
          rows={apps}
          rowKey={(app) => app.app_id}
          empty="No apps yet. Add one below."
        />
      </div>
      <section className="panel" aria-labelledby="add-app-heading">
        <h2 id="add-app-heading">Add App</h2>
        <AddAppForm orgId={orgId} />
      </section>
    </>
  )
}
