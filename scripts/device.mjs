// `npm run device -- <command>`: the device agent (agent/cli.ts). Builds dist/agent/cli.js with esbuild when
// it is missing or older than its sources (a fingerprint of the content of every file the last build read,
// kept beside it), then runs it in this process with the arguments after `--`.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'esbuild'
import { ROOT } from './buildState.mjs'

const OUT_DIR = path.join(ROOT, 'dist', 'agent')
const OUT_FILE = path.join(OUT_DIR, 'cli.js')
const STAMP = path.join(OUT_DIR, 'inputs.json')

function fingerprint(inputs) {
  const hash = crypto.createHash('sha256')
  for (const input of inputs) {
    const file = path.join(ROOT, input)
    if (!fs.existsSync(file)) return undefined
    hash.update(input).update('\0').update(fs.readFileSync(file)).update('\0')
  }
  return hash.digest('hex')
}

export function isAgentCurrent() {
  if (!fs.existsSync(OUT_FILE) || !fs.existsSync(STAMP)) return false
  const stamp = JSON.parse(fs.readFileSync(STAMP, 'utf8'))
  // This script is an input too: a change of how the agent is built builds it again.
  return stamp.fingerprint === fingerprint([...stamp.inputs, 'scripts/device.mjs'])
}

export async function buildAgent() {
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: [path.join(ROOT, 'agent/cli.ts')],
    outfile: OUT_FILE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Packages (commander) stay in node_modules, as the server's build leaves them.
    packages: 'external',
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
  })
  const inputs = Object.keys(result.metafile.inputs)
    .filter((input) => !input.startsWith('node_modules/'))
    .sort()
  fs.writeFileSync(
    STAMP,
    `${JSON.stringify({ inputs, fingerprint: fingerprint([...inputs, 'scripts/device.mjs']) }, null, 2)}\n`,
  )
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!isAgentCurrent()) await buildAgent()
  // The agent reads process.argv itself: its arguments are those after this script's path.
  await import(pathToFileURL(OUT_FILE).href)
}
