import { queryOptions } from '@tanstack/react-query'
import { endpoints } from '../../server/contract/endpoints.ts'
import type { PaymentMethod } from '../../server/contract/paymentMethod.ts'
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

export const paymentMethodQueries = {
  list: (api: Transport, orgId: number) =>
    queryOptions({
      queryKey: ['org', orgId, 'payment_method'],
      queryFn: () => listPaymentMethods(api, orgId),
    }),
}
