// `npm start`: builds when the build is missing or older than the sources, creates DATA_DIR, then runs the
// server in this process (so signals reach it directly).
import fs from 'node:fs'
import path from 'node:path'
import { ROOT, isBuildCurrent } from './buildState.mjs'

if (!isBuildCurrent()) {
  console.log('start: the build is missing or stale; building first')
  const { buildAll } = await import('./build.mjs')
  await buildAll({ quiet: true })
}
fs.mkdirSync(path.resolve(process.env.DATA_DIR || 'data'), { recursive: true })
await import(path.join(ROOT, 'dist/server/main.js'))
