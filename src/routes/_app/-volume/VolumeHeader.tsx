// The head of every /volume/{volume_id} screen (specification 001, section 2): the volume's name and the tab
// bar of its areas, Settings, Containers, Audit, At Risk (issue 11) and Metrics (issue 12), each its own
// address. The screens of those areas all render it, so the volume reads and navigates the same wherever an
// admin is in it.
import type { Volume } from '../../../api/volumes.ts'
import { Tabs } from '../../../ui/Tabs.tsx'

/** The addresses of a volume's areas (the tabs' targets). */
export function volumeHrefs(volumeId: number) {
  const base = `/volume/${volumeId}`
  return {
    settings: base,
    containers: `${base}/permission`,
    grants: `${base}/grant`,
    audit: `${base}/audit`,
    atRisk: `${base}/at_risk`,
    metrics: `${base}/metric`,
  }
}

export function VolumeHeader({
  volume,
}: {
  volume: Pick<Volume, 'volume_id' | 'volume_name' | 'is_disabled'>
}) {
  const hrefs = volumeHrefs(volume.volume_id)
  return (
    <>
      <h1>
        {volume.volume_name}
        {volume.is_disabled ? <span className="badge">Disabled</span> : null}
      </h1>
      <Tabs
        label="Volume"
        tabs={[
          { label: 'Settings', href: hrefs.settings },
          { label: 'Containers', href: hrefs.containers, currentUnder: hrefs.grants },
          { label: 'Audit', href: hrefs.audit },
          { label: 'At Risk', href: hrefs.atRisk },
          { label: 'Metrics', href: hrefs.metrics },
        ]}
      />
    </>
  )
}
