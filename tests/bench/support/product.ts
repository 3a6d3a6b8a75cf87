// What the browser benchmarks stand on: the product started as `npm start` starts it (building it when the
// build is stale) on a free port and a temporary DATA_DIR, exactly as the e2e suite does, and the system's
// Chromium driven by Playwright with the suite's flags. Both are stopped and removed by close().
import { execFile } from 'node:child_process'
import { randomFillSync } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { chromium, type Browser, type Page } from '@playwright/test'
import startProduct from '../../../e2e/support/globalSetup.ts'
import { CHROMIUM_ARGS, chromiumPath } from '../../../scripts/chromium.mjs'

export const MiB = 1024 * 1024
export const GiB = 1024 * MiB

export const run = promisify(execFile)

/** Why the browser benchmarks cannot run here, or undefined when they can. */
export function missingChromium(): string | undefined {
  const executable = chromiumPath()
  return fs.existsSync(executable) ? undefined : `Chromium is not at ${executable} (set CHROMIUM_PATH)`
}

export interface Product {
  baseUrl: string
  dataDir: string
  browser: Browser
  /** A page of the console with the test hook (window.mediaConsoleTest) installed and an <input id=files>. */
  openConsole(): Promise<Page>
  close(): Promise<void>
}

export async function startProductInChromium(): Promise<Product> {
  // The e2e starter publishes the address and DATA_DIR (where the mail outbox is) through these variables,
  // which e2e/support/api.ts reads too.
  const stopServer = await startProduct()
  const baseUrl = process.env.E2E_BASE_URL as string
  const dataDir = process.env.E2E_DATA_DIR as string
  let browser: Browser
  try {
    browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
  } catch (error) {
    await stopServer()
    throw error
  }
  return {
    baseUrl,
    dataDir,
    browser,
    async openConsole() {
      const page = await browser.newPage({ baseURL: baseUrl })
      await page.addInitScript(() => {
        window.__MEDIA_CONSOLE_TEST__ = true
      })
      await page.goto('/')
      await page.waitForFunction(() => window.mediaConsoleTest !== undefined)
      await page.evaluate(() => {
        const input = document.createElement('input')
        input.type = 'file'
        input.multiple = true
        input.id = 'files'
        document.body.append(input)
      })
      return page
    },
    async close() {
      await browser.close().catch(() => undefined)
      await stopServer()
    },
  }
}

/** Writes size random bytes to file, in slices, so no more than one slice is in memory. */
export function writeRandomFile(file: string, size: number): void {
  const slice = Buffer.alloc(Math.min(size, 64 * MiB))
  const fd = fs.openSync(file, 'w')
  try {
    for (let written = 0; written < size;) {
      const length = Math.min(slice.length, size - written)
      randomFillSync(slice, 0, length)
      fs.writeSync(fd, slice, 0, length)
      written += length
    }
  } finally {
    fs.closeSync(fd)
  }
}

/** SHA-256 hex of each file by `sha256sum`, and how long it took, in milliseconds. */
export async function sha256sum(files: readonly string[]): Promise<{ digests: string[]; ms: number }> {
  const started = performance.now()
  const { stdout } = await run('sha256sum', ['--', ...files], { maxBuffer: 16 * MiB })
  const ms = performance.now() - started
  const digests = stdout
    .trim()
    .split('\n')
    .map((line) => line.slice(0, 64))
  if (digests.length !== files.length) throw new Error(`sha256sum answered ${digests.length} digests`)
  return { digests, ms }
}

/** Decimal megabytes per second, as the architecture quotes hashing speeds. */
export function mbPerSecond(bytes: number, ms: number): number {
  return bytes / 1e6 / (ms / 1000)
}

export const figure = (value: number, digits = 0) =>
  value.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits })

/** Regular files of exactly this size under the directory: where a profile keeps a downloaded file. */
export function filesOfSize(dir: string, size: number): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => fs.statSync(file, { throwIfNoEntry: false })?.size === size)
}
