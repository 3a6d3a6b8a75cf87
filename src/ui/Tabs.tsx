// A bar of in-app links for the areas of one screen (the organization's Detail, Plan, Invoices, ...):
// each tab is its own address, so the tabs are links in a named nav, the current one marked
// aria-current="page" by AppLink. It wraps on narrow screens instead of scrolling sideways.
import { AppLink } from './AppLink.tsx'

export interface TabLink {
  label: string
  href: string
  /** Current also below its address (Invoices at /org/invoice/{id}); not for a parent such as /org. */
  matchPrefix?: boolean
  /** Current also below this other path (a list's tab on the pages of its items). */
  currentUnder?: string
}

export interface TabsProps {
  /** The accessible name of the nav, e.g. 'Organization'. */
  label: string
  tabs: readonly TabLink[]
}

export function Tabs({ label, tabs }: TabsProps) {
  return (
    <nav className="tab-bar" aria-label={label}>
      <ul>
        {tabs.map((tab) => (
          <li key={tab.href}>
            <AppLink href={tab.href} matchPrefix={tab.matchPrefix} currentUnder={tab.currentUnder}>
              {tab.label}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
