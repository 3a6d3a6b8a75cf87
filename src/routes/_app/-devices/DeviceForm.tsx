// The device's details box as an admin edits it (specification 001, sections 2, 4, 5 and 7): name, the
// device's, its upload's and its download's switches, upload priority (0 to 1000), its user and Avid. Save
// stays disabled until something changed and every field is valid; only the changed fields are sent.
import { useMemo, type FormEvent } from 'react'
import { useUpdateDevice, type Device } from '../../../api/devices.ts'
import type { OrgUser } from '../../../api/orgUsers.ts'
import { useDraft } from '../../../lib/draft.ts'
import { holderName } from '../../../lib/grants.ts'
import { messageFor } from '../../../lib/messages.ts'
import { RadioGroup, SelectField, TextField, type SelectOption } from '../../../ui/Field.tsx'
import { SaveButton } from '../../../ui/SaveButton.tsx'
import { SaveFormMessages, useSaveForm } from '../../../ui/SaveForm.tsx'
import {
  UPLOAD_PRIORITY_MAX,
  deviceChanges,
  formOfSettings,
  readDeviceForm,
  settingsOfDevice,
  type DeviceForm as DeviceFormValues,
} from './deviceForm.ts'

/** A switch whose stored value says "disabled": true reads Disabled. */
const DISABLED_OPTIONS = [
  { value: false, label: 'Enabled' },
  { value: true, label: 'Disabled' },
] as const

const ENABLED_OPTIONS = [
  { value: true, label: 'Enabled' },
  { value: false, label: 'Disabled' },
] as const

function userOptions(users: readonly OrgUser[], userId: string): SelectOption[] {
  // A device belongs to someone who may add devices (an admin holds every capability).
  const options: SelectOption[] = users
    .filter((user) => user.cap_add_device || String(user.user_id) === userId)
    .map((user) => ({
      value: String(user.user_id),
      label: user.user_name ? `${holderName(user)} (${user.email})` : user.email,
    }))
  // A device without a user, or whose user left the organization, keeps it until another is chosen.
  if (!options.some((option) => option.value === userId))
    options.unshift({ value: userId, label: userId === '' ? 'No user' : 'A former member', disabled: true })
  return options
}

export function DeviceForm({
  orgId,
  device,
  users,
}: {
  orgId: number
  device: Device
  users: readonly OrgUser[]
}) {
  const form = useSaveForm(useUpdateDevice(orgId, device.device_id), {
    saved: 'Device saved.',
    failed: (failure) => messageFor('device_update', failure),
  })
  const saved = useMemo(() => settingsOfDevice(device), [device])
  const savedForm = useMemo(() => formOfSettings(saved), [saved])
  const { draft, patch } = useDraft(savedForm)
  const { settings, errors } = readDeviceForm(draft, saved)
  const changes = settings ? deviceChanges(saved, settings) : {}
  const changed = Object.keys(changes).length > 0
  const edit = (values: Partial<DeviceFormValues>) => {
    form.edited()
    patch(values)
  }
  function submit(event: FormEvent) {
    event.preventDefault()
    if (!settings || !changed) return
    form.save(changes)
  }
  return (
    <form className="form" onSubmit={submit} aria-label="Device details">
      <TextField
        label="Device Name"
        name="device_name"
        autoComplete="off"
        value={draft.device_name}
        onChange={(value) => edit({ device_name: value })}
        error={errors.device_name}
      />
      <RadioGroup
        legend="Status"
        options={DISABLED_OPTIONS}
        value={draft.is_disabled}
        onChange={(value) => edit({ is_disabled: value })}
        hint="A disabled device is refused on its next call; it keeps its mounts."
      />
      <RadioGroup
        legend="Upload"
        options={DISABLED_OPTIONS}
        value={draft.is_upload_disabled}
        onChange={(value) => edit({ is_upload_disabled: value })}
      />
      <RadioGroup
        legend="Download"
        options={DISABLED_OPTIONS}
        value={draft.is_download_disabled}
        onChange={(value) => edit({ is_download_disabled: value })}
      />
      <TextField
        label="Upload Priority"
        name="upload_priority"
        type="number"
        inputMode="numeric"
        min={0}
        max={UPLOAD_PRIORITY_MAX}
        value={draft.upload_priority}
        onChange={(value) => edit({ upload_priority: value })}
        hint={`0 to ${UPLOAD_PRIORITY_MAX}.`}
        error={errors.upload_priority}
      />
      <SelectField
        label="User"
        name="user_id"
        value={draft.user_id}
        options={userOptions(users, draft.user_id)}
        onChange={(value) => edit({ user_id: value })}
      />
      <RadioGroup
        legend="Avid"
        options={ENABLED_OPTIONS}
        value={draft.is_avid_enabled}
        onChange={(value) => edit({ is_avid_enabled: value })}
      />
      <SaveFormMessages form={form} />
      <SaveButton changed={changed} valid={settings !== undefined} pending={form.pending} />
    </form>
  )
}
