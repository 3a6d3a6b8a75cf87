// `npm run serve -- --processes N`: N server processes on this machine sharing one port (PORT), to use all
// the cores of one big machine (scripts/cluster.mjs); N defaults to the number of cores with DATABASE_URL,
// and to 1 without. Builds and readies
// DATA_DIR as `npm start` does. Several processes need PostgreSQL (DATABASE_URL): the embedded database
// serves one process, so more are refused before anything is built or started. They share DATA_DIR, and so
// its server.key when SERVER_KEY is unset; the local store's objects and the mail outbox, there too, are
// shared as well (docs/deploy.md).
import os from 'node:os'
import { parseArgs } from 'node:util'
import { runCluster } from './cluster.mjs'
import { prepareToServe } from './prepare.mjs'

const USAGE = 'usage: npm run serve -- [--processes N]'
const postgres = Boolean(process.env.DATABASE_URL?.trim())
let processes
try {
  const { values } = parseArgs({ options: { processes: { type: 'string', short: 'p' } } })
  processes = Number(values.processes ?? (postgres ? os.availableParallelism() : 1))
} catch (error) {
  console.error(`serve: ${error.message}\n${USAGE}`)
  process.exit(2)
}
if (!Number.isInteger(processes) || processes < 1 || processes > 256) {
  console.error(`serve: --processes must be a whole number from 1 to 256\n${USAGE}`)
  process.exit(2)
}
if (processes > 1 && !postgres) {
  console.error(
    `serve: ${processes} processes need DATABASE_URL (PostgreSQL): the embedded database in DATA_DIR ` +
      'serves one process. Set DATABASE_URL, or run one process (npm start).',
  )
  process.exit(2)
}

const entry = await prepareToServe('serve')
console.log(`serve: ${processes} server process${processes === 1 ? '' : 'es'} on one port`)
process.exit(await runCluster({ processes, entry }))
