// A device (specification 001, section 2: /device/{device_id}): its details box, editable only by admins
// (a member reads the values of their own device); its mounts with, for admins, Enable or Disable, Delete,
// Get Volume Key and Add Mount; what it holds, for offboarding; and, above, why its user stops it when
// they do (removed, or without Add Devices). A device the server does not show this user (another
// member's, another organization's, none) is 'Page not found'.
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { deviceQueries, type Device } from '../../api/devices.ts'
import { mediaGrantQueries } from '../../api/mediaGrants.ts'
import { orgUserQueries } from '../../api/orgUsers.ts'
import { ApiError } from '../../api/transport.ts'
import { useSession } from '../../app/session.ts'
import { RouteLink } from '../../ui/RouteLink.tsx'
import { deviceOrg, parseId } from './-devices/deviceAccess.ts'
import { DeviceForm } from './-devices/DeviceForm.tsx'
import { DeviceMounts } from './-devices/DeviceMounts.tsx'
import { DeviceOffboarding } from './-devices/DeviceOffboarding.tsx'
import { DeviceFacts, DeviceProperties } from './-devices/DeviceProperties.tsx'
import { UserRefusalNotice } from './-devices/UserRefusalNotice.tsx'

export const Route = createFileRoute('/_app/device/$deviceId')({
  beforeLoad: ({ context }) => {
    deviceOrg(context.session)
  },
  loader: async ({ context, params }) => {
    const org = deviceOrg(context.session)
    const deviceId = parseId(params.deviceId)
    if (deviceId === undefined) throw notFound()
    const orgId = org.org_id
    await Promise.all([
      context.queryClient.ensureQueryData(deviceQueries.detail(orgId, deviceId)).catch((error: unknown) => {
        if (error instanceof ApiError && (error.status === 404 || error.status === 403)) throw notFound()
        throw error
      }),
      ...(org.is_admin
        ? [
            context.queryClient.ensureQueryData(orgUserQueries.list(orgId)),
            context.queryClient.ensureQueryData(mediaGrantQueries.adminList(orgId)),
          ]
        : []),
    ])
  },
  component: DevicePage,
})

function AdminDetails({ orgId, device }: { orgId: number; device: Device }) {
  const { data: users } = useSuspenseQuery(orgUserQueries.list(orgId))
  return <DeviceForm orgId={orgId} device={device} users={users} />
}

function DevicePage() {
  const org = deviceOrg(useSession())
  const deviceId = parseId(Route.useParams().deviceId)
  if (deviceId === undefined) throw notFound()
  const { data: device } = useSuspenseQuery(deviceQueries.detail(org.org_id, deviceId))
  return (
    <main className="page">
      <p>
        <RouteLink to="/device">Devices</RouteLink>
      </p>
      <h1 className="device-heading">
        {device.device_name}
        {device.is_disabled ? <span className="badge">Disabled</span> : null}
      </h1>
      <UserRefusalNotice device={device} />
      <section className="panel" aria-labelledby="device-details-heading">
        <h2 id="device-details-heading">Details</h2>
        <DeviceFacts device={device} />
        {org.is_admin ? (
          <AdminDetails orgId={org.org_id} device={device} />
        ) : (
          <DeviceProperties device={device} />
        )}
      </section>
      <DeviceMounts orgId={org.org_id} device={device} isAdmin={org.is_admin} />
      <DeviceOffboarding device={device} isAdmin={org.is_admin} />
    </main>
  )
}
