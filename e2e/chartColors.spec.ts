// The metrics charts' bars against the panel they are drawn on, in both colour schemes (issue: console
// quality; WCAG 1.4.11 asks 3:1 for the graphics a chart is read by). axe does not look into an SVG's
// fills, so this measures them: each series' fill as the browser drew it, against the first opaque
// background behind the chart, with WCAG's relative luminance (e2e/support/contrast.ts). Every series of a
// chart has its own colour, and the stacked segments are edged in the panel's colour.
//
// The volume is made through the API, but the daily job measures only days that have ended, so a volume
// made by the test has no history to draw. The test keeps the server's answer for the screen's range and
// lays a week of numbers over it, with six stores so that the stacked chart draws every series colour.
import { daysBetween } from '../server/services/usage.ts'
import type { StoreUsageDay, VolumeUsageDay, VolumeUsageResponse } from '../server/contract/usage.ts'
import { createReadyOrg, signUpUser, volumeIdOf } from './support/api.ts'
import { contrastRatio, parseRgb, relativeLuminance } from './support/contrast.ts'
import { expect, test } from './support/fixtures.ts'
import { freshEmail } from './support/mail.ts'

const VOLUME = 'Chart Volume'
const MB = 1_000_000
const STORES = ['Default Storage', 'Archive', 'Studio NAS', 'Backup East', 'Backup West', 'Cold Store']
const CHARTS = [
  { title: 'Volume Size', series: 2 },
  { title: 'Cloud storage usage', series: STORES.length },
  { title: 'File Count', series: 2 },
]

/** A week that grows day by day, total above live, each store holding a share. */
function history(answer: VolumeUsageResponse): VolumeUsageResponse {
  const days = daysBetween(answer.from_date, answer.to_date)
  const usage_list: VolumeUsageDay[] = days.map((usage_date, index) => ({
    usage_date,
    live_bytes: (index + 2) * 100 * MB,
    total_bytes: (index + 2) * 150 * MB,
    live_count: (index + 2) * 10,
    total_count: (index + 2) * 16,
  }))
  const s3_list: StoreUsageDay[] = STORES.flatMap((s3_bucket_name, store) =>
    days.map((usage_date, index) => ({
      s3_bucket_id: store,
      s3_bucket_name,
      usage_date,
      byte_days: (index + 2) * (store + 1) * 20 * MB,
    })),
  )
  return { ...answer, usage_list, s3_list, as_of: `${answer.to_date}T00:05:00.000Z` }
}

let sessionKey: string
let orgId: number
let volumeId: number

test.beforeAll(async () => {
  const email = freshEmail('chart-colors')
  sessionKey = await signUpUser(email)
  orgId = await createReadyOrg(sessionKey, `Chart Colors Org ${email}`, VOLUME)
  volumeId = await volumeIdOf(sessionKey, orgId, VOLUME)
})

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} scheme`, () => {
    // The service worker would fetch the usage call itself, out of page.route's reach.
    test.use({ colorScheme: scheme, serviceWorkers: 'block' })

    test('every bar series is at least 3:1 against the panel, and each has its own colour', async ({
      page,
      layout,
    }) => {
      await page.route(`**/api/1/org/${orgId}/volume/${volumeId}/usage**`, async (route) => {
        const response = await route.fetch()
        await route.fulfill({ response, json: history((await response.json()) as VolumeUsageResponse) })
      })
      await layout.useSession(sessionKey)
      await page.setViewportSize({ width: 1280, height: 900 })
      await page.goto(`/volume/${volumeId}/metric`)

      for (const { title, series } of CHARTS) {
        const figure = page.getByRole('figure', { name: title })
        const bars = figure.locator('.recharts-bar')
        await expect(bars, `${title}: one layer per series`).toHaveCount(series)
        // Seven days a series, every day above zero: each column is drawn.
        await expect(figure.locator('.recharts-bar-rectangle path')).toHaveCount(series * 7)

        const drawn = await figure
          // The plot's own SVG (the legend's icons are SVGs of the same class).
          .locator('svg.recharts-surface', { has: page.locator('.recharts-bar') })
          .evaluate((svg) => {
            let behind: Element | null = svg
            let background = 'rgba(0, 0, 0, 0)'
            while (behind && /rgba\(.*, 0\)$|^transparent$/.test(background)) {
              background = getComputedStyle(behind).backgroundColor
              behind = behind.parentElement
            }
            const series = [...svg.querySelectorAll('.recharts-bar')].map((bar) => ({
              fills: [
                ...new Set([...bar.querySelectorAll('path')].map((path) => getComputedStyle(path).fill)),
              ],
              strokes: [
                ...new Set([...bar.querySelectorAll('path')].map((path) => getComputedStyle(path).stroke)),
              ],
            }))
            return { background, series }
          })

        const surface = parseRgb(drawn.background)
        expect(surface.alpha, `${title}: an opaque background behind the chart`).toBe(1)
        // The page took the scheme: a dark panel in dark mode, a light one otherwise.
        if (scheme === 'dark') expect(relativeLuminance(surface), drawn.background).toBeLessThan(0.05)
        else expect(relativeLuminance(surface), drawn.background).toBeGreaterThan(0.8)

        const fills = drawn.series.map((each, index) => {
          expect(each.fills, `${title}: series ${index + 1} is one colour`).toHaveLength(1)
          return each.fills[0] ?? ''
        })
        for (const fill of fills) {
          const ratio = contrastRatio(parseRgb(fill), surface)
          expect(
            ratio,
            `${title}: ${fill} against ${drawn.background} is ${ratio.toFixed(2)}:1`,
          ).toBeGreaterThanOrEqual(3)
        }
        expect(new Set(fills).size, `${title}: the series' colours ${fills.join(', ')}`).toBe(series)
        if (series === 2) {
          // Live and total share a hue: lightness alone tells them apart.
          const between = contrastRatio(parseRgb(fills[0] ?? ''), parseRgb(fills[1] ?? ''))
          expect(between, `${title}: ${fills.join(' against ')}`).toBeGreaterThanOrEqual(1.5)
        }

        if (title === 'Cloud storage usage') {
          for (const each of drawn.series)
            expect(each.strokes, 'stacked segments are edged in the panel colour').toEqual([drawn.background])
        }
      }
    })
  })
}
