// Sign-in by e-mail code, the signed-in user, and the site's settings for the console.
import type { FastifyInstance } from 'fastify'
import { endpoints } from '../contract/endpointSchemas.ts'
import { sessionKeyHash } from '../access/caller.ts'
import { attemptOf, clearAttemptCookie, setAttemptCookie } from '../http/attemptCookie.ts'
import { clientAddress } from '../http/addresses.ts'
import { domainPrefixOf } from '../http/customDomain.ts'
import { changeUserName, currentUser, loginWithCode, logout, sendLoginCode } from '../services/login.ts'
import { route } from './define.ts'

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const hostPrefix = (host: string | undefined) => domainPrefixOf(host, app.config.baseDomain)

  route(app, endpoints.clientConfig, async ({ request }) => ({
    domain_prefix: hostPrefix(request.headers.host),
    domain_suffix: `.${app.config.baseDomain}`,
    stripe_publishable_key: app.config.stripePublishableKey ?? null,
  }))

  route(app, endpoints.emailCode, async ({ request, reply, body }) => {
    const attempt = await sendLoginCode(app.db, app.mailer, {
      email: body.email,
      signup: body.signup === true,
      address: clientAddress(request),
      domainPrefix: hostPrefix(request.headers.host),
    })
    setAttemptCookie(request, reply, attempt)
    return {}
  })

  route(app, endpoints.emailLogin, async ({ request, reply, body }) => {
    const key = await loginWithCode(app.db, {
      email: body.email,
      loginCode: body.login_code,
      attempt: attemptOf(request),
      // The host decides on a custom-domain site; elsewhere the console may name the organization.
      domainPrefix: hostPrefix(request.headers.host) ?? body.domain_prefix?.toLowerCase() ?? null,
      address: clientAddress(request),
    })
    clearAttemptCookie(request, reply)
    return { user_session_key: key }
  })

  route(app, endpoints.currentUser, async ({ request }) => currentUser(app.db, sessionKeyHash(request)))

  route(app, endpoints.updateCurrentUser, async ({ access: session, body }) => {
    await changeUserName(app.db, session.user_id, body.user_name)
    return {}
  })

  route(app, endpoints.logout, async ({ access: session }) => {
    await logout(app.db, session.session_id)
    return {}
  })
}
