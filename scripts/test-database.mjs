// Creates (or, with --drop URL, drops) a fresh PostgreSQL database for a test run, when PostgreSQL answers
// at PGHOST:PGPORT (127.0.0.1:5432 by default). Prints the database's URL; exits 1 without one.
import pg from 'pg'

const host = process.env.PGHOST || '127.0.0.1'
const port = process.env.PGPORT || '5432'
const roles = [process.env.PGUSER, 'postgres', process.env.USER].filter(Boolean)

async function withAdmin(fn) {
  let lastError
  for (const user of roles) {
    const url = `postgres://${encodeURIComponent(user)}@${host}:${port}/postgres`
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 })
    try {
      await client.connect()
    } catch (error) {
      lastError = error
      continue
    }
    try {
      return await fn(client, url)
    } finally {
      await client.end()
    }
  }
  throw lastError
}

try {
  if (process.argv[2] === '--drop') {
    const name = new URL(process.argv[3]).pathname.slice(1)
    if (!/^media_console_run_[a-z0-9]+$/.test(name)) throw new Error(`refusing to drop ${name}`)
    await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))
  } else {
    const name = `media_console_run_${Date.now().toString(36)}`
    const url = await withAdmin(async (client, adminUrl) => {
      await client.query(`CREATE DATABASE ${name}`)
      return adminUrl.replace(/\/postgres$/, `/${name}`)
    })
    console.log(url)
  }
} catch (error) {
  console.error(`test-database: PostgreSQL is not available at ${host}:${port} (${error.message})`)
  process.exit(1)
}
