// A directory of 1,000 pictures in the grid view (issue 28): how long the first screen takes to show its
// cards with their thumbnails, and how many thumbnails the console asks for, beside the same directory in the
// list view (the reference: names only, measured in the same run). One small JPEG, made by sharp, is stored
// under 1,000 names, so one derivative job serves them all; every file has has_thumbnail before the screen is
// opened. Each view is loaded cold (a fresh context, the session set before the first script) RUNS times and
// its median is printed. Goals: first screen within 1 s, and thumbnails asked for at most the cards in view.
import { createHash } from 'node:crypto'
import { chromium, type Browser, type BrowserContext } from '@playwright/test'
import sharp from 'sharp'
import { bench, describe } from 'vitest'
import { api, putFile, registerFile, type GrantAccess } from '../../e2e/support/api.ts'
import { startServer, useServerForSeeding } from '../../e2e/support/server.ts'
import { CHROMIUM_ARGS, chromiumPath } from '../../scripts/chromium.mjs'
import { endpoints } from '../../server/contract/endpoints.ts'
import { GRANT, containers } from './support/containers.ts'
import { figure, missingChromium } from './support/product.ts'

const FILES = 1_000
const FOLDER = 'Grid'
const RUNS = Number(process.env.BENCH_GRID_RUNS ?? 3)
const GOAL_FIRST_SCREEN_MS = 1_000
const VIEWPORT = { width: 1280, height: 800 }

const missing = missingChromium()
if (missing) console.log(`grid bench: ${missing}; skipped.`)

interface Load {
  /** From the start of navigation to the first screen shown (grid: every card in view with its picture). */
  ms: number
  /** Thumbnail calls the page made by then, and a second later (nothing more is asked without scrolling). */
  thumbnailCalls: number
  thumbnailCallsAfter: number
  /** Cards (or rows) at least partly inside the viewport. */
  inView: number
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN

async function seed(access: GrantAccess): Promise<void> {
  const picture = await sharp({
    create: { width: 640, height: 480, channels: 3, background: { r: 40, g: 120, b: 200 } },
  })
    .jpeg()
    .toBuffer()
  // The bytes are sent once; the other names register the same content, which its sender may name.
  const name = (index: number) => `/${FOLDER}/picture-${String(index).padStart(4, '0')}.jpg`
  await putFile(access, name(0), picture)
  const content = { file_hash: createHash('sha256').update(picture).digest('hex'), file_size: picture.length }
  for (let start = 1; start < FILES; start += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, FILES - start) }, (_, offset) =>
        registerFile(access, name(start + offset), content),
      ),
    )
  }
  // Wait for the one derivative job: every entry says it has a thumbnail.
  const deadline = Date.now() + 60_000
  for (;;) {
    const { media_list } = await api(
      endpoints.dirList,
      {
        params: { org_id: access.orgId, media_grant_id: access.grantId },
        query: { prefix_path: `/${FOLDER}/` },
      },
      access.sessionKey,
    )
    const ready = media_list.filter((media) => media.has_thumbnail).length
    if (ready === FILES) return
    if (Date.now() > deadline) throw new Error(`only ${ready} of ${FILES} files have a thumbnail`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

async function loadOnce(
  browser: Browser,
  baseURL: string,
  sessionKey: string,
  view: 'grid' | 'list',
): Promise<Load> {
  const context: BrowserContext = await browser.newContext({
    baseURL,
    viewport: VIEWPORT,
    serviceWorkers: 'block',
  })
  try {
    await context.addInitScript(
      ({ key, view }) => {
        localStorage.setItem('local-state-session_key', JSON.stringify(key))
        localStorage.setItem('local-state-listing_view', JSON.stringify(view))
      },
      { key: sessionKey, view },
    )
    const page = await context.newPage()
    let thumbnailCalls = 0
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('/thumbnail')) thumbnailCalls += 1
    })
    await page.goto(`/home/${encodeURIComponent(GRANT)}/${FOLDER}/`)
    const { ms, inView } = await page
      .waitForFunction(
        (view) => {
          const inside = (element: Element) => {
            const box = element.getBoundingClientRect()
            return box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth
          }
          if (view === 'list') {
            const rows = [...document.querySelectorAll('.virtual-rows [role="row"]')].filter(inside)
            return rows.length > 0 ? { ms: performance.now(), inView: rows.length } : false
          }
          const pictures = [...document.querySelectorAll('.card-picture')].filter(inside)
          const shown = pictures.every((picture) => {
            const image = picture.querySelector('img')
            return image !== null && image.complete && image.naturalWidth > 0
          })
          return pictures.length > 0 && shown ? { ms: performance.now(), inView: pictures.length } : false
        },
        view,
        { timeout: 30_000, polling: 'raf' },
      )
      .then((handle) => handle.jsonValue() as Promise<{ ms: number; inView: number }>)
    const atFirstScreen = thumbnailCalls
    await page.waitForTimeout(1_000)
    return { ms, thumbnailCalls: atFirstScreen, thumbnailCallsAfter: thumbnailCalls, inView }
  } finally {
    await context.close()
  }
}

async function measure() {
  const server = await startServer({ logName: 'bench-grid-server.log' })
  const restoreSeeding = useServerForSeeding(server)
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
  try {
    const [container] = await containers(['Grid'])
    if (!container) throw new Error('no container')
    const access: GrantAccess = {
      sessionKey: container.sessionKey,
      orgId: container.params.org_id,
      grantId: container.params.media_grant_id,
    }
    const seeding = performance.now()
    await seed(access)
    console.log(
      `grid bench: ${FILES} pictures stored and their thumbnail made in ${figure((performance.now() - seeding) / 1000, 1)} s`,
    )

    const loads: Record<'grid' | 'list', Load[]> = { grid: [], list: [] }
    for (let run = 0; run < RUNS; run++) {
      for (const view of ['list', 'grid'] as const) {
        loads[view].push(await loadOnce(browser, server.baseUrl, access.sessionKey, view))
      }
    }
    const list = median(loads.list.map((load) => load.ms))
    const grid = median(loads.grid.map((load) => load.ms))
    const calls = Math.max(...loads.grid.map((load) => load.thumbnailCallsAfter))
    const inView = Math.min(...loads.grid.map((load) => load.inView))
    console.log(
      [
        `grid bench: a directory of ${FILES} pictures, ${VIEWPORT.width}x${VIEWPORT.height}, median of ${RUNS} cold loads`,
        `  list view (reference, names only):         ${figure(list)} ms to its first rows`,
        `  grid view, every card in view with its picture: ${figure(grid)} ms (${figure(grid / list, 2)}x the list; goal ≤ ${GOAL_FIRST_SCREEN_MS} ms: ${grid <= GOAL_FIRST_SCREEN_MS ? 'met' : 'MISSED'})`,
        `  thumbnails asked for: at most ${calls} (cards in view: ${inView}; goal: no more than in view: ${calls <= inView ? 'met' : 'MISSED'})`,
      ].join('\n'),
    )
  } finally {
    await browser.close().catch(() => undefined)
    restoreSeeding()
    await server.close()
  }
}

describe.skipIf(missing)('the grid view', () => {
  bench('1,000 pictures: the first screen of the grid beside the list', measure, {
    time: 0,
    iterations: 1,
    warmupTime: 0,
    warmupIterations: 0,
    throws: true,
  })
})
