// Where Chromium is and how it is started, for Playwright and for the install check. Playwright cannot
// download its own browser here, so the suite drives the system's Chromium.
export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium'

export function chromiumPath() {
  return process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM_PATH
}

// Without the background-networking flags Chromium keeps dialling Google's hosts, which a closed network
// refuses many times a second.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]
