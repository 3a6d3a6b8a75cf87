// Makes sure the Chromium the end-to-end tests drive is installed: Debian's chromium package, installed
// here when running as root with apt-get, or a clear message naming what to install.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import { DEFAULT_CHROMIUM_PATH, chromiumPath } from './chromium.mjs'

const browser = chromiumPath()
const canApt = process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get')

if (fs.existsSync(browser)) {
  process.exit(0)
}
if (browser !== DEFAULT_CHROMIUM_PATH || !canApt) {
  console.error(
    `Chromium was not found at ${browser}.\n` +
      "Install Debian's chromium package (as root: apt-get install -y chromium), " +
      'or set CHROMIUM_PATH to a Chromium or Chrome binary.',
  )
  process.exit(1)
}
console.log("ensure-chromium: installing Debian's chromium package")
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env })
if (!fs.existsSync(browser)) {
  console.error(`apt-get installed chromium, but ${browser} is still missing.`)
  process.exit(1)
}
