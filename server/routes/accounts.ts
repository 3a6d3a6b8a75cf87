import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ClientConfig } from '../contract/clientConfig.ts'
import {
  CurrentUserResponse,
  EmailCodeRequest,
  EmailLoginRequest,
  EmailLoginResponse,
  UpdateUserRequest,
  USER_NAME_PATTERN,
} from '../contract/user.ts'
import { clientAddress, requireSession, sessionKeyHash } from '../http/access.ts'
import { attemptOf, clearAttemptCookie, setAttemptCookie } from '../http/attemptCookie.ts'
import { domainPrefixOf } from '../http/customDomain.ts'
import { HttpError } from '../http/errors.ts'
import { findSessionUserWithOrgs } from '../repositories/orgs.ts'
import { revokeSession } from '../repositories/sessions.ts'
import { setUserName } from '../repositories/users.ts'
import { loginWithCode, sendLoginCode } from '../services/login.ts'

export const accountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const hostPrefix = (host: string | undefined) => domainPrefixOf(host, app.config.baseDomain)

  app.get('/api/1/config', { schema: { response: { 200: ClientConfig } } }, async (request) => ({
    domain_prefix: hostPrefix(request.headers.host),
    stripe_publishable_key: app.config.stripePublishableKey ?? null,
  }))

  app.post('/api/1/user/email_code', { schema: { body: EmailCodeRequest } }, async (request, reply) => {
    const attempt = await sendLoginCode(app.db, app.mailer, {
      email: request.body.email,
      signup: request.body.signup === true,
      address: clientAddress(request),
      domainPrefix: hostPrefix(request.headers.host),
    })
    setAttemptCookie(request, reply, attempt)
    return {}
  })

  app.post(
    '/api/1/user/email_login',
    { schema: { body: EmailLoginRequest, response: { 200: EmailLoginResponse } } },
    async (request, reply) => {
      const key = await loginWithCode(app.db, {
        email: request.body.email,
        loginCode: request.body.login_code,
        attempt: attemptOf(request),
        // The host decides on a custom-domain site; elsewhere the console may name the organization.
        domainPrefix: hostPrefix(request.headers.host) ?? request.body.domain_prefix?.toLowerCase() ?? null,
        address: clientAddress(request),
      })
      clearAttemptCookie(request, reply)
      return { user_session_key: key }
    },
  )

  app.get('/api/1/user/current', { schema: { response: { 200: CurrentUserResponse } } }, async (request) => {
    // The session's check and the answer in one round trip: every console start asks for this.
    const current = await findSessionUserWithOrgs(app.db, sessionKeyHash(request))
    if (!current) throw new HttpError(403, 'invalid_session')
    return current
  })

  app.post('/api/1/user/current', { schema: { body: UpdateUserRequest } }, async (request) => {
    const session = await requireSession(request)
    const userName = request.body.user_name.trim()
    if (!USER_NAME_PATTERN.test(userName)) throw new HttpError(400, 'invalid_user_name')
    if (!(await setUserName(app.db, session.user_id, userName))) throw new HttpError(409, 'used_user_name')
    return {}
  })

  app.post('/api/1/user/logout', async (request) => {
    const session = await requireSession(request)
    await revokeSession(app.db, session.session_id)
    return {}
  })
}
