// Volume settings (specification 001, section 2: /volume/{volume_id}): name, Enabled or Disabled, minimum
// expire size, and live and dead expiration, each Off (sent as 0) or 1 to 365 days, with the plan's defaults
// and maximums beside them. Save stays disabled until something changed and every field holds a value; only
// the changed fields are sent (001 sections 4 and 7). Admins only.
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useMemo, type FormEvent } from 'react'
import { orgQueries } from '../../api/orgs.ts'
import { useUpdateVolume, type Volume } from '../../api/volumes.ts'
import { changedFields, useDraft } from '../../lib/draft.ts'
import { formatBytes } from '../../lib/format.ts'
import { messageFor } from '../../lib/messages.ts'
import { RadioGroup, TextField } from '../../ui/Field.tsx'
import { SaveButton } from '../../ui/SaveButton.tsx'
import { SizeField } from '../../ui/SizeField.tsx'
import { SaveFormMessages, useSaveForm } from '../../ui/SaveForm.tsx'
import type { Plan } from '../../../server/contract/plan.ts'
import { RetentionPreview } from './-volume/RetentionPreview.tsx'
import { useVolume } from './-volume/volumeRoute.ts'
import {
  EXPIRE_DAYS_MAX,
  EXPIRE_DAYS_MIN,
  EXPIRE_FIELDS,
  formOfSettings,
  readForm,
  setExpire,
  settingsOfVolume,
  type ExpireKind,
  type VolumeSettingsForm,
} from './-volume/volumeSettings.ts'

export const Route = createFileRoute('/_app/_admin/volume/$volumeId/')({
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(orgQueries.detail(context.orgId))
  },
  component: VolumeSettingsPage,
})

/** What Disabled means (docs/administration.md; enforced by the server's container access). */
const DISABLED_MEANING =
  'A disabled volume keeps its files, but no one can list, upload or download them until it is enabled again.'

const STATUS_OPTIONS = [
  { value: false, label: 'Enabled' },
  { value: true, label: 'Disabled' },
] as const

const EXPIRE_OPTIONS = [
  { value: false, label: 'Off' },
  { value: true, label: 'Expire' },
] as const

const EXPIRE_LABELS: Record<ExpireKind, { legend: string; days: string; what: string }> = {
  live: { legend: 'Live Expiration', days: 'Live Expiration Days', what: 'Files expire' },
  dead: {
    legend: 'Dead Expiration',
    days: 'Dead Expiration Days',
    what: 'Deleted files are removed for good',
  },
}

/** The plan's default and maximum for an expiration, as a hint. */
function expireHint(kind: ExpireKind, plan: Plan | null): string {
  const planDefault = kind === 'live' ? plan?.default_live_expire_days : plan?.default_dead_expire_days
  const planMax = kind === 'live' ? plan?.max_live_expire_days : plan?.max_dead_expire_days
  const parts = [
    `${EXPIRE_LABELS[kind].what} after this many days, ${EXPIRE_DAYS_MIN} to ${EXPIRE_DAYS_MAX}.`,
  ]
  if (planDefault !== null && planDefault !== undefined) parts.push(`Plan default: ${planDefault} days.`)
  if (planMax !== null && planMax !== undefined) parts.push(`Plan maximum: ${planMax} days.`)
  return parts.join(' ')
}

function minExpireSizeHint(plan: Plan | null): string {
  const parts = ['Files smaller than this never expire.']
  const max = plan?.max_min_expire_size
  if (max !== null && max !== undefined) parts.push(`Plan maximum: ${formatBytes(max)}.`)
  return parts.filter(Boolean).join(' ')
}

interface ExpireSettingProps {
  kind: ExpireKind
  form: VolumeSettingsForm
  plan: Plan | null
  error: string | undefined
  onChange: (values: Partial<VolumeSettingsForm>) => void
}

