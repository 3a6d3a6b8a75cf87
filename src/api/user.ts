import { queryOptions } from '@tanstack/react-query'
import type {
  CurrentUserResponse,
  EmailLoginResponse,
  OrgListItem,
  User,
} from '../../server/contract/user.ts'
import type { Transport } from './transport.ts'

export type { CurrentUserResponse, OrgListItem, User }

export async function sendEmailCode(api: Transport, email: string, signup = false): Promise<void> {
  await api.request('/api/1/user/email_code', {
    method: 'POST',
    body: signup ? { email, signup: true } : { email },
  })
}

export async function emailLogin(
  api: Transport,
  request: { email: string; login_code: string; domain_prefix: string | null },
): Promise<string> {
  const body = request.domain_prefix ? request : { email: request.email, login_code: request.login_code }
  const answer = await api.request<EmailLoginResponse>('/api/1/user/email_login', { method: 'POST', body })
  return answer.user_session_key
}

/** Verifies the session: the user and the organizations they belong to (a retryable call). */
export function getCurrentUser(api: Transport): Promise<CurrentUserResponse> {
  return api.request<CurrentUserResponse>('/api/1/user/current', { retry: true })
}

export async function updateUserName(api: Transport, user_name: string): Promise<void> {
  await api.request('/api/1/user/current', { method: 'POST', body: { user_name } })
}

export async function logout(api: Transport): Promise<void> {
  await api.request('/api/1/user/logout', { method: 'POST' })
}

export const userQueries = {
  current: (api: Transport) =>
    queryOptions({ queryKey: ['user', 'current'], queryFn: () => getCurrentUser(api) }),
}
