import { Link } from '@tanstack/react-router'
import type { RefObject } from 'react'
import { LogoMark } from '../../ui/LogoMark.tsx'

export interface TopBarProps {
  menuOpen: boolean
  onMenu: () => void
  /** While the menu overlay is open, the bar is behind it and out of reach. */
  inert: boolean
  /** Where focus returns when the menu closes. */
  menuButton: RefObject<HTMLButtonElement | null>
}

/** The narrow-screen bar: the menu button that opens the sidebar, the logo (a link to /), a spacer. */
export function TopBar({ menuOpen, onMenu, inert, menuButton }: TopBarProps) {
  return (
    <header className="top-bar" data-testid="top-bar" inert={inert}>
      <button
        ref={menuButton}
        type="button"
        className="icon-button"
        aria-label="Menu"
        aria-expanded={menuOpen}
        aria-controls="sidebar"
        onClick={onMenu}
      >
        <span aria-hidden="true">☰</span>
      </button>
      <Link to="/" className="logo" aria-label="Media Console home">
        <LogoMark />
        <span>Media Console</span>
      </Link>
      <span className="spacer" />
    </header>
  )
}
