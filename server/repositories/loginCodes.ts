// SQL of login codes: each belongs to a user and to the sign-in attempt that asked for it.
import type { Queryable } from '../db/index.ts'

export const LOGIN_CODE_TTL_MINUTES = 10
/** The fifth wrong code burns the code. */
export const MAX_CODE_TRIES = 5

export interface LoginCodeRow {
  login_code_id: number
  code_hash: Buffer
  failed_tries: number
}

/**
 * Locks the user's codes for this transaction and answers how many were made in the last `hours`, up to
 * `atMost` (the count's cost stays bounded under a flood), removing older ones (nothing reads them). Two
 * code requests for one user at once are counted one after the other.
 */
export async function countRecentCodes(
  db: Queryable,
  userId: number,
  hours: number,
  atMost: number,
): Promise<number> {
  await db.query('SELECT 1 FROM app_user WHERE user_id = $1 FOR UPDATE', [userId])
  await db.query(
    'DELETE FROM login_code WHERE user_id = $1 AND created_at < now() - make_interval(hours => $2)',
    [userId, hours],
  )
  const [row] = await db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM (SELECT 1 FROM login_code WHERE user_id = $1 LIMIT $2) recent',
    [userId, atMost],
  )
  return row?.count ?? 0
}

export async function insertLoginCode(
  db: Queryable,
  code: { userId: number; codeHash: Buffer; attemptHash: Buffer },
): Promise<void> {
  await db.query(
    `INSERT INTO login_code (user_id, code_hash, attempt_hash, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(mins => $4))`,
    [code.userId, code.codeHash, code.attemptHash, LOGIN_CODE_TTL_MINUTES],
  )
}

/**
 * The newest code of the user that this attempt asked for and that is unexpired, unused and not burned;
 * locked for this transaction. Codes of other attempts are out of reach.
 */
export async function findUsableCode(
  db: Queryable,
  userId: number,
  attemptHash: Buffer,
): Promise<LoginCodeRow | undefined> {
  const [row] = await db.query<LoginCodeRow>(
    `SELECT login_code_id, code_hash, failed_tries
       FROM login_code
      WHERE user_id = $1 AND attempt_hash = $2 AND used_at IS NULL AND expires_at > now()
        AND failed_tries < $3
      ORDER BY created_at DESC
      LIMIT 1
      FOR UPDATE`,
    [userId, attemptHash, MAX_CODE_TRIES],
  )
  return row
}

export async function markCodeUsed(db: Queryable, loginCodeId: number): Promise<void> {
  await db.query('UPDATE login_code SET used_at = now() WHERE login_code_id = $1', [loginCodeId])
}

/** Counts a wrong try; answers the tries so far. */
export async function countWrongTry(db: Queryable, loginCodeId: number): Promise<number> {
  const [row] = await db.query<{ failed_tries: number }>(
    'UPDATE login_code SET failed_tries = failed_tries + 1 WHERE login_code_id = $1 RETURNING failed_tries',
    [loginCodeId],
  )
  return row?.failed_tries ?? MAX_CODE_TRIES
}
