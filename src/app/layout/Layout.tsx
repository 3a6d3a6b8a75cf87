// The signed-in frame (specification 000, section 2): the sidebar beside the page on wide screens; below
// 600px the top bar with its menu button, and the sidebar as an overlay over the page. The open overlay
// is modal: the page behind is inert, Tab cycles inside the menu, Escape closes it, and focus goes back to
// the Menu button (or, when a link was followed, to the new screen's heading).
import { Outlet } from '@tanstack/react-router'
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { useSession } from '../session.ts'
import { CONTENT_ID, SkipLink, UpdateBanner } from '../AppFrame.tsx'
import { TransferPanel } from '../TransferPanel.tsx'
import { tabbables, wrapTabIndex } from './focusTrap.ts'
import { Sidebar } from './Sidebar.tsx'
import { TopBar } from './TopBar.tsx'

/** Where the sidebar becomes an overlay (src/styles/narrow.css uses the same width). */
const NARROW = '(max-width: 600px)'

/** The page is the matched screen (the outlet), or children in its place (the area's 'Page not found'). */
export function Layout({ children }: { children?: ReactNode }) {
  const session = useSession()
  const [menuOpen, setMenuOpen] = useState(false)
  const menuButton = useRef<HTMLButtonElement>(null)
  const sidebar = useRef<HTMLElement>(null)

  const closeMenu = (returnFocus: boolean) => {
    setMenuOpen(false)
    // After the page stops being inert, or the button could not take focus.
    if (returnFocus) requestAnimationFrame(() => menuButton.current?.focus())
  }

  useEffect(() => {
    if (!menuOpen) return
    // Into the menu, at its first control (the close button), as a dialog opens.
    if (sidebar.current) tabbables(sidebar.current)[0]?.focus()
    // Widened past the breakpoint, the sidebar is no overlay any more: nothing may stay inert.
    const narrow = window.matchMedia(NARROW)
    const onChange = () => {
      if (!narrow.matches) setMenuOpen(false)
    }
    narrow.addEventListener('change', onChange)
    return () => narrow.removeEventListener('change', onChange)
  }, [menuOpen])

  const onMenuKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!menuOpen) return
    if (event.key === 'Escape') {
      event.preventDefault()
      closeMenu(true)
      return
    }
    if (event.key !== 'Tab' || !sidebar.current) return
    const controls = tabbables(sidebar.current)
    const index = controls.indexOf(document.activeElement as HTMLElement)
    const target = wrapTabIndex(controls.length, index, event.shiftKey)
    if (target === undefined) return
    event.preventDefault()
    controls[target]?.focus()
  }

  return (
    <div className="layout">
      <SkipLink />
      <TopBar
        menuOpen={menuOpen}
        onMenu={() => setMenuOpen((open) => !open)}
        inert={menuOpen}
        menuButton={menuButton}
      />
      <Sidebar
        session={session}
        open={menuOpen}
        onClose={() => closeMenu(true)}
        onNavigate={() => closeMenu(false)}
        onKeyDown={onMenuKeyDown}
        ref={sidebar}
      />
      {menuOpen ? (
        <div className="overlay-backdrop" aria-hidden="true" onClick={() => closeMenu(true)} />
      ) : null}
      <div className="layout-main" id={CONTENT_ID} tabIndex={-1} inert={menuOpen}>
        <UpdateBanner />
        {children ?? <Outlet />}
        <TransferPanel />
      </div>
    </div>
  )
}
