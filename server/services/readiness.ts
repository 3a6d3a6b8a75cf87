// Whether this process should take traffic (/readyz): its database answers with every migration this
// version knows applied (a process of an older version next to a newer one still finds its own), its
// default store can be reached, and it is not draining (http/drain.ts). Each check is bounded in time, so a
// database or store that hangs makes the process not ready within a load balancer's health-check timeout.
import type { Database } from '../db/index.ts'
import { migrations } from '../db/migrations/index.ts'
import type { ObjectStore } from '../storage/store.ts'

/** The longest a check may take before it counts as failed: load balancers commonly wait 5 s for an answer. */
export const READY_CHECK_TIMEOUT_MS = 2_000

/** What can keep a process from being ready, as /readyz names it. */
export type NotReady = 'draining' | 'database' | 'migrations' | 'store'

export interface ReadinessInput {
  db: Database
  store: ObjectStore
  draining: boolean
}

export interface Readiness {
  notReady: NotReady[]
  /** Why each failed check failed, for the log. */
  errors: Partial<Record<NotReady, unknown>>
}

const LAST_MIGRATION_ID = migrations.at(-1)?.id ?? ''

class CheckTimeout extends Error {
  override name = 'CheckTimeout'
}

/** Runs a check, failed when it throws or outlasts the timeout (its signal then aborts it). */
async function bounded<T>(check: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const abort = new AbortController()
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new CheckTimeout(`no answer within ${READY_CHECK_TIMEOUT_MS} ms`))
      abort.abort()
    }, READY_CHECK_TIMEOUT_MS)
  })
  try {
    return await Promise.race([check(abort.signal), timeout])
  } finally {
    clearTimeout(timer)
  }
}

export async function checkReadiness({ db, store, draining }: ReadinessInput): Promise<Readiness> {
  const readiness: Readiness = { notReady: draining ? ['draining'] : [], errors: {} }
  const fail = (what: NotReady, error: unknown) => {
    readiness.notReady.push(what)
    readiness.errors[what] = error
  }
  const database = bounded(() =>
    db.query<{ found: number }>('SELECT 1 AS found FROM schema_migration WHERE migration_id = $1', [
      LAST_MIGRATION_ID,
    ]),
  )
  const reachable = bounded((signal) => store.reachable(signal))
  const [rows, stored] = await Promise.allSettled([database, reachable])
  if (rows.status === 'rejected') fail('database', rows.reason)
  else if (rows.value.length === 0) fail('migrations', new Error(`${LAST_MIGRATION_ID} is not applied`))
  if (stored.status === 'rejected') fail('store', stored.reason)
  return readiness
}
