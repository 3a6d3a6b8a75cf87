// The phone layout at 375 px, against the real server, on the screens people use most on a phone: the file
// listing, a file's detail, the download progress, a volume's metrics and the users list. It fails when a
// list falls back to stacked label/value cards (a row taller than about two lines of text, or a cell drawing
// its column's header as a block above its value), when a tab bar wraps onto a second row or hides its
// current tab, or when a long name breaks a heading over several lines. Screenshots go to /tmp/shots.
import type { Page } from '@playwright/test'
import { addOrgUser, listGrants, putFile, registerFile, signUpReadyAdmin, volumeIdOf } from './support/api.ts'
import { freshEmail } from './support/mail.ts'
import { pickFromOrigin } from './support/originFiles.ts'
import { expect, test } from './support/fixtures.ts'

const GRANT = 'Phone Volume'
const DIRECTORY = '/Projects/2026/dailies/interviews'
const LONG_NAME = 'A001_C002_0315XY_interview_with_the_director_final_colour_graded.MOV'

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `/tmp/shots/phone-layout-${name}.png`, fullPage: true })
}

interface RowShape {
  text: string
  height: number
  /** What two lines of the row's text take, with the row's padding and a 44px target's room. */
  limit: number
  /** Cells that draw their column's header as a block of its own (the old stacked card). */
  stackedLabels: string[]
}

/** Every visible body row of the page's tables and grids, measured. */
function rowShapes(page: Page): Promise<RowShape[]> {
  return page.evaluate(() => {
    const rows = [
      ...document.querySelectorAll<HTMLElement>('table tbody tr, [role="grid"] [role="row"]'),
    ].filter(
      (row) =>
        row.getClientRects().length > 0 &&
        !row.querySelector('[role="columnheader"], .table-empty') &&
        row.closest('details:not([open])') === null,
    )
    return rows.map((row) => {
      const style = getComputedStyle(row)
      const cell = row.querySelector<HTMLElement>('th, td, [role="gridcell"]') ?? row
      const lineHeight = parseFloat(getComputedStyle(cell).lineHeight) || 24
      const padding = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom)
      const stackedLabels = [...row.querySelectorAll<HTMLElement>('[data-label]')]
        .filter((each) => {
          const before = getComputedStyle(each, '::before')
          return before.display === 'block' && before.content.includes(each.dataset.label ?? '\u0000')
        })
        .map((each) => each.dataset.label ?? '')
      return {
        text: (row.textContent ?? '').slice(0, 60),
        height: row.getBoundingClientRect().height,
        limit: Math.max(44, 2.5 * lineHeight) + padding + 2,
        stackedLabels,
      }
    })
  })
}

async function expectCompactRows(page: Page, screen: string, atLeast: number) {
  const rows = await rowShapes(page)
  expect(rows.length, `${screen}: rows measured`).toBeGreaterThanOrEqual(atLeast)
  for (const row of rows) {
    expect(row.stackedLabels, `${screen}: "${row.text}" shows labels stacked over values`).toEqual([])
    expect(row.height, `${screen}: "${row.text}" is taller than two lines`).toBeLessThanOrEqual(row.limit)
  }
}

/** Each visible tab bar is one row (no taller than its tallest tab) and shows its current tab whole. */
async function expectOneRowTabs(page: Page, screen: string, atLeast: number) {
  const bars = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.tab-bar ul, [role="tablist"]')]
      .filter((bar) => bar.getClientRects().length > 0)
      .map((bar) => {
        const tabs = [...bar.querySelectorAll<HTMLElement>('a, [role="tab"]')]
        const current = bar.querySelector<HTMLElement>('[aria-current="page"], [aria-selected="true"]')
        const box = bar.getBoundingClientRect()
        const shown = current?.getBoundingClientRect()
        return {
          label: bar.closest('nav')?.getAttribute('aria-label') ?? bar.getAttribute('aria-label') ?? '',
          height: box.height,
          tallestTab: Math.max(...tabs.map((tab) => tab.getBoundingClientRect().height)),
          tops: new Set(tabs.map((tab) => Math.round(tab.getBoundingClientRect().top))).size,
          currentShown: shown !== undefined && shown.left >= box.left - 1 && shown.right <= box.right + 1,
        }
      }),
  )
  expect(bars.length, `${screen}: tab bars`).toBeGreaterThanOrEqual(atLeast)
  for (const bar of bars) {
    expect(bar.tops, `${screen}: the ${bar.label} tabs wrap`).toBe(1)
    expect(bar.height, `${screen}: the ${bar.label} tab bar is taller than a tab`).toBeLessThanOrEqual(
      bar.tallestTab + 2,
    )
    expect(bar.currentShown, `${screen}: the ${bar.label} current tab is out of view`).toBe(true)
  }
}

