// The databases the server suite runs on: embedded PGlite always, and PostgreSQL too when
// TEST_DATABASE_URL is set. Each test gets a fresh database: a new PGlite directory, or a new PostgreSQL
// database created beside the one TEST_DATABASE_URL names and dropped afterwards.
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'

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

export async function freshDatabase(kind: DatabaseKind): Promise<FreshDatabase> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'media-console-test-'))
  const removeDir = () => fs.rm(dataDir, { recursive: true, force: true })
  if (kind === 'pglite') return { dataDir, databaseUrl: undefined, drop: removeDir }

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
