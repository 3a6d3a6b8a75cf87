// The tab bar of the organization area (specification 001, section 2: Detail, Plan, Invoices, Payment
// Methods, Network Stores, Apps): /org, /org/plan, /org/invoice, /org/payment, /org/bucket, /org/app.
import { Tabs } from '../../../ui/Tabs.tsx'

export function OrgTabs() {
  return (
    <Tabs
      label="Organization"
      tabs={[
        { label: 'Detail', href: '/org' },
        { label: 'Plan', href: '/org/plan' },
        { label: 'Invoices', href: '/org/invoice', matchPrefix: true },
        { label: 'Payment Methods', href: '/org/payment', matchPrefix: true },
        { label: 'Network Stores', href: '/org/bucket', matchPrefix: true },
        { label: 'Apps', href: '/org/app', matchPrefix: true },
      ]}
    />
  )
}
