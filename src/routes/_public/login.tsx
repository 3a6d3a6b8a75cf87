import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Link, createFileRoute, useRouter } from '@tanstack/react-router'
import { useState } from 'react'
import { configQueries } from '../../api/config.ts'
import { startSession } from '../../app/session.ts'
import { afterLoginPath } from '../../lib/links.ts'
import { EmailCodeForm } from '../-accounts/EmailCodeForm.tsx'
import { NotAMember } from '../-accounts/NotAMember.tsx'

export interface LoginSearch {
  /** The path that sent here, to return to after login. */
  redirect?: string
}

export const Route = createFileRoute('/_public/login')({
  validateSearch: (search: Record<string, unknown>): LoginSearch =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  loader: ({ context }) => context.queryClient.ensureQueryData(configQueries.client()),
  component: LoginPage,
})

function LoginPage() {
  const { redirect } = Route.useSearch()
  const router = useRouter()
  const queryClient = useQueryClient()
  const [notAMember, setNotAMember] = useState(false)
  // A custom domain's site refuses signup (it serves its organization's members): no link to it there.
  const { data: config } = useSuspenseQuery(configQueries.client())

  if (notAMember) return <NotAMember onBack={() => setNotAMember(false)} />
  return (
    <main className="auth-card" aria-labelledby="login-heading">
      <h1 id="login-heading">Sign In</h1>
      <EmailCodeForm
        signup={false}
        onLoggedIn={(sessionKey) => {
          startSession(queryClient, sessionKey)
          router.history.push(afterLoginPath(redirect))
        }}
        onNotAMember={() => setNotAMember(true)}
      />
      {config.domain_prefix === null ? (
        <p className="auth-switch">
          New here? <Link to="/signup">Sign up</Link>
        </p>
      ) : null}
    </main>
  )
}
