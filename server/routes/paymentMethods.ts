// An organization's cards.
import type { FastifyInstance } from 'fastify'
import { endpoints } from '../contract/endpointSchemas.ts'
import {
  addPaymentMethod,
  listPaymentMethods,
  makeDefault,
  removePaymentMethod,
} from '../services/paymentMethods.ts'
import { route } from './define.ts'

export async function paymentMethodRoutes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.paymentMethodList, async ({ access: admin }) => ({
    payment_method_list: await listPaymentMethods(app.db, admin.org_id),
  }))

  route(app, endpoints.paymentMethodAdd, async ({ access: admin, body }) => ({
    payment_method_id: await addPaymentMethod(app.db, app.payments, admin, body.stripe_payment_method_id),
  }))

  route(app, endpoints.paymentMethodDefault, async ({ access: admin, params }) => {
    await makeDefault(app.db, app.payments, admin, params.payment_method_id)
    return {}
  })

  route(app, endpoints.paymentMethodDelete, async ({ access: admin, params }) => {
    await removePaymentMethod(app.db, app.payments, admin, params.payment_method_id)
    return {}
  })
}
