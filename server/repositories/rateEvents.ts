// SQL of rate_event: the events each rate limit counts, per bucket and subject (services/rateLimit.ts).
import type { Queryable } from '../db/index.ts'

/** Holds the subject's bucket until the transaction ends, so requests at once count one after another. */
export async function lockRateSubject(db: Queryable, bucket: string, subject: string): Promise<void> {
  await db.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`${bucket} ${subject}`])
}

/** The subject's events inside the window; older ones are dropped on the way. */
export async function countRecentEvents(
  db: Queryable,
  bucket: string,
  subject: string,
  windowSeconds: number,
): Promise<number> {
  await db.query(
    'DELETE FROM rate_event WHERE bucket = $1 AND subject = $2 AND created_at < now() - make_interval(secs => $3)',
    [bucket, subject, windowSeconds],
  )
  const [row] = await db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM rate_event WHERE bucket = $1 AND subject = $2',
    [bucket, subject],
  )
  return row?.count ?? 0
}

export async function insertRateEvent(db: Queryable, bucket: string, subject: string): Promise<void> {
  await db.query('INSERT INTO rate_event (bucket, subject) VALUES ($1, $2)', [bucket, subject])
}
