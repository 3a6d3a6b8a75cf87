// Wire types of payment methods (specification 001, sections 3 and 7).
import { Type, type Static } from 'typebox'

export const PaymentMethod = Type.Object({
  payment_method_id: Type.Integer(),
  card_brand: Type.String(),
  card_last4: Type.String(),
  exp_month: Type.Integer(),
  exp_year: Type.Integer(),
  is_default: Type.Boolean(),
  is_deleted: Type.Boolean(),
})
export type PaymentMethod = Static<typeof PaymentMethod>

export const PaymentMethodListResponse = Type.Object({ payment_method_list: Type.Array(PaymentMethod) })
export type PaymentMethodListResponse = Static<typeof PaymentMethodListResponse>

export const AddPaymentMethodRequest = Type.Object({
  stripe_payment_method_id: Type.String({ maxLength: 255 }),
})
export type AddPaymentMethodRequest = Static<typeof AddPaymentMethodRequest>

export const AddPaymentMethodResponse = Type.Object({ payment_method_id: Type.Integer() })
export type AddPaymentMethodResponse = Static<typeof AddPaymentMethodResponse>
