// `npm start`: builds when the build is missing or older than the sources, creates DATA_DIR, then runs the
// server in this process (so signals reach it directly). From the build on, files this process creates are
// its user's alone (umask 077, as server/main.ts sets it too): DATA_DIR holds the key, sign-in codes, the
// database and every object.
import fs from 'node:fs'
import path from 'node:path'
import { ROOT, isBuildCurrent } from './buildState.mjs'

if (!isBuildCurrent()) {
  console.log('start: the build is missing or stale; building first')
  const { buildAll } = await import('./build.mjs')
  await buildAll({ quiet: true })
}
process.umask(0o077)
fs.mkdirSync(path.resolve(process.env.DATA_DIR || 'data'), { recursive: true, mode: 0o700 })
await import(path.join(ROOT, 'dist/server/main.js'))
