// The signed-in frame (specification 000, section 2): the sidebar beside the page on wide screens; below
// 600px the top bar with its menu button, and the sidebar as an overlay over the page.
import { Outlet } from '@tanstack/react-router'
import { useState, type ReactNode } from 'react'
import { useSession } from '../session.ts'
import { UpdateBanner } from '../AppFrame.tsx'
import { Sidebar } from './Sidebar.tsx'
import { TopBar } from './TopBar.tsx'

/** The page is the matched screen (the outlet), or children in its place (the area's 'Page not found'). */
export function Layout({ children }: { children?: ReactNode }) {
  const session = useSession()
  const [menuOpen, setMenuOpen] = useState(false)
  return (
    <div className="layout">
      <TopBar menuOpen={menuOpen} onMenu={() => setMenuOpen((open) => !open)} />
      <Sidebar session={session} open={menuOpen} onClose={() => setMenuOpen(false)} />
      {menuOpen ? (
        <div className="overlay-backdrop" aria-hidden="true" onClick={() => setMenuOpen(false)} />
      ) : null}
      <div className="layout-main">
        <UpdateBanner />
        {children ?? <Outlet />}
      </div>
    </div>
  )
}
