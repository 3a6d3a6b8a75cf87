import { Link } from '@tanstack/react-router'
import type { MouseEvent, ReactNode } from 'react'
import { appEnvironment } from '../lib/environment.ts'
import { LogoMark } from '../ui/LogoMark.tsx'
import { APP_VERSION } from '../lib/version.ts'
import { focusScreenHeading } from './screenFocus.ts'
import { UpdateBanner } from './UpdateBanner.tsx'

export { UpdateBanner }

/** The id of the element that holds the page, where the skip link leads. */
export const CONTENT_ID = 'content'

/**
 * The first thing Tab reaches on every page: past the sidebar or header, to the screen's heading. The click
 * is handled here because a plain fragment link would only scroll: the heading must take focus so that
 * the next Tab continues inside the page.
 */
export function SkipLink() {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault()
    if (!focusScreenHeading()) document.getElementById(CONTENT_ID)?.focus()
  }
  return (
    <a className="skip-link" href={`#${CONTENT_ID}`} onClick={onClick}>
      Skip to content
    </a>
  )
}

export function VersionLabel() {
  return (
    <span className="version-label" data-testid="version-label">
      v{APP_VERSION}
      {appEnvironment === 'prod' ? null : <span className="environment-badge">{appEnvironment}</span>}
    </span>
  )
}

/** The frame of the signed-out pages: the logo (a link to /), the page, and the version label. */
export function AppFrame({ children }: { children: ReactNode }) {
  return (
    <div className="app-frame">
      <SkipLink />
      <header className="frame-header">
        <Link to="/" className="logo" aria-label="Media Console home">
          <LogoMark />
          <span>Media Console</span>
        </Link>
      </header>
      <UpdateBanner />
      <div className="frame-body" id={CONTENT_ID} tabIndex={-1}>
        {children}
      </div>
      <footer className="frame-footer">
        <VersionLabel />
      </footer>
    </div>
  )
}
