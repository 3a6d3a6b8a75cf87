// Whether this process's server key is the deployment's, decided at start before the server listens. Two
// processes on one database with different keys (each made its own DATA_DIR/server.key) would each seal
// values the other cannot open: uploads would quietly skip the organizations' network stores, and volume
// keys would not open. So the database keeps one value sealed with the first process's key
// (server_key_check), and a process whose key does not open it refuses to start.
//
// A database from before the check has none. The first process to start on it writes one if its key opens
// the values already sealed there, or there are none: a key that opens none of them is not the one they
// were sealed with, and is refused, so it is never pinned. A key that opens some but not all is pinned, and
// each value it cannot open is logged: those were sealed by a process with another key (the fault this
// check ends), were already unreadable to this one, and refusing would leave no key able to start.
//
// The same step, once, seals again for their rows the values of the earlier format (sealed for no row, see
// auth/sealing.ts), so none are left that could be moved to another row. Only then: a value of the earlier
// format found once the check exists was written back since (from a copy of the database, perhaps into
// another row), and sealing it for the row it now sits in would undo the binding. Such a value is named in
// the log and stays unreadable (stop every older server before the first start of this version).
import path from 'node:path'
import type { Config } from '../config.ts'
import type { Database, Queryable } from '../db/database.ts'
import { sealedColumns, sealedLabels, type SealedColumn } from './sealedValues.ts'
import { SEALED_FORMAT, type Sealer } from './sealing.ts'

// Any fixed 64-bit number; it only has to differ from the other advisory locks the product takes.
const KEY_CHECK_LOCK_ID = 7_351_402_918
/** What the check value holds: anything will do, since only the key it opens with matters. */
const CHECK_TEXT = 'the server key of this database'

export class ServerKeyMismatchError extends Error {
  override name = 'ServerKeyMismatchError'
}

export interface KeyCheckLog {
  info(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

/** Where this process's key comes from, as a refusal names it. */
export function serverKeySource(config: Pick<Config, 'serverKey' | 'dataDir'>): string {
  return config.serverKey
    ? 'SERVER_KEY'
    : `the key in ${path.join(config.dataDir, 'server.key')}, SERVER_KEY being unset`
}

function mismatch(source: string, why: string): ServerKeyMismatchError {
  return new ServerKeyMismatchError(
    "SERVER_KEY does not open this database's sealed values: give every process the same SERVER_KEY " +
      `(or the DATA_DIR/server.key of the first one). This process's key is ${source}; ${why}.`,
  )
}

interface SealedValue {
  column: SealedColumn
  orgId: number
  id: number
  sealed: Uint8Array
}

const nameOf = (value: SealedValue) => `${value.column.what} ${value.id}`

/** The sealed values of every sealed column; only those of the earlier format when `unboundOnly`. */
async function sealedValues(db: Queryable, unboundOnly: boolean): Promise<SealedValue[]> {
  const values: SealedValue[] = []
  for (const column of sealedColumns) {
    // The names are the module's own constants (auth/sealedValues.ts), never input.
    const rows = await db.query<{ org_id: number; id: number; sealed: Uint8Array }>(
      `SELECT org_id, ${column.idColumn} AS id, ${column.column} AS sealed FROM ${column.table}
        WHERE ${column.column} IS NOT NULL
          AND ($1::boolean IS NOT TRUE OR substring(${column.column} FROM 1 FOR 1) = $2)
        ORDER BY ${column.idColumn}`,
      [unboundOnly, Buffer.of(SEALED_FORMAT.unbound)],
    )
    for (const row of rows) values.push({ column, orgId: row.org_id, id: row.id, sealed: row.sealed })
  }
  return values
}

/** The value opened, or undefined when this key does not open it (for its row). */
function tryOpen(sealer: Sealer, value: SealedValue): Buffer | undefined {
  try {
    return value.sealed[0] === SEALED_FORMAT.unbound
      ? sealer.openUnbound(value.sealed)
      : sealer.open(value.sealed, value.column.label(value.orgId, value.id))
  } catch {
    return undefined
  }
}

/**
 * Refuses a key that is not the database's (ServerKeyMismatchError); on a database that has no check yet,
 * writes it and seals values of the earlier format again for their rows. One transaction under a lock, so
 * that processes starting together on one database do this one after the other.
 */
export async function checkServerKey(
  db: Database,
  sealer: Sealer,
  source: string,
  log: KeyCheckLog,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [KEY_CHECK_LOCK_ID])
    const [check] = await tx.query<{ sealed_check: Uint8Array }>('SELECT sealed_check FROM server_key_check')
    if (check) {
      let text: string | undefined
      try {
        text = sealer.open(check.sealed_check, sealedLabels.keyCheck()).toString('utf8')
      } catch {
        text = undefined
      }
      if (text !== CHECK_TEXT)
        throw mismatch(source, 'it does not open the check sealed by the first process')
    }

    if (check) {
      for (const value of await sealedValues(tx, true)) {
        log.error(
          { sealed: nameOf(value) },
          'a sealed value of the earlier format was written after the upgrade: it is not opened, and stays unreadable',
        )
      }
      return
    }
    // Without a check (the first start of this version), every sealed value is tried.
    const values = (await sealedValues(tx, false)).map((value) => ({
      value,
      plain: tryOpen(sealer, value),
    }))
    const unopened = values.filter((entry) => entry.plain === undefined).map((entry) => entry.value)
    if (values.length > 0 && unopened.length === values.length) {
      throw mismatch(source, `it opens none of the ${values.length} values already sealed in it`)
    }
    await tx.query('INSERT INTO server_key_check (sealed_check) VALUES ($1)', [
      sealer.seal(Buffer.from(CHECK_TEXT, 'utf8'), sealedLabels.keyCheck()),
    ])
    log.info(
      { opened: values.length - unopened.length },
      'the server key is now the database’s: a process with another key will not start',
    )
    for (const value of unopened) {
      log.error(
        { sealed: nameOf(value) },
        'a sealed value does not open with this SERVER_KEY: it was sealed with another key, and stays unreadable',
      )
    }

    let resealed = 0
    for (const { value, plain } of values) {
      if (plain === undefined || value.sealed[0] !== SEALED_FORMAT.unbound) continue
      const { table, column, idColumn, label } = value.column
      // Only if the row still holds what was read: a value written since is not overwritten.
      await tx.query(`UPDATE ${table} SET ${column} = $2 WHERE ${idColumn} = $1 AND ${column} = $3`, [
        value.id,
        sealer.seal(plain, label(value.orgId, value.id)),
        Buffer.from(value.sealed),
      ])
      resealed++
    }
    if (resealed > 0)
      log.info({ resealed }, 'sealed values of the earlier format sealed again for their rows')
  })
}
