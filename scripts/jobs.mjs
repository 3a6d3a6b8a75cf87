// `npm run jobs -- [--now <ISO time>] [--days <n>]`: the daily jobs run once (server/jobsCli.ts), on the
// database of the environment (DATA_DIR or DATABASE_URL). Builds first when the build is missing or stale.
import path from 'node:path'
import { ROOT, isBuildCurrent } from './buildState.mjs'

if (!isBuildCurrent()) {
  console.log('jobs: the build is missing or stale; building first')
  const { buildAll } = await import('./build.mjs')
  await buildAll({ quiet: true })
}
await import(path.join(ROOT, 'dist/server/jobs.js'))
