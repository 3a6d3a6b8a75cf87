import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { appEnvironment } from '../lib/environment.ts'
import { APP_VERSION } from '../lib/version.ts'
import { UpdateBanner } from './UpdateBanner.tsx'

export { UpdateBanner }

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
      <header className="frame-header">
        <Link to="/" className="logo" aria-label="Media Console home">
          <img src="/icons/favicon.svg" alt="" width={32} height={32} />
          <span>Media Console</span>
        </Link>
      </header>
      <UpdateBanner />
      <div className="frame-body">{children}</div>
      <footer className="frame-footer">
        <VersionLabel />
      </footer>
    </div>
  )
}
