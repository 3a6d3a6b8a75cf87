// Sessions: a key's hash finds the user on every call, so the lookup is one read-only statement and one
// round trip (plus a touch once a minute).
import type { Queryable } from '../db/index.ts'

/** A session lapses after this many days without a call. */
export const SESSION_IDLE_DAYS = 30
// Touching last_used_at on every call would write on every read; once a minute is precise enough for a
// 30-day idle limit.
const TOUCH_AFTER_SECONDS = 60

export interface SessionRow {
  session_id: number
  user_id: number
}

export async function insertSession(db: Queryable, userId: number, keyHash: Buffer): Promise<void> {
  await db.query('INSERT INTO user_session (user_id, key_hash) VALUES ($1, $2)', [userId, keyHash])
}

/**
 * The live session with this key hash as the CTE `live` (session_id, user_id, and stale when its last touch
 * is older than a minute); empty when missing, revoked or idle too long. Its parameters are
 * liveSessionParams: statements that need the session and more in one round trip start with it. A read
 * only: a statement that may write (a touch in the same statement) costs PostgreSQL far more on every call
 * than a second statement once a minute (touchIfStale).
 */
export const LIVE_SESSION_CTE = `
  WITH live AS (
    SELECT session_id, user_id, last_used_at < now() - make_interval(secs => $2) AS stale
      FROM user_session
     WHERE key_hash = $1 AND revoked_at IS NULL AND last_used_at > now() - make_interval(days => $3)
  )`

export const liveSessionParams = (keyHash: Buffer) => [keyHash, TOUCH_AFTER_SECONDS, SESSION_IDLE_DAYS]

/** Records that a session was used, when the lookup found its last touch older than a minute. */
export async function touchIfStale(db: Queryable, session: { session_id: number; stale: boolean }) {
  if (session.stale) {
    await db.query('UPDATE user_session SET last_used_at = now() WHERE session_id = $1', [session.session_id])
  }
}

export async function findLiveSession(db: Queryable, keyHash: Buffer): Promise<SessionRow | undefined> {
  const [session] = await db.query<SessionRow & { stale: boolean }>(
    `${LIVE_SESSION_CTE} SELECT session_id, user_id, stale FROM live`,
    liveSessionParams(keyHash),
  )
  if (!session) return undefined
  await touchIfStale(db, session)
  return { session_id: session.session_id, user_id: session.user_id }
}

export async function revokeSession(db: Queryable, sessionId: number): Promise<void> {
  await db.query('UPDATE user_session SET revoked_at = now() WHERE session_id = $1 AND revoked_at IS NULL', [
    sessionId,
  ])
}
