// The sidebar's icons: what a collapsed sidebar shows of each entry. Drawn inline (a few paths, no icon
// font or package), in currentColor so they follow the link's colour in every state and theme. They are
// decoration: the entry's name stays in the link, visually hidden when collapsed, so it is still read.
import type { SidebarEntry } from '../../lib/currentOrg.ts'

export type NavIconName = SidebarEntry['to'] | '/account'

const PATHS: Record<NavIconName, string> = {
  // A house.
  '/home': 'M3 10.5 12 3l9 7.5M5.5 9v11h5v-6h3v6h5V9',
  // Stacked disks: storage volumes.
  '/volume':
    'M4 6c0-1.7 3.6-3 8-3s8 1.3 8 3-3.6 3-8 3-8-1.3-8-3zm0 0v12c0 1.7 3.6 3 8 3s8-1.3 8-3V6M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3',
  // A monitor on its stand.
  '/device': 'M3 4h18v12H3zM9 20h6M12 16v4',
  // Two chain links.
  '/share_link':
    'M10 14a4 4 0 0 0 5.7 0l3.6-3.6a4 4 0 0 0-5.7-5.7l-1.1 1.1M14 10a4 4 0 0 0-5.7 0l-3.6 3.6a4 4 0 0 0 5.7 5.7l1.1-1.1',
  // Two people.
  '/admin/user':
    'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM2.5 20c0-3.6 2.9-6 6.5-6s6.5 2.4 6.5 6M16 4.5a3.5 3.5 0 0 1 0 6.5M18 14.5c2 .8 3.5 2.8 3.5 5.5',
  // An office building.
  '/org': 'M4 21V4h10v17M14 9h6v12M2 21h20M7.5 8h3M7.5 12h3M7.5 16h3M17 13h0M17 17h0',
  // One person.
  '/account': 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c0-4.4 3.6-7 8-7s8 2.6 8 7',
}

export function NavIcon({ name }: { name: NavIconName }) {
  return (
    <svg
      className="nav-icon"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[name]} />
    </svg>
  )
}
