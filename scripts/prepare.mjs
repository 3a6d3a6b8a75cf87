// What `npm start` and `npm run serve` do before the server runs: build when the build is missing or older
// than the sources, then, from the build on, make files this process (and the server processes it starts)
// creates its user's alone (umask 077, as server/main.ts sets it too), and create DATA_DIR: it holds the
// key, sign-in codes, the database and every object.
import fs from 'node:fs'
import path from 'node:path'
import { ROOT, isBuildCurrent } from './buildState.mjs'

/** Builds when needed, readies DATA_DIR; answers the server's built entry (dist/server/main.js). */
export async function prepareToServe(command) {
  if (!isBuildCurrent()) {
    console.log(`${command}: the build is missing or stale; building first`)
    const { buildAll } = await import('./build.mjs')
    await buildAll({ quiet: true })
  }
  process.umask(0o077)
  fs.mkdirSync(path.resolve(process.env.DATA_DIR || 'data'), { recursive: true, mode: 0o700 })
  return path.join(ROOT, 'dist/server/main.js')
}
