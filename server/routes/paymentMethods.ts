import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  AddPaymentMethodRequest,
  AddPaymentMethodResponse,
  PaymentMethodListResponse,
} from '../contract/paymentMethod.ts'
import { idParam, requireAdmin } from '../http/access.ts'
import { HttpError } from '../http/errors.ts'
import { CardDeclinedError, UnknownPaymentMethodError } from '../payments/provider.ts'
import { findOrgOfUser, findPaymentCustomer, setPaymentCustomer } from '../repositories/orgs.ts'
import {
  findPaymentMethod,
  insertPaymentMethod,
  listPaymentMethods,
  makeDefaultPaymentMethod,
  markPaymentMethodDeleted,
} from '../repositories/paymentMethods.ts'
import { findUser } from '../repositories/users.ts'

export const paymentMethodRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/1/org/:org_id/payment_method',
    { schema: { response: { 200: PaymentMethodListResponse } } },
    async (request) => {
      const admin = await requireAdmin(request)
      return { payment_method_list: await listPaymentMethods(app.db, admin.org_id) }
    },
  )

  app.post(
    '/api/1/org/:org_id/payment_method',
    { schema: { body: AddPaymentMethodRequest, response: { 200: AddPaymentMethodResponse } } },
    async (request) => {
      const admin = await requireAdmin(request)
      const [org, user] = await Promise.all([
        findOrgOfUser(app.db, admin.user_id, admin.org_id),
        findUser(app.db, admin.user_id),
      ])
      if (!org || !user) throw new HttpError(404, 'not_found')
      let attached
      try {
        attached = await app.payments.attach({
          customerRef: await findPaymentCustomer(app.db, admin.org_id),
          orgId: admin.org_id,
          orgName: org.org_name,
          email: user.email,
          paymentMethodId: request.body.stripe_payment_method_id,
        })
      } catch (error) {
        if (error instanceof CardDeclinedError) throw new HttpError(412, 'card_declined')
        if (error instanceof UnknownPaymentMethodError) throw new HttpError(400, 'unknown_payment_method')
        throw error
      }
      const method = await app.db.transaction(async (tx) => {
        await setPaymentCustomer(tx, admin.org_id, attached.customerRef)
        return insertPaymentMethod(tx, admin.org_id, attached.card)
      })
      if (method.is_default) await app.payments.setDefault(attached.customerRef, attached.card.providerRef)
      return { payment_method_id: method.payment_method_id }
    },
  )

  app.post('/api/1/org/:org_id/payment_method/:payment_method_id/default', async (request) => {
    const admin = await requireAdmin(request)
    const method = await findPaymentMethod(app.db, admin.org_id, idParam(request, 'payment_method_id'))
    if (!method) throw new HttpError(404, 'not_found')
    const customerRef = await findPaymentCustomer(app.db, admin.org_id)
    if (customerRef) await app.payments.setDefault(customerRef, method.provider_ref)
    await app.db.transaction((tx) => makeDefaultPaymentMethod(tx, admin.org_id, method.payment_method_id))
    return {}
  })

  app.delete('/api/1/org/:org_id/payment_method/:payment_method_id', async (request) => {
    const admin = await requireAdmin(request)
    const method = await findPaymentMethod(app.db, admin.org_id, idParam(request, 'payment_method_id'))
    if (!method) throw new HttpError(404, 'not_found')
    if (method.is_default) throw new HttpError(409, 'default_payment_method')
    await app.payments.detach(method.provider_ref)
    await markPaymentMethodDeleted(app.db, admin.org_id, method.payment_method_id)
    return {}
  })
}
