import { Link } from '@tanstack/react-router'

/** The narrow-screen bar: the menu button that opens the sidebar, the logo (a link to /), a spacer. */
export function TopBar({ menuOpen, onMenu }: { menuOpen: boolean; onMenu: () => void }) {
  return (
    <header className="top-bar" data-testid="top-bar">
      <button
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
        <img src="/icons/favicon.svg" alt="" width={32} height={32} />
        <span>Media Console</span>
      </Link>
      <span className="spacer" />
    </header>
  )
}
