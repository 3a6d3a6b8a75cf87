// The kit's tabs, in the two kinds a screen has. Tabs: a bar of in-app links for the areas of one screen
// (the organization's Detail, Plan, Invoices, ...): each tab is its own address, so the tabs are links in a
// named nav, the current one marked aria-current="page" by AppLink. PanelTabs: tabs that switch the panel
// shown inside one address (a file's Properties, Versions, Audit Tracking), the ARIA tabs pattern: a
// tablist of buttons, one tabpanel, the arrow keys moving between tabs. Both look the same (the tab bar of
// src/styles/kit.css): one row that scrolls sideways when the tabs do not fit (a phone), faded at the ends
// that hide more, the current tab kept in view (src/ui/scrollRow.ts).
import { useRouterState } from '@tanstack/react-router'
import { useId, useRef, useState, type ReactNode } from 'react'
import { AppLink } from './AppLink.tsx'
import { useScrollRow } from './scrollRow.ts'

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
  const row = useRef<HTMLUListElement>(null)
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  useScrollRow(row, '[aria-current="page"]', pathname)
  return (
    <nav className="tab-bar" aria-label={label}>
      <ul ref={row}>
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

export interface PanelTabsProps<Tab extends string> {
  /** The accessible name of the tablist, e.g. 'File details'. */
  label: string
  /** The tabs' names, in order; the first is shown first. */
  tabs: readonly Tab[]
  /** The panel of the chosen tab. */
  children: (tab: Tab) => ReactNode
}

export function PanelTabs<Tab extends string>({ label, tabs, children }: PanelTabsProps<Tab>) {
  const [current, setCurrent] = useState<Tab>(tabs[0] as Tab)
  const id = useId()
  const row = useRef<HTMLDivElement>(null)
  useScrollRow(row, '[aria-selected="true"]', current)
  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} ref={row}>
        {tabs.map((tab, index) => (
          <button
            key={tab}
            type="button"
            role="tab"
            id={`${id}-tab-${index}`}
            aria-selected={tab === current}
            aria-controls={`${id}-panel`}
            tabIndex={tab === current ? 0 : -1}
            onClick={() => setCurrent(tab)}
            onKeyDown={(event) => {
              const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
              if (step === 0) return
              const next = tabs[(index + step + tabs.length) % tabs.length] as Tab
              setCurrent(next)
              document.getElementById(`${id}-tab-${tabs.indexOf(next)}`)?.focus()
            }}
          >
            {tab}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${tabs.indexOf(current)}`}>
        {children(current)}
      </div>
    </div>
  )
}
