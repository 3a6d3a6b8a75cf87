// The metrics charts' colours against the panel they are drawn on, in both colour schemes (issue: console
// quality; WCAG 1.4.11 asks 3:1 for the graphics a chart is read by), on the real server with nothing
// intercepted. axe does not look into an SVG's fills, so this measures them with WCAG's relative luminance
// (e2e/support/contrast.ts), against the first opaque background behind each chart as the browser paints it.
//
// What the real page draws for a volume a test can make: the usage call's range ends at the server's last
// ended day, and a file uploaded today first counts in the row of today (the daily job, even run by hand
// with a later --now, measures today at most), so the bars of a new volume are all zero and none is drawn,
// nor any store series. Drawn in the series' colours are the legend keys of Live and Total (Volume Size and
// File Count), which are measured as drawn; the palette the bars take (--chart-1 to --chart-6) is measured as
// the page resolves it inside each chart, so a store series gets a colour held to 3:1 before real data
// draws it. The stacked store segments' edges need drawn segments, which real data of today cannot give.
import { createReadyOrg, signUpUser, volumeIdOf } from './support/api.ts'
import { contrastRatio, parseRgb, relativeLuminance, type Rgb } from './support/contrast.ts'
import { expect, test } from './support/fixtures.ts'
import { freshEmail } from './support/mail.ts'

const VOLUME = 'Chart Volume'
const PALETTE_SIZE = 6
/** Hues closer than this read as shades of one colour (the palette before was two blues). */
const MIN_HUE_APART = 30
const CHARTS = [
  { title: 'Volume Size', legend: ['Live', 'Total'] },
  { title: 'Cloud storage usage', legend: [] },
  { title: 'File Count', legend: ['Live Files', 'Total Files'] },
]

/** The hue of a colour in degrees (HSL's), 0 to 360. */
function hueOf({ r, g, b }: Rgb): number {
  const max = Math.max(r, g, b)
  const span = max - Math.min(r, g, b)
  if (span === 0) return 0
  const sixths = max === r ? ((g - b) / span) % 6 : max === g ? (b - r) / span + 2 : (r - g) / span + 4
  return (sixths * 60 + 360) % 360
}

function hueDistance(one: Rgb, other: Rgb): number {
  const apart = Math.abs(hueOf(one) - hueOf(other))
  return Math.min(apart, 360 - apart)
}

let sessionKey: string
let volumeId: number

test.beforeAll(async () => {
  const email = freshEmail('chart-colors')
  sessionKey = await signUpUser(email)
  const orgId = await createReadyOrg(sessionKey, `Chart Colors Org ${email}`, VOLUME)
  volumeId = await volumeIdOf(sessionKey, orgId, VOLUME)
})

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} scheme`, () => {
    test.use({ colorScheme: scheme })

    test('the chart palette and the series keys drawn are at least 3:1 against the panel, each its own hue', async ({
      page,
      layout,
    }) => {
      await layout.useSession(sessionKey)
      await page.goto(`/volume/${volumeId}/metric`)

      for (const { title, legend } of CHARTS) {
        const figure = page.getByRole('figure', { name: title })
        // The plot's own SVG (the legend's keys are SVGs of the same class, in a wrapper of their own).
        const plot = figure.locator('.recharts-wrapper > svg.recharts-surface')
        await expect(plot, `${title}: the plot is drawn`).toBeVisible()
        const keys = figure.locator('.recharts-legend-item')
        await expect(keys, `${title}: a legend key for each series`).toHaveText(legend)

        const measured = await plot.evaluate((svg, size) => {
          let behind: Element | null = svg
          let background = 'rgba(0, 0, 0, 0)'
          while (behind && /rgba\(.*, 0\)$|^transparent$/.test(background)) {
            background = getComputedStyle(behind).backgroundColor
            behind = behind.parentElement
          }
          // Each --chart-N as a bar's fill resolves it here, through a shape added for the reading alone.
          const probe = document.createElementNS('http://www.w3.org/2000/svg', 'rect')
          svg.append(probe)
          const palette = Array.from({ length: size }, (_, index) => {
            const name = `--chart-${index + 1}`
            probe.style.fill = `var(${name})`
            return {
              name,
              declared: getComputedStyle(svg).getPropertyValue(name).trim(),
              fill: getComputedStyle(probe).fill,
            }
          })
          probe.remove()
          const keys = [
            ...(svg.closest('.recharts-wrapper')?.querySelectorAll('.recharts-legend-icon') ?? []),
          ]
          return { background, palette, keys: keys.map((key) => getComputedStyle(key).fill) }
        }, PALETTE_SIZE)

        const surface = parseRgb(measured.background)
        expect(surface.alpha, `${title}: an opaque background behind the chart`).toBe(1)
        // The page took the scheme: a dark panel in dark mode, a light one otherwise.
        if (scheme === 'dark') expect(relativeLuminance(surface), measured.background).toBeLessThan(0.05)
        else expect(relativeLuminance(surface), measured.background).toBeGreaterThan(0.8)

        // The whole palette, whichever series real data will give it to.
        for (const { name, declared, fill } of measured.palette) {
          // An undefined property would leave the fill black, which passes against a light panel.
          expect(declared, `${title}: ${name} is set`).not.toBe('')
          const ratio = contrastRatio(parseRgb(fill), surface)
          expect(
            ratio,
            `${title}: ${name} ${fill} against ${measured.background} is ${ratio.toFixed(2)}:1`,
          ).toBeGreaterThanOrEqual(3)
        }
        const palette = measured.palette.map((each) => each.fill)
        expect(new Set(palette).size, `${title}: the palette ${palette.join(', ')}`).toBe(PALETTE_SIZE)
        // A categorical palette: every two series differ in hue, not in lightness alone.
        for (const [index, one] of palette.entries()) {
          for (const other of palette.slice(index + 1)) {
            const apart = hueDistance(parseRgb(one), parseRgb(other))
            expect(
              apart,
              `${title}: ${one} and ${other} are ${apart.toFixed(0)} degrees apart`,
            ).toBeGreaterThanOrEqual(MIN_HUE_APART)
          }
        }

        // The series keys as drawn: the palette's colours in order, each at 3:1 itself.
        expect(measured.keys, `${title}: the keys are drawn in the palette's first colours`).toEqual(
          palette.slice(0, legend.length),
        )
        for (const fill of measured.keys) {
          const ratio = contrastRatio(parseRgb(fill), surface)
          expect(
            ratio,
            `${title}: key ${fill} against ${measured.background} is ${ratio.toFixed(2)}:1`,
          ).toBeGreaterThanOrEqual(3)
        }
      }
    })
  })
}