test.describe('phone layout', () => {
  let sessionKey: string
  let volumeId: number

  test.beforeAll(async () => {
    const admin = await signUpReadyAdmin('phone-layout', 'Phone Org', GRANT)
    sessionKey = admin.sessionKey
    const grant = (await listGrants(sessionKey, admin.orgId)).find((each) => each.grant_name === GRANT)
    if (!grant) throw new Error('the new volume came without its container')
    const access = { sessionKey, orgId: admin.orgId, grantId: grant.media_grant_id }
    await putFile(access, `${DIRECTORY}/${LONG_NAME}`, 'frames')
    await putFile(access, `${DIRECTORY}/short.mov`, 'more frames')
    for (const name of ['a.txt', 'b.txt', 'c.txt', 'd.txt']) await putFile(access, `/Media/${name}`, name)
    // Registered, never uploaded: its download fails, so one row has an error and the others none.
    await registerFile(access, '/Media/pending.bin', { file_hash: 'ab'.repeat(32), file_size: 1234 })
    await addOrgUser(sessionKey, admin.orgId, { email: freshEmail('phone-layout-member') })
    volumeId = await volumeIdOf(sessionKey, admin.orgId, GRANT)
  })

  test.beforeEach(async ({ page, layout }) => {
    await page.setViewportSize({ width: 375, height: 812 })
    await layout.useSession(sessionKey)
  })

  test('the file listing: compact rows, one-line aligned breadcrumbs', async ({ page, fileList }) => {
    await fileList.goto(GRANT, `${DIRECTORY}/`)
    await expect(fileList.names).toHaveCount(2)
    await expectCompactRows(page, 'listing', 2)
    // The crumbs sit on one line, centred alike; the middle ones fold into '…'.
    const crumbs = await fileList.breadcrumbs.locator('li').evaluateAll((items) =>
      items
        .filter((item) => item.getClientRects().length > 0)
        .map((item) => {
          const box = item.getBoundingClientRect()
          return { text: item.textContent ?? '', middle: box.top + box.height / 2 }
        }),
    )
    expect(crumbs.map((crumb) => crumb.text.replace(/^\//, ''))).toEqual([
      GRANT,
      '…',
      'dailies',
      'interviews',
    ])
    for (const crumb of crumbs) expect(Math.abs(crumb.middle - (crumbs[0]?.middle ?? 0))).toBeLessThan(2)
    await shot(page, 'listing')
  })

  test('a file: the long name on one line, the tabs one row, compact version rows', async ({
    page,
    fileDetail,
  }) => {
    await page.goto(`/home/${encodeURIComponent(GRANT)}${DIRECTORY}/${LONG_NAME}`)
    await expect(fileDetail.heading).toHaveText(LONG_NAME)
    await expect(fileDetail.heading).toHaveAttribute('title', LONG_NAME)
    const heading = await fileDetail.heading.evaluate((element) => ({
      height: element.getBoundingClientRect().height,
      line: parseFloat(getComputedStyle(element).lineHeight),
    }))
    expect(heading.height).toBeLessThan(heading.line * 1.5)
    // The whole name is in the properties.
    await expect(fileDetail.properties).toContainText(LONG_NAME)
    await expectOneRowTabs(page, 'file detail', 1)
    await page.getByRole('tab', { name: 'Versions' }).click()
    await expect(fileDetail.versions).toHaveCount(1)
    await expectCompactRows(page, 'versions', 1)
    await expectOneRowTabs(page, 'file versions', 1)
    await shot(page, 'file')
  })

  test('the download progress: one compact row a file, no empty Error label', async ({
    page,
    fileList,
    downloadPage,
  }) => {
    await pickFromOrigin(page, 'phone-layout')
    await fileList.goto(GRANT)
    // On a phone the rows' checkboxes show while selecting, entered from More; Download is on the selection bar.
    await fileList.more.click()
    await page.getByRole('button', { name: 'Select' }).click()
    await fileList.select('Media')
    await fileList.selectionBar.getByRole('button', { name: 'Download' }).click()
    await expect(downloadPage.collected.locator('tbody tr')).toHaveCount(5)
    await expectCompactRows(page, 'files to download', 5)
    await downloadPage.downloadAll.click()
    await expect(downloadPage.downloads.locator('tbody tr')).toHaveCount(5)
    await expect(downloadPage.status).toContainText('Done', { timeout: 30_000 })
    await expectCompactRows(page, 'downloads', 5)
    // A file without an error shows no Error label at all.
    await expect(downloadPage.row('Media/a.txt').getByText('Error')).toHaveCount(0)
    await expect(downloadPage.errorOf('Media/pending.bin')).toBeVisible()
    await shot(page, 'downloads')
  })

  test("a volume's metrics: the volume tabs one row with Metrics in view, compact data rows", async ({
    page,
  }) => {
    await page.goto(`/volume/${volumeId}/metric`)
    const section = page.getByRole('region', { name: 'Metrics' })
    await expect(section.getByRole('figure', { name: 'Volume Size' })).toBeVisible()
    await expectOneRowTabs(page, 'metrics', 1)
    await section.getByText('Volume Size data').click()
    await expect(section.getByRole('table', { name: 'Volume Size' })).toBeVisible()
    await expectCompactRows(page, 'metrics', 7)
    await shot(page, 'metrics')
  })

  test('the users list and the organization tabs', async ({ page, userList }) => {
    await userList.goto()
    await expect(page.getByRole('table', { name: 'Users' }).locator('tbody tr')).toHaveCount(2)
    await expectCompactRows(page, 'users', 2)
    await shot(page, 'users')
    await page.goto('/org/app')
    await expect(page.getByRole('navigation', { name: 'Organization' })).toBeVisible()
    await expectOneRowTabs(page, 'organization', 1)
    await shot(page, 'org')
  })
})
