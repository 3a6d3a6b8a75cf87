import type { PaymentMethod } from '../contract/paymentMethod.ts'
import type { Queryable } from '../db/index.ts'

const FIELDS = 'payment_method_id, card_brand, card_last4, exp_month, exp_year, is_default, is_deleted'

export async function listPaymentMethods(db: Queryable, orgId: number): Promise<PaymentMethod[]> {
  return db.query<PaymentMethod>(
    `SELECT ${FIELDS} FROM payment_method WHERE org_id = $1 AND NOT is_deleted ORDER BY is_default DESC, payment_method_id`,
    [orgId],
  )
}

export async function countLivePaymentMethods(db: Queryable, orgId: number): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM payment_method WHERE org_id = $1 AND NOT is_deleted',
    [orgId],
  )
  return row?.count ?? 0
}

/** A card the payment provider attached (its CardDetails): the provider's id and what the console shows. */
export type AttachedCard = Pick<PaymentMethod, 'card_brand' | 'card_last4' | 'exp_month' | 'exp_year'> & {
  providerRef: string
}

/** Stores an attached card; the organization's first live card becomes its default. */
export async function insertPaymentMethod(
  db: Queryable,
  orgId: number,
  card: AttachedCard,
): Promise<PaymentMethod> {
  const isFirst = (await countLivePaymentMethods(db, orgId)) === 0
  const [method] = await db.query<PaymentMethod>(
    `INSERT INTO payment_method (org_id, provider_ref, card_brand, card_last4, exp_month, exp_year, is_default)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     RETURNING ${FIELDS}`,
    [orgId, card.providerRef, card.card_brand, card.card_last4, card.exp_month, card.exp_year, isFirst],
  )
  if (!method) throw new Error('INSERT ... RETURNING answered no row')
  return method
}

export interface StoredPaymentMethod extends PaymentMethod {
  provider_ref: string
}

export async function findPaymentMethod(
  db: Queryable,
  orgId: number,
  paymentMethodId: number,
): Promise<StoredPaymentMethod | undefined> {
  const [method] = await db.query<StoredPaymentMethod>(
    `SELECT ${FIELDS}, provider_ref FROM payment_method
      WHERE org_id = $1 AND payment_method_id = $2 AND NOT is_deleted`,
    [orgId, paymentMethodId],
  )
  return method
}

export async function makeDefaultPaymentMethod(
  db: Queryable,
  orgId: number,
  paymentMethodId: number,
): Promise<void> {
  // Two statements: the partial unique index allows one default per organization at any moment.
  await db.query('UPDATE payment_method SET is_default = false WHERE org_id = $1 AND is_default', [orgId])
  await db.query('UPDATE payment_method SET is_default = true WHERE org_id = $1 AND payment_method_id = $2', [
    orgId,
    paymentMethodId,
  ])
}

export async function markPaymentMethodDeleted(
  db: Queryable,
  orgId: number,
  paymentMethodId: number,
): Promise<void> {
  await db.query(
    'UPDATE payment_method SET is_deleted = true, is_default = false WHERE org_id = $1 AND payment_method_id = $2',
    [orgId, paymentMethodId],
  )
}
