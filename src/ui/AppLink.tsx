// A link that follows the link rules (specification 000, section 2): http, tel and mail links open in a
// new window; the others navigate within the app, remembering the path they leave.
import { useRouter, useRouterState } from '@tanstack/react-router'
import type { MouseEvent, ReactNode } from 'react'
import { navigateRemembering } from '../app/navigation.ts'
import { isExternalHref } from '../lib/links.ts'

export interface AppLinkProps {
  href: string
  children: ReactNode
  className?: string
  onNavigate?: () => void
  /** Marks the link current when the location is this path or below it. */
  matchPrefix?: boolean
  /** Marks the link current below this other path too (a volume's Containers tab on a container's page). */
  currentUnder?: string
  /** -1 takes the link out of the tab order (a grid's cell that is not its current one). */
  tabIndex?: number
}

export function AppLink({
  href,
  children,
  className,
  onNavigate,
  matchPrefix,
  currentUnder,
  tabIndex,
}: AppLinkProps) {
  const router = useRouter()
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  if (isExternalHref(href)) {
    return (
      <a href={href} className={className} target="_blank" rel="noopener noreferrer" tabIndex={tabIndex}>
        {children}
      </a>
    )
  }
  const current =
    pathname === href ||
    (matchPrefix === true && pathname.startsWith(`${href}/`)) ||
    (currentUnder !== undefined && pathname.startsWith(`${currentUnder}/`))
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // Let the browser handle what the user asked of it: a new tab, a new window, a download.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    onNavigate?.()
    navigateRemembering(router, href)
  }
  return (
    <a
      href={href}
      className={className}
      onClick={onClick}
      aria-current={current ? 'page' : undefined}
      tabIndex={tabIndex}
    >
      {children}
    </a>
  )
}
