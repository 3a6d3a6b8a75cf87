// Payment methods: cards tokenized in the browser are attached through the payment provider (the test
// provider or Stripe); the first is the default, a backup can become the default, and only a backup can be
// removed.
import type { Database, Queryable } from '../db/index.ts'
import { HttpError } from '../errors.ts'
import { CardDeclinedError, UnknownPaymentMethodError, type PaymentProvider } from '../payments/provider.ts'
import {
  findOrgOfUser,
  findPaymentCustomer,
  setPaymentCustomer,
  type Membership,
} from '../repositories/orgs.ts'
import {
  findPaymentMethod,
  insertPaymentMethod,
  makeDefaultPaymentMethod,
  markPaymentMethodDeleted,
} from '../repositories/paymentMethods.ts'
import { findUser } from '../repositories/users.ts'

export { listPaymentMethods } from '../repositories/paymentMethods.ts'

export async function addPaymentMethod(
  db: Database,
  payments: PaymentProvider,
  admin: Membership,
  paymentMethodId: string,
): Promise<number> {
  const [org, user] = await Promise.all([
    findOrgOfUser(db, admin.user_id, admin.org_id),
    findUser(db, admin.user_id),
  ])
  if (!org || !user) throw new HttpError(404, 'not_found')
  let attached
  try {
    attached = await payments.attach({
      customerRef: await findPaymentCustomer(db, admin.org_id),
      orgId: admin.org_id,
      orgName: org.org_name,
      email: user.email,
      paymentMethodId,
    })
  } catch (error) {
    if (error instanceof CardDeclinedError) throw new HttpError(412, 'card_declined')
    if (error instanceof UnknownPaymentMethodError) throw new HttpError(400, 'unknown_payment_method')
    throw error
  }
  const method = await db.transaction(async (tx) => {
    await setPaymentCustomer(tx, admin.org_id, attached.customerRef)
    return insertPaymentMethod(tx, admin.org_id, attached.card)
  })
  if (method.is_default) await payments.setDefault(attached.customerRef, attached.card.providerRef)
  return method.payment_method_id
}

async function requireMethod(db: Queryable, orgId: number, paymentMethodId: number) {
  const method = await findPaymentMethod(db, orgId, paymentMethodId)
  if (!method) throw new HttpError(404, 'not_found')
  return method
}

export async function makeDefault(
  db: Database,
  payments: PaymentProvider,
  admin: Membership,
  paymentMethodId: number,
): Promise<void> {
  const method = await requireMethod(db, admin.org_id, paymentMethodId)
  const customerRef = await findPaymentCustomer(db, admin.org_id)
  if (customerRef) await payments.setDefault(customerRef, method.provider_ref)
  await db.transaction((tx) => makeDefaultPaymentMethod(tx, admin.org_id, method.payment_method_id))
}

export async function removePaymentMethod(
  db: Database,
  payments: PaymentProvider,
  admin: Membership,
  paymentMethodId: number,
): Promise<void> {
  const method = await requireMethod(db, admin.org_id, paymentMethodId)
  if (method.is_default) throw new HttpError(409, 'default_payment_method')
  await payments.detach(method.provider_ref)
  await markPaymentMethodDeleted(db, admin.org_id, method.payment_method_id)
}