function ExpireSetting({ kind, form, plan, error, onChange }: ExpireSettingProps) {
  const fields = EXPIRE_FIELDS[kind]
  const labels = EXPIRE_LABELS[kind]
  const planDefault =
    (kind === 'live' ? plan?.default_live_expire_days : plan?.default_dead_expire_days) ?? null
  const expire = form[fields.expire]
  return (
    <div className="expire-setting">
      <RadioGroup
        legend={labels.legend}
        options={EXPIRE_OPTIONS}
        value={expire}
        onChange={(value) => onChange(setExpire(form, kind, value, planDefault))}
      />
      <TextField
        label={labels.days}
        name={fields.days}
        type="number"
        inputMode="numeric"
        min={EXPIRE_DAYS_MIN}
        max={EXPIRE_DAYS_MAX}
        disabled={!expire}
        value={form[fields.days]}
        onChange={(value) => {
          const values: Partial<VolumeSettingsForm> = {}
          values[fields.days] = value
          onChange(values)
        }}
        hint={expireHint(kind, plan)}
        error={error}
      />
    </div>
  )
}

function SettingsForm({ orgId, volume, plan }: { orgId: number; volume: Volume; plan: Plan | null }) {
  const form = useSaveForm(useUpdateVolume(orgId, volume.volume_id), {
    saved: 'Volume saved.',
    failed: (failure) => messageFor('volume_update', failure),
  })
  const saved = useMemo(() => settingsOfVolume(volume), [volume])
  const savedForm = useMemo(() => formOfSettings(saved), [saved])
  const { draft, patch, isChanged } = useDraft(savedForm)
  const { settings, errors } = readForm(draft, saved)
  // What would be sent: the settings that differ from the saved ones.
  const changes = settings ? changedFields(saved, settings) : {}
  const changed = settings ? Object.keys(changes).length > 0 : isChanged
  const edit = (values: Partial<VolumeSettingsForm>) => {
    form.edited()
    patch(values)
  }
  function submit(event: FormEvent) {
    event.preventDefault()
    if (!settings || Object.keys(changes).length === 0) return
    form.save(changes)
  }
  return (
    <form className="form" onSubmit={submit} aria-label="Volume settings">
      <TextField
        label="Volume Name"
        name="volume_name"
        autoComplete="off"
        value={draft.volume_name}
        onChange={(value) => edit({ volume_name: value })}
        error={errors.volume_name}
      />
      <RadioGroup
        legend="Status"
        options={STATUS_OPTIONS}
        value={draft.is_disabled}
        onChange={(value) => edit({ is_disabled: value })}
        hint={DISABLED_MEANING}
      />
      <SizeField
        label="Minimum Expire Size"
        name="min_expire_size"
        value={draft.min_expire_size}
        onChange={(value) => edit({ min_expire_size: value })}
        hint={minExpireSizeHint(plan)}
        error={errors.min_expire_size}
      />
      <ExpireSetting kind="live" form={draft} plan={plan} error={errors.live_expire_days} onChange={edit} />
      <ExpireSetting kind="dead" form={draft} plan={plan} error={errors.dead_expire_days} onChange={edit} />
      <RetentionPreview
        orgId={orgId}
        volumeId={volume.volume_id}
        settings={
          settings && {
            live_expire_days: settings.live_expire_days,
            dead_expire_days: settings.dead_expire_days,
            min_expire_size: settings.min_expire_size,
          }
        }
      />
      <SaveFormMessages form={form} />
      <SaveButton changed={changed} valid={settings !== undefined} pending={form.pending} />
    </form>
  )
}

function VolumeSettingsPage() {
  const { orgId, volume } = useVolume()
  const { data: org } = useSuspenseQuery(orgQueries.detail(orgId))
  return (
    <>
      <section className="panel" aria-labelledby="volume-settings-heading">
        <h2 id="volume-settings-heading">Settings</h2>
        <SettingsForm orgId={orgId} volume={volume} plan={org.plan} />
      </section>
    </>
  )
}
