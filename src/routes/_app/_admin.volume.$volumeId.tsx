// A volume's screens (specification 001, section 2: /volume/{volume_id}): the volume of the path is read once
// here, before its screens load, and put in their context ('Page not found' for an id the organization has
// no volume of). The volume's name and the tab bar of its areas, Settings, Containers, Audit, At Risk
// (issue 11) and Metrics (issue 12), each its own address, head every one of them, so the volume reads and
// navigates the same wherever an admin is in it.
import { createFileRoute, Outlet } from '@tanstack/react-router'
import { Tabs } from '../../ui/Tabs.tsx'
import { ensureVolume, useVolume } from './-volume/volumeRoute.ts'

export const Route = createFileRoute('/_app/_admin/volume/$volumeId')({
  beforeLoad: async ({ context, params }) => ({ volume: await ensureVolume(context, params.volumeId) }),
  component: VolumeArea,
})

function VolumeArea() {
  const { volume } = useVolume()
  const base = `/volume/${volume.volume_id}`
  return (
    <main className="page">
      <h1>
        {volume.volume_name}
        {volume.is_disabled ? <span className="badge">Disabled</span> : null}
      </h1>
      <Tabs
        label="Volume"
        tabs={[
          { label: 'Settings', href: base },
          { label: 'Containers', href: `${base}/permission`, currentUnder: `${base}/grant` },
          { label: 'Audit', href: `${base}/audit` },
          { label: 'At Risk', href: `${base}/at_risk` },
          { label: 'Metrics', href: `${base}/metric` },
        ]}
      />
      <Outlet />
    </main>
  )
}
