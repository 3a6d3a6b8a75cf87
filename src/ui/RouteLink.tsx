// A typed in-app link: the target is a route of the app's route tree with its parameters, checked by the
// compiler (a renamed route or a missing parameter fails the build), and it follows the link rules of
// AppLink (remembering the path it leaves).
import { useRouter, type LinkComponentProps } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { AppLink } from './AppLink.tsx'

export type RouteLinkProps = Pick<LinkComponentProps, 'to' | 'params'> & {
  children: ReactNode
  className?: string
  onNavigate?: () => void
  matchPrefix?: boolean
}

export function RouteLink({ to, params, children, ...rest }: RouteLinkProps) {
  const router = useRouter()
  const href = router.buildLocation({ to, params } as Parameters<typeof router.buildLocation>[0]).href
  return (
    <AppLink href={href} {...rest}>
      {children}
    </AppLink>
  )
}
