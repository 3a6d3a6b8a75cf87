import type { Queryable } from '../db/index.ts'

export const LOGIN_CODE_TTL_MINUTES = 10
/** The fifth wrong code burns the code. */
export const MAX_CODE_TRIES = 5

export interface LoginCodeRow {
  login_code_id: number
  code_hash: Buffer
  failed_tries: number
}

export async function insertLoginCode(db: Queryable, userId: number, codeHash: Buffer): Promise<void> {
  await db.query(
    `INSERT INTO login_code (user_id, code_hash, expires_at)
     VALUES ($1, $2, now() + make_interval(mins => $3))`,
    [userId, codeHash, LOGIN_CODE_TTL_MINUTES],
  )
}

/** The newest code of the user that is unexpired, unused and not burned; locked for this transaction. */
export async function findUsableCode(db: Queryable, userId: number): Promise<LoginCodeRow | undefined> {
  const [row] = await db.query<LoginCodeRow>(
    `SELECT login_code_id, code_hash, failed_tries
       FROM login_code
      WHERE user_id = $1 AND used_at IS NULL AND expires_at > now() AND failed_tries < $2
      ORDER BY created_at DESC
      LIMIT 1
      FOR UPDATE`,
    [userId, MAX_CODE_TRIES],
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
