import type { User } from '../contract/user.ts'
import type { Queryable } from '../db/index.ts'

export async function findUserByEmail(db: Queryable, email: string): Promise<User | undefined> {
  const [user] = await db.query<User>(
    'SELECT user_id, user_name, email FROM app_user WHERE lower(email) = lower($1)',
    [email],
  )
  return user
}

export async function findUser(db: Queryable, userId: number): Promise<User | undefined> {
  const [user] = await db.query<User>('SELECT user_id, user_name, email FROM app_user WHERE user_id = $1', [
    userId,
  ])
  return user
}

/** Creates the user, or answers the one that exists with this e-mail (two signups racing). */
export async function ensureUser(db: Queryable, email: string): Promise<User> {
  await db.query(`INSERT INTO app_user (email) VALUES ($1) ON CONFLICT ((lower(email))) DO NOTHING`, [email])
  const user = await findUserByEmail(db, email)
  if (!user) throw new Error('the user vanished right after it was created')
  return user
}

/** Sets the user name; false when another user has it (case-insensitively). */
export async function setUserName(db: Queryable, userId: number, userName: string): Promise<boolean> {
  const [taken] = await db.query<{ user_id: number }>(
    'SELECT user_id FROM app_user WHERE lower(user_name) = lower($1) AND user_id <> $2',
    [userName, userId],
  )
  if (taken) return false
  await db.query('UPDATE app_user SET user_name = $1 WHERE user_id = $2', [userName, userId])
  return true
}
