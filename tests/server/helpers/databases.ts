// The databases the server suite runs on: embedded PGlite always, and PostgreSQL too when
// TEST_DATABASE_URL is set. Each test gets a fresh database: a new PGlite directory, or a new PostgreSQL
// database created beside the one TEST_DATABASE_URL names and dropped afterwards.
import { PGlite } from '@electric-sql/pglite'
import crypto from 'node:crypto'
import fsSync from 'node:fs'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { PGLITE_DIR } from '../../../server/db/index.ts'

export type DatabaseKind = 'pglite' | 'postgres'

export const databaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite']

export interface FreshDatabase {
  dataDir: string
  databaseUrl: string | undefined
  drop(): Promise<void>
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

let newCluster: Promise<string> | undefined

/**
 * A PGlite cluster just made, where nothing has run yet: made once per test process and copied for each
 * fresh database. Making one (initdb in WASM) takes seconds; a copy of its 40 MB, a tenth of that, and the
 * copy is the same new cluster, which the server migrates as it would its own.
 */
function newPGliteCluster(): Promise<string> {
  newCluster ??= (async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'media-console-cluster-'))
    process.once('exit', () => fsSync.rmSync(dir, { recursive: true, force: true }))
    const cluster = path.join(dir, PGLITE_DIR)
    await (await PGlite.create(cluster)).close()
    return cluster
  })()
  return newCluster
}

export async function freshDatabase(kind: DatabaseKind): Promise<FreshDatabase> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'media-console-test-'))
  const removeDir = () => fs.rm(dataDir, { recursive: true, force: true })
  if (kind === 'pglite') {
    await fs.cp(await newPGliteCluster(), path.join(dataDir, PGLITE_DIR), { recursive: true })
    return { dataDir, databaseUrl: undefined, drop: removeDir }
  }

  const name = `media_console_test_${crypto.randomBytes(6).toString('hex')}`
  await adminQuery(`CREATE DATABASE ${name}`)
  const url = new URL(process.env.TEST_DATABASE_URL as string)
  url.pathname = `/${name}`
  return {
    dataDir,
    databaseUrl: url.toString(),
    async drop() {
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await removeDir()
    },
  }
}
