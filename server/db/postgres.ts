// PostgreSQL through a pool of `pg` connections, behind the one Database interface.
import pg from 'pg'
import { INT8_OID, parseInt8, type Database, type Queryable } from './database.ts'

// Every statement is prepared once per connection under a name of its own, and then only bound and run:
// PostgreSQL parses and plans an unnamed statement anew on every call, which costs more than running the
// short queries that most requests make. The repositories' statements are fixed texts, so the names stay few.
const statementNames = new Map<string, string>()

function statementName(text: string): string {
  let name = statementNames.get(text)
  if (name === undefined) {
    name = `q${statementNames.size + 1}`
    statementNames.set(text, name)
  }
  return name
}

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<Row>(text: string, params: readonly unknown[] = []) {
      const query = { name: statementName(text), text, values: [...params], types: typeParsers }
      return (await client.query(query)).rows as Row[]
    },
    async exec(sql: string) {
      await client.query(sql)
    },
  }
}

const typeParsers = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8_OID) return parseInt8
    return pg.types.getTypeParser(oid, format)
  },
} as pg.CustomTypesConfig

export async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: 10_000 })
  // An idle client that loses its connection emits 'error' on the pool; without a listener it would
  // crash the process. The next query gets a fresh client.
  pool.on('error', () => {})
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const result = await fn(wrap(client))
        await client.query('COMMIT')
        return result
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {})
        throw error
      } finally {
        client.release()
      }
    },
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  }
}
