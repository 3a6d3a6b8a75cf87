import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { endpoints } from '../../server/contract/endpoints.ts'
import type { PaymentMethod } from '../../server/contract/paymentMethod.ts'
import { call } from './client.ts'
import { CARD_TIMEOUT_MS } from './transport.ts'

export type { PaymentMethod }

export async function listPaymentMethods(orgId: number): Promise<PaymentMethod[]> {
  const answer = await call(endpoints.paymentMethodList, { params: { org_id: orgId } })
  return answer.payment_method_list.filter((method) => !method.is_deleted)
}

/** Attaching a card goes through the payment provider, hence the longer timeout of the spec. */
export async function addPaymentMethod(orgId: number, stripe_payment_method_id: string): Promise<number> {
  const answer = await call(
    endpoints.paymentMethodAdd,
    { params: { org_id: orgId }, body: { stripe_payment_method_id } },
    { timeoutMs: CARD_TIMEOUT_MS },
  )
  return answer.payment_method_id
}

/** Makes a backup card the default; the former default becomes a backup. */
export async function makeDefaultPaymentMethod(orgId: number, paymentMethodId: number): Promise<void> {
  await call(endpoints.paymentMethodDefault, {
    params: { org_id: orgId, payment_method_id: paymentMethodId },
  })
}

/** Removes a backup card; the server refuses the default (409). */
export async function deletePaymentMethod(orgId: number, paymentMethodId: number): Promise<void> {
  await call(endpoints.paymentMethodDelete, {
    params: { org_id: orgId, payment_method_id: paymentMethodId },
  })
}

export const paymentMethodQueries = {
  list: (orgId: number) =>
    queryOptions({
      queryKey: ['org', orgId, 'payment_method'],
      queryFn: () => listPaymentMethods(orgId),
    }),
}

function useInvalidateList(orgId: number) {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: paymentMethodQueries.list(orgId).queryKey })
}

export function useAddPaymentMethod(orgId: number) {
  const invalidate = useInvalidateList(orgId)
  return useMutation({
    mutationFn: (stripePaymentMethodId: string) => addPaymentMethod(orgId, stripePaymentMethodId),
    onSuccess: invalidate,
  })
}

export function useMakeDefaultPaymentMethod(orgId: number) {
  const invalidate = useInvalidateList(orgId)
  return useMutation({
    mutationFn: (paymentMethodId: number) => makeDefaultPaymentMethod(orgId, paymentMethodId),
    onSuccess: invalidate,
  })
}

export function useDeletePaymentMethod(orgId: number) {
  const invalidate = useInvalidateList(orgId)
  return useMutation({
    mutationFn: (paymentMethodId: number) => deletePaymentMethod(orgId, paymentMethodId),
    onSuccess: invalidate,
  })
}
