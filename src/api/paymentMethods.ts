import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { endpoints } from '../../server/contract/endpoints.ts'
import type { PaymentMethod } from '../../server/contract/paymentMethod.ts'
import { useApi } from '../app/session.ts'
import { callEndpoint } from './endpoint.ts'
import { CARD_TIMEOUT_MS, type Transport } from './transport.ts'

export type { PaymentMethod }

export async function listPaymentMethods(api: Transport, orgId: number): Promise<PaymentMethod[]> {
  const answer = await callEndpoint(api, endpoints.paymentMethodList, { params: { org_id: orgId } })
  return answer.payment_method_list.filter((method) => !method.is_deleted)
}

/** Attaching a card goes through the payment provider, hence the longer timeout of the spec. */
export async function addPaymentMethod(
  api: Transport,
  orgId: number,
  stripe_payment_method_id: string,
): Promise<number> {
  const answer = await callEndpoint(
    api,
    endpoints.paymentMethodAdd,
    { params: { org_id: orgId }, body: { stripe_payment_method_id } },
    { timeoutMs: CARD_TIMEOUT_MS },
  )
  return answer.payment_method_id
}

/** Makes a backup card the default; the former default becomes a backup. */
export async function makeDefaultPaymentMethod(
  api: Transport,
  orgId: number,
  paymentMethodId: number,
): Promise<void> {
  await callEndpoint(api, endpoints.paymentMethodDefault, {
    params: { org_id: orgId, payment_method_id: paymentMethodId },
  })
}

/** Removes a backup card; the server refuses the default (409). */
export async function deletePaymentMethod(
  api: Transport,
  orgId: number,
  paymentMethodId: number,
): Promise<void> {
  await callEndpoint(api, endpoints.paymentMethodDelete, {
    params: { org_id: orgId, payment_method_id: paymentMethodId },
  })
}

export const paymentMethodQueries = {
  list: (api: Transport, orgId: number) =>
    queryOptions({
      queryKey: ['org', orgId, 'payment_method'],
      queryFn: () => listPaymentMethods(api, orgId),
    }),
}

function useInvalidateList(orgId: number) {
  const api = useApi()
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: paymentMethodQueries.list(api, orgId).queryKey })
}

export function useAddPaymentMethod(orgId: number) {
  const api = useApi()
  const invalidate = useInvalidateList(orgId)
  return useMutation({
    mutationFn: (stripePaymentMethodId: string) => addPaymentMethod(api, orgId, stripePaymentMethodId),
    onSuccess: invalidate,
  })
}

export function useMakeDefaultPaymentMethod(orgId: number) {
  const api = useApi()
  const invalidate = useInvalidateList(orgId)
  return useMutation({
    mutationFn: (paymentMethodId: number) => makeDefaultPaymentMethod(api, orgId, paymentMethodId),
    onSuccess: invalidate,
  })
}

export function useDeletePaymentMethod(orgId: number) {
  const api = useApi()
  const invalidate = useInvalidateList(orgId)
  return useMutation({
    mutationFn: (paymentMethodId: number) => deletePaymentMethod(api, orgId, paymentMethodId),
    onSuccess: invalidate,
  })
}
