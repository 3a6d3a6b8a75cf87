// Builds the product: the app (Vite: React, workers, service worker, manifest) into dist/app and the server
// (esbuild: one ESM file per entry, packages left in node_modules) into dist/server: main.js, the server,
// and jobs.js, the daily jobs run once (`npm run jobs`). Then every text file of the app is written again
// beside itself compressed, name.br and name.gz, which the server sends by the request's Accept-Encoding
// (server/http/appShell.ts): compressed once at the highest settings, never per request.
import { build as viteBuild } from 'vite'
import { build as esbuild } from 'esbuild'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { DIST, ROOT, sourceFingerprint, writeBuildStamp } from './buildState.mjs'

export async function buildAll({ quiet = false } = {}) {
  const fingerprint = sourceFingerprint()
  const started = Date.now()
  // The product is built for production whoever calls: under a test runner NODE_ENV is 'test', with which
  // Vite would bundle React's development build (twice the bytes), and the stamp would call it current.
  const nodeEnv = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    await viteBuild({ root: ROOT, mode: 'production', logLevel: quiet ? 'warn' : 'info' })
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = nodeEnv
  }
  await buildAgentDownload()
  const compressed = await precompress(path.join(DIST, 'app'))
  if (!quiet) console.log(`build: ${compressed} files of the app precompressed (brotli and gzip)`)
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

/** Where the console serves the device agent from (src/routes/_app/-devices/clientReleases.ts). */
export const AGENT_DOWNLOAD = path.join('downloads', 'media-agent.mjs')

/**
 * The device agent (agent/cli.ts) as one file that the /device page offers for download: its packages
 * (commander) bundled in, so `node media-agent.mjs` runs on any machine with Node.js 20 or later, with no
 * checkout and no npm install. Commander is CommonJS: the banner gives the bundle a require for the Node
 * built-ins it asks for.
 */
async function buildAgentDownload() {
  await esbuild({
    entryPoints: [path.join(ROOT, 'agent/cli.ts')],
    outfile: path.join(DIST, 'app', AGENT_DOWNLOAD),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    banner: {
      js: "#!/usr/bin/env node\nimport { createRequire as __agentRequire } from 'node:module'\nconst require = __agentRequire(import.meta.url)",
    },
    logLevel: 'warning',
  })
}

// Files that compress well. Source maps are left out: only developer tools fetch them, and at brotli's
// highest quality they would add seconds to every build.
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|wasm|txt)$/
// Below this a compressed copy saves less than a packet.
const MIN_BYTES = 1024
const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/** Writes name.br and name.gz beside each compressible file of dir; returns how many files were. */
export async function precompress(dir) {
  const files = fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
  let count = 0
  await Promise.all(
    files.map(async (file) => {
      const body = fs.readFileSync(file)
      if (body.length < MIN_BYTES) return
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ])
      // A copy that is not smaller is not written: the server then sends the file itself.
      if (br.length < body.length) fs.writeFileSync(`${file}.br`, br)
      if (gz.length < body.length) fs.writeFileSync(`${file}.gz`, gz)
      count++
    }),
  )
  return count
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildAll()
}
