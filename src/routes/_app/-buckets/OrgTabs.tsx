// The tab bar of the organization area (specification 001, section 2) as far as its screens exist: Network
// Stores (/org/bucket) and Apps (/org/app).
import { Tabs } from '../../../ui/Tabs.tsx'

export function OrgTabs() {
  return (
    <Tabs
      label="Organization"
      tabs={[
        { label: 'Network Stores', href: '/org/bucket', matchPrefix: true },
        { label: 'Apps', href: '/org/app', matchPrefix: true },
      ]}
    />
  )
}
