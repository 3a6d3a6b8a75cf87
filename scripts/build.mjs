// Builds the product: the app (Vite: React, workers, service worker, manifest) into dist/app and the server
// (esbuild: one ESM file per entry, packages left in node_modules) into dist/server: main.js, the server,
// and jobs.js, the daily jobs run once (`npm run jobs`).
import { build as viteBuild } from 'vite'
import { build as esbuild } from 'esbuild'
import path from 'node:path'
import { DIST, ROOT, sourceFingerprint, writeBuildStamp } from './buildState.mjs'

export async function buildAll({ quiet = false } = {}) {
  const fingerprint = sourceFingerprint()
  const started = Date.now()
  await viteBuild({ root: ROOT, logLevel: quiet ? 'warn' : 'info' })
  await esbuild({
    entryPoints: { main: path.join(ROOT, 'server/main.ts'), jobs: path.join(ROOT, 'server/jobsCli.ts') },
    outdir: path.join(DIST, 'server'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  })
  writeBuildStamp(fingerprint)
  if (!quiet) console.log(`build: done in ${((Date.now() - started) / 1000).toFixed(1)} s`)
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildAll()
}
