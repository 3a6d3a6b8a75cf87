// The organization's Detail screen (specification 001, section 2: /org), the first tab of the organization
// area: its name and custom domain prefix, the prefix shown as {prefix}{domain suffix}. Save stays disabled
// until something changed and the name is not empty; only changed fields are sent (sections 4 and 5);
// refusals are the catalogue's org_update messages (section 8); a prefix change says how long the old
// address keeps redirecting. Admins only.
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useMemo, type FormEvent } from 'react'
import { configQueries } from '../../api/config.ts'
import { orgQueries, useUpdateOrg } from '../../api/orgs.ts'
import { adminOrgId } from '../../app/adminAccess.ts'
import { useSession } from '../../app/session.ts'
import { useDraft } from '../../lib/draft.ts'
import { messageFor } from '../../lib/messages.ts'
import { TextField } from '../../ui/Field.tsx'
import { SaveButton } from '../../ui/SaveButton.tsx'
import { SaveFormMessages, useSaveForm } from '../../ui/SaveForm.tsx'
import {
  canSaveOrg,
  orgDraftOf,
  orgHost,
  orgUpdateBody,
  prefixWarning,
  savedStatus,
  typedPrefix,
} from './-org/orgDetail.ts'

export const Route = createFileRoute('/_app/_admin/org/')({
  staticData: { orgHeading: 'Organization' },
  loader: async ({ context }) => {
    const { orgId } = context
    await Promise.all([
      context.queryClient.ensureQueryData(orgQueries.detail(orgId)),
      context.queryClient.ensureQueryData(configQueries.client()),
    ])
  },
  component: OrgDetailPage,
})

function OrgDetailPage() {
  const orgId = adminOrgId(useSession())
  const { data: org } = useSuspenseQuery(orgQueries.detail(orgId))
  const { data: config } = useSuspenseQuery(configQueries.client())
  const saved = useMemo(() => orgDraftOf(org), [org])
  const { draft, set } = useDraft(saved)
  const form = useSaveForm(useUpdateOrg(orgId), {
    saved: (body) => savedStatus(saved, body, config.domain_suffix),
    failed: (failure) => messageFor('org_update', failure),
  })
  const host = orgHost(org.domain_prefix, config.domain_suffix)
  function submit(event: FormEvent) {
    event.preventDefault()
    if (!canSaveOrg(saved, draft)) return
    form.save(orgUpdateBody(saved, draft))
  }
  function edit(key: 'org_name' | 'domain_prefix', value: string) {
    form.edited()
    set(key, value)
  }
  return (
    <>
      <section className="panel" aria-labelledby="org-detail-heading">
        <h2 id="org-detail-heading">Detail</h2>
        <p>
          Domain: <span data-testid="org-host">{host ?? 'None'}</span>
        </p>
        <form className="form" onSubmit={submit} aria-label="Organization detail">
          <TextField
            label="Organization Name"
            name="org_name"
            autoComplete="organization"
            maxLength={256}
            value={draft.org_name}
            onChange={(value) => edit('org_name', value)}
          />
          <TextField
            label="Domain Prefix"
            name="domain_prefix"
            autoComplete="off"
            spellCheck={false}
            maxLength={63}
            value={draft.domain_prefix}
            hint={prefixWarning(draft.domain_prefix)}
            onChange={(value) => edit('domain_prefix', typedPrefix(value))}
          />
          <SaveFormMessages form={form} />
          <SaveButton changed={canSaveOrg(saved, draft)} pending={form.pending} />
        </form>
      </section>
    </>
  )
}
