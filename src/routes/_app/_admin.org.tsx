// The organization area (specification 001, section 2): each screen's heading, then the area's tab bar
// (Detail, Plan, Invoices, Payment Methods, Network Stores, Apps: /org, /org/plan, /org/invoice,
// /org/payment, /org/bucket, /org/app), then the screen. A screen names its heading in its route's
// staticData: a text, or for a page whose heading shows what it is about (an invoice's id, a store's name
// and state) a component that reads it.
import { createFileRoute, Outlet, useMatches } from '@tanstack/react-router'
import type { ComponentType } from 'react'
import { Tabs } from '../../ui/Tabs.tsx'

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The heading of a screen of the organization area, shown above the area's tabs. */
    orgHeading?: string | ComponentType
  }
}

export const Route = createFileRoute('/_app/_admin/org')({
  component: OrgArea,
})

const ORG_TABS = [
  { label: 'Detail', href: '/org' },
  { label: 'Plan', href: '/org/plan' },
  { label: 'Invoices', href: '/org/invoice', matchPrefix: true },
  { label: 'Payment Methods', href: '/org/payment', matchPrefix: true },
  { label: 'Network Stores', href: '/org/bucket', matchPrefix: true },
  { label: 'Apps', href: '/org/app', matchPrefix: true },
]

function OrgArea() {
  const Heading = useMatches({ select: (matches) => matches.at(-1)?.staticData.orgHeading })
  return (
    <main className="page">
      {typeof Heading === 'string' ? (
        <h1>{Heading}</h1>
      ) : Heading ? (
        // eslint-disable-next-line react-hooks/static-components -- a screen's own module-level component, not one made here
        <Heading />
      ) : null}
      <Tabs label="Organization" tabs={ORG_TABS} />
      <Outlet />
    </main>
  )
}
