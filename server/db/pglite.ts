import fs from 'node:fs/promises'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { PRIVATE_DIR_MODE, restrictTree } from '../privateFiles.ts'
import { claimDataDir } from './dataDirLock.ts'
import { INT8_OID, parseInt8, type Database, type Queryable } from './database.ts'

interface PGliteLike {
  query<Row>(text: string, params?: unknown[]): Promise<{ rows: Row[] }>
  exec(sql: string): Promise<unknown>
}

function wrap(client: PGliteLike): Queryable {
  return {
    async query<Row>(text: string, params: readonly unknown[] = []) {
      return (await client.query<Row>(text, [...params])).rows
    },
    async exec(sql: string) {
      await client.exec(sql)
    },
  }
}

/**
 * Embedded PostgreSQL (WASM) with its files under `dir`; in memory when dir is undefined. PGlite serves
 * one connection in one process, so transactions are serialised by PGlite itself.
 */
export async function openPGlite(dir: string | undefined): Promise<Database> {
  const release = dir ? await claimDataDir(path.dirname(dir)) : async () => {}
  let db: PGlite
  try {
    if (dir) await fs.mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE })
    db = await PGlite.create(dir, { parsers: { [INT8_OID]: parseInt8 } })
  } catch (error) {
    await release()
    throw error
  }
  // PGlite unpacks a new cluster with explicit modes (files 0666) that no umask narrows, so the tree is
  // narrowed once it is open; files it writes later take PostgreSQL's 0600 or the umask main.ts sets.
  if (dir) {
    try {
      await restrictTree(dir)
    } catch (error) {
      await db.close()
      await release()
      throw error
    }
  }
  return {
    kind: 'pglite',
    ...wrap(db),
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    async close() {
      await db.close()
      await release()
    },
  }
}
