// Rate limits kept in the database, so they hold across every API process. Each bucket counts events per
// subject (an e-mail, an address) inside a sliding window.
import type { Queryable } from '../db/index.ts'

export interface RateLimit {
  bucket: string
  limit: number
  windowSeconds: number
}

export const RATE_LIMITS = {
  /** Codes asked for one e-mail: a person retrying, not a mailbox being flooded. */
  codePerEmail: { bucket: 'code_email', limit: 5, windowSeconds: 300 },
  /** Codes asked from one address, for any e-mails. */
  codePerAddress: { bucket: 'code_address', limit: 20, windowSeconds: 300 },
  /** Sign-in attempts for one e-mail, from anywhere (each code also burns after 5 wrong tries). */
  loginPerEmail: { bucket: 'login_email', limit: 10, windowSeconds: 300 },
  /** Sign-in attempts from one address, for any e-mails. */
  loginPerAddress: { bucket: 'login_address', limit: 30, windowSeconds: 300 },
} satisfies Record<string, RateLimit>

/** Records one event; answers false when the subject is already at the limit (the event is not counted). */
export async function takeRate(db: Queryable, rate: RateLimit, subject: string): Promise<boolean> {
  await db.query(
    'DELETE FROM rate_event WHERE bucket = $1 AND subject = $2 AND created_at < now() - make_interval(secs => $3)',
    [rate.bucket, subject, rate.windowSeconds],
  )
  const [row] = await db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM rate_event WHERE bucket = $1 AND subject = $2',
    [rate.bucket, subject],
  )
  if ((row?.count ?? 0) >= rate.limit) return false
  await db.query('INSERT INTO rate_event (bucket, subject) VALUES ($1, $2)', [rate.bucket, subject])
  return true
}
