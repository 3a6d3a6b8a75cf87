// The organization's share link settings, for admins: links on or off (off stops every link at once) and
// the longest lifetime a new link may have. Save stays disabled until something changed; only the changed
// fields are sent (src/lib/draft.ts).
import { type FormEvent } from 'react'
import { MAX_LINK_DAYS } from '../../../../server/contract/limits.ts'
import { useUpdateShareLinkSettings, type ShareLinkSettings } from '../../../api/shareLinks.ts'
import { useDraft } from '../../../lib/draft.ts'
import { messageFor } from '../../../lib/messages.ts'
import { RadioGroup, TextField } from '../../../ui/Field.tsx'
import { SaveButton } from '../../../ui/SaveButton.tsx'
import { SaveFormMessages, useSaveForm } from '../../../ui/SaveForm.tsx'
import { useMemo } from 'react'

const ENABLED_OPTIONS = [
  { value: true, label: 'On' },
  { value: false, label: 'Off' },
] as const

export function ShareLinkSettingsForm({ orgId, settings }: { orgId: number; settings: ShareLinkSettings }) {
  const saved = useMemo(
    () => ({
      share_links_enabled: settings.share_links_enabled,
      max_link_days: String(settings.max_link_days),
    }),
    [settings.share_links_enabled, settings.max_link_days],
  )
  const { draft, set, changed, isChanged } = useDraft(saved)
  const form = useSaveForm(useUpdateShareLinkSettings(orgId), {
    saved: 'Settings saved.',
    failed: (failure) => messageFor('share_link_settings', failure),
  })
  const days = /^[0-9]{1,3}$/.test(draft.max_link_days.trim()) ? Number(draft.max_link_days.trim()) : 0
  const daysError =
    days >= 1 && days <= MAX_LINK_DAYS
      ? undefined
      : `Please enter a number of days from 1 to ${MAX_LINK_DAYS}.`

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!isChanged || daysError) return
    form.save({
      ...(changed.share_links_enabled === undefined
        ? {}
        : { share_links_enabled: changed.share_links_enabled }),
      ...(changed.max_link_days === undefined ? {} : { max_link_days: days }),
    })
  }

  return (
    <form className="form" onSubmit={submit} aria-label="Share link settings">
      <RadioGroup
        legend="Share links"
        options={ENABLED_OPTIONS}
        value={draft.share_links_enabled}
        hint="Off stops every link of the organization at once."
        onChange={(value) => {
          form.edited()
          set('share_links_enabled', value)
        }}
      />
      <TextField
        label="Longest lifetime (days)"
        name="max_link_days"
        inputMode="numeric"
        autoComplete="off"
        hint={`New links expire within this many days (at most ${MAX_LINK_DAYS}).`}
        value={draft.max_link_days}
        error={isChanged ? daysError : undefined}
        onChange={(value) => {
          form.edited()
          set('max_link_days', value)
        }}
      />
      <SaveFormMessages form={form} />
      <SaveButton changed={isChanged} valid={daysError === undefined} pending={form.pending} />
    </form>
  )
}
