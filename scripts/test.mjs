// `npm test`: typecheck, lint, unit and server integration tests (Vitest), then end-to-end tests
// (Playwright in Chromium against the server started as `npm start` starts it). Every step runs even when
// an earlier one fails, so one run shows everything; the last line counts the tests of all tiers.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { ROOT } from './buildState.mjs'

const reports = path.join(ROOT, 'test-results')
fs.mkdirSync(reports, { recursive: true })
const vitestReport = path.join(reports, 'vitest.json')
const playwrightReport = path.join(reports, 'playwright.json')
fs.rmSync(vitestReport, { force: true })
fs.rmSync(playwrightReport, { force: true })

const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name)
const steps = [
  { name: 'typecheck', command: [bin('tsc'), '-b'] },
  { name: 'lint', command: [bin('eslint'), '.', '--max-warnings', '0'] },
  { name: 'format', command: [bin('prettier'), '--check', '.', '--log-level', 'warn'] },
  {
    name: 'unit and server integration',
    command: [
      bin('vitest'),
      'run',
      '--project',
      'unit',
      '--project',
      'server',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${vitestReport}`,
    ],
  },
  { name: 'chromium', command: [process.execPath, path.join(ROOT, 'scripts/ensure-chromium.mjs')] },
  {
    name: 'end-to-end',
    command: [bin('playwright'), 'test', '-c', 'e2e/playwright.config.ts'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
  },
]

if (!process.env.TEST_DATABASE_URL) {
  console.log('test: TEST_DATABASE_URL is not set; the server suite runs on PGlite only')
}

const failedSteps = []
for (const step of steps) {
  const started = Date.now()
  console.log(`\n=== ${step.name}`)
  const [command, ...args] = step.command
  const result = spawnSync(command, args, {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...step.env },
  })
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  if (result.status === 0) {
    console.log(`=== ${step.name}: ok (${seconds} s)`)
  } else {
    console.log(`=== ${step.name}: FAILED (${seconds} s)`)
    failedSteps.push(step.name)
  }
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch {
    return undefined
  }
}

let passed = 0
let failed = 0
const vitest = readJson(vitestReport)
if (vitest) {
  passed += vitest.numPassedTests
  failed += vitest.numFailedTests
}
const playwright = readJson(playwrightReport)
if (playwright) {
  passed += playwright.stats.expected + playwright.stats.flaky
  failed += playwright.stats.unexpected
}

console.log('')
if (failedSteps.length > 0) console.log(`test: failed steps: ${failedSteps.join(', ')}`)
console.log(`${passed} passed, ${failed} failed`)
process.exit(failedSteps.length > 0 ? 1 : 0)
