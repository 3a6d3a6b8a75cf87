import { queryOptions } from '@tanstack/react-query'
import type {
  CurrentUserResponse,
  EmailLoginResponse,
  OrgListItem,
  User,
} from '../../server/contract/user.ts'
import { endpoints } from '../../server/contract/endpoints.ts'
import { callEndpoint } from './endpoint.ts'
import type { Transport } from './transport.ts'

export type { CurrentUserResponse, OrgListItem, User }

export async function sendEmailCode(api: Transport, email: string, signup = false): Promise<void> {
  await callEndpoint(api, endpoints.emailCode, { body: signup ? { email, signup: true } : { email } })
}

export async function emailLogin(
  api: Transport,
  request: { email: string; login_code: string; domain_prefix: string | null },
): Promise<string> {
  const body = request.domain_prefix ? request : { email: request.email, login_code: request.login_code }
  const answer: EmailLoginResponse = await callEndpoint(api, endpoints.emailLogin, { body })
  return answer.user_session_key
}

/** Verifies the session: the user and the organizations they belong to (a retryable call). */
export function getCurrentUser(api: Transport): Promise<CurrentUserResponse> {
  return callEndpoint(api, endpoints.currentUser, {}, { retry: true })
}

export async function updateUserName(api: Transport, user_name: string): Promise<void> {
  await callEndpoint(api, endpoints.updateCurrentUser, { body: { user_name } })
}

export async function logout(api: Transport): Promise<void> {
  await callEndpoint(api, endpoints.logout, {})
}

export const userQueries = {
  current: (api: Transport) =>
    queryOptions({ queryKey: ['user', 'current'], queryFn: () => getCurrentUser(api) }),
}
