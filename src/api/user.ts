import { queryOptions, useMutation } from '@tanstack/react-query'
import type {
  CurrentUserResponse,
  EmailLoginResponse,
  OrgListItem,
  User,
} from '../../server/contract/user.ts'
import { endpoints } from '../../server/contract/endpoints.ts'
import { call } from './client.ts'
import { useInvalidateCurrentUser } from './invalidation.ts'

export type { CurrentUserResponse, OrgListItem, User }

export async function sendEmailCode(email: string, signup = false): Promise<void> {
  await call(endpoints.emailCode, { body: signup ? { email, signup: true } : { email } })
}

export async function emailLogin(request: {
  email: string
  login_code: string
  domain_prefix: string | null
}): Promise<string> {
  const body = request.domain_prefix ? request : { email: request.email, login_code: request.login_code }
  const answer: EmailLoginResponse = await call(endpoints.emailLogin, { body })
  return answer.user_session_key
}

/** Verifies the session: the user and the organizations they belong to (a retryable call). */
export function getCurrentUser(): Promise<CurrentUserResponse> {
  return call(endpoints.currentUser, {}, { retry: true })
}

export async function updateUserName(user_name: string): Promise<void> {
  await call(endpoints.updateCurrentUser, { body: { user_name } })
}

export async function logout(): Promise<void> {
  await call(endpoints.logout, {})
}

export const userQueries = {
  current: () => queryOptions({ queryKey: ['user', 'current'], queryFn: () => getCurrentUser() }),
}

/** Sends a sign-in code to the address; signup creates the user when the address is new. */
export function useSendEmailCode(signup: boolean) {
  return useMutation({ mutationFn: (email: string) => sendEmailCode(email, signup) })
}

/** Answers the new session's key; the caller starts the session with it (src/app/session.ts). */
export function useEmailLogin() {
  return useMutation({ mutationFn: emailLogin })
}

export function useUpdateUserName() {
  const invalidate = useInvalidateCurrentUser()
  return useMutation({ mutationFn: (userName: string) => updateUserName(userName), onSuccess: invalidate })
}
