// Sign-in by e-mail code, the signed-in user, and the site's settings for the console.
import type { FastifyInstance } from 'fastify'
import { endpoints } from '../contract/endpoints.ts'
import { clientAddress, sessionKeyHash } from '../http/access.ts'
import { attemptOf, clearAttemptCookie, setAttemptCookie } from '../http/attemptCookie.ts'
import { domainPrefixOf } from '../http/customDomain.ts'
import { HttpError } from '../errors.ts'
import { findSessionUserWithOrgs } from '../repositories/orgs.ts'
import { revokeSession } from '../repositories/sessions.ts'
import { changeUserName, loginWithCode, sendLoginCode } from '../services/login.ts'
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

  route(app, endpoints.currentUser, async ({ request }) => {
    // The session's check and the answer in one round trip: every console start asks for this.
    const current = await findSessionUserWithOrgs(app.db, sessionKeyHash(request))
    if (!current) throw new HttpError(403, 'invalid_session')
    return current
  })

  route(app, endpoints.updateCurrentUser, async ({ access: session, body }) => {
    await changeUserName(app.db, session.user_id, body.user_name)
    return {}
  })

  route(app, endpoints.logout, async ({ access: session }) => {
    await revokeSession(app.db, session.session_id)
    return {}
  })
}
