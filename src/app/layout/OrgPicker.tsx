import { useRouter } from '@tanstack/react-router'
import type { Session } from '../session.ts'
import { switchOrg } from '../session.ts'

/** The org picker, or on a custom-domain site a fixed label: there the site is the organization. */
export function OrgPicker({ session }: { session: Session }) {
  const router = useRouter()
  const { orgs, currentOrg, config } = session
  if (config.domain_prefix !== null) {
    return (
      <p className="org-label" data-testid="org-label">
        {currentOrg?.org_name}
      </p>
    )
  }
  if (orgs.length === 0) return null
  return (
    <label className="org-picker">
      <span>Organization</span>
      <select
        value={currentOrg?.org_id}
        onChange={(event) => {
          switchOrg(Number(event.target.value))
          void router.invalidate()
        }}
      >
        {orgs.map((org) => (
          <option key={org.org_id} value={org.org_id}>
            {org.org_name}
          </option>
        ))}
      </select>
    </label>
  )
}
