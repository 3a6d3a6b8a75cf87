// A volume's media at risk (issue 11: /volume/{volume_id}/at_risk): the files whose content is not in the
// cloud yet ('Not Uploaded'), with the devices that hold them, and which of them no device seen in the last
// N days holds (N in the address, 7 by default), so an admin sees what would be lost with a machine before
// it goes. The server lists the stale files first and at most 200; the counts cover them all. Admins only.
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { atRiskQueries, type AtRiskFile } from '../../api/atRisk.ts'
import { mediaGrantQueries } from '../../api/mediaGrants.ts'
import { formatBytes } from '../../lib/format.ts'
import { AppLink } from '../../ui/AppLink.tsx'
import { DateTime } from '../../ui/DateTime.tsx'
import { SelectField } from '../../ui/Field.tsx'
import { RouteLink } from '../../ui/RouteLink.tsx'
import { Table, type Column } from '../../ui/Table.tsx'
import {
  AT_RISK_DEFAULT_DAYS,
  NO_FILES_AT_RISK,
  countsText,
  explanationText,
  fileHref,
  parseStaleDays,
  riskText,
  seenText,
  showingText,
  staleDayOptions,
  volumeFilePath,
} from './-volume/atRisk.ts'
import { useVolume } from './-volume/volumeRoute.ts'

export interface AtRiskSearch {
  /** Days within which a device counts as recent (1 to 365); without it, the default. */
  days?: number | undefined
}

export const Route = createFileRoute('/_app/_admin/volume/$volumeId/at_risk')({
  // Always answers the key (undefined for the default or a bad value): a key left out of the answer would
  // keep the address's raw value, which the root route passes on (?days=999 would reach the server).
  validateSearch: (search: Record<string, unknown>): AtRiskSearch => {
    const days = parseStaleDays(search.days)
    return { days: days === AT_RISK_DEFAULT_DAYS ? undefined : days }
  },
  loaderDeps: ({ search }) => ({ days: search.days ?? AT_RISK_DEFAULT_DAYS }),
  loader: async ({ context, deps }) => {
    const { orgId, volume } = context
    await context.queryClient.ensureQueryData(atRiskQueries.volume(orgId, volume.volume_id, deps.days))
  },
  component: VolumeAtRiskPage,
})

function DevicesCell({ file }: { file: AtRiskFile }) {
  if (file.device_list.length === 0) return <>No device</>
  return (
    <>
      {file.device_list.map((device) => (
        <div key={device.device_id}>
          <RouteLink to="/device/$deviceId" params={{ deviceId: String(device.device_id) }}>
            {device.device_name}
          </RouteLink>{' '}
          <span className="hint">{seenText(device.last_seen)}</span>
        </div>
      ))}
    </>
  )
}

function columns(href: (file: AtRiskFile) => string | undefined): ReadonlyArray<Column<AtRiskFile>> {
  return [
    {
      key: 'file',
      header: 'File',
      rowHeader: true,
      className: 'cell-path',
      ellipsis: true,
      width: '40%',
      title: (file) => volumeFilePath(file.media_path),
      render: (file) => {
        const target = href(file)
        const path = volumeFilePath(file.media_path)
        return target ? <AppLink href={target}>{path}</AppLink> : path
      },
    },
    { key: 'size', header: 'Size', render: (file) => formatBytes(file.file_size) },
    {
      key: 'updated',
      header: 'Last Updated',
      phone: 'hidden',
      render: (file) => <DateTime value={file.last_updated} />,
    },
    { key: 'devices', header: 'Devices', render: (file) => <DevicesCell file={file} /> },
    { key: 'risk', header: 'Risk', render: (file) => riskText(file) },
  ]
}

function VolumeAtRiskPage() {
  const { orgId, volume } = useVolume()
  const days = Route.useSearch().days ?? AT_RISK_DEFAULT_DAYS
  const navigate = useNavigate({ from: Route.fullPath })
  // The control follows a choice at once; the list follows once the address (and its loader) has.
  const [choice, setChoice] = useState(days)
  const [addressDays, setAddressDays] = useState(days)
  if (addressDays !== days) {
    setAddressDays(days)
    setChoice(days)
  }
  const { data: answer } = useSuspenseQuery(atRiskQueries.volume(orgId, volume.volume_id, days))
  // The containers the admin holds (the layout reads them): a file under one of them opens in the browser.
  const grants = useQuery(mediaGrantQueries.list(orgId)).data ?? []
  const showing = showingText(answer)
  return (
    <>
      <section className="panel" aria-labelledby="at-risk-heading">
        <h2 id="at-risk-heading">Files at Risk</h2>
        <p>{explanationText(answer.stale_days)}</p>
        <SelectField
          label="Recent Devices"
          hint="A device seen within this many days counts as holding a copy."
          value={String(choice)}
          options={staleDayOptions(choice)}
          onChange={(value) => {
            const next = parseStaleDays(value) ?? AT_RISK_DEFAULT_DAYS
            setChoice(next)
            void navigate({
              search: { days: next === AT_RISK_DEFAULT_DAYS ? undefined : next },
              replace: true,
            })
          }}
        />
        <p role="status" data-testid="at-risk-counts">
          {countsText(answer)}
        </p>
        {showing ? <p className="hint">{showing}</p> : null}
        <Table
          label="Files at Risk"
          columns={columns((file) => fileHref(file.media_path, volume.volume_id, grants))}
          rows={answer.file_list}
          rowKey={(file) => file.media_id}
          rowData={(file) => ({ 'data-risk': file.is_stale ? 'stale' : 'recent' })}
          empty={NO_FILES_AT_RISK}
        />
      </section>
    </>
  )
}
