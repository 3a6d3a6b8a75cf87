// A volume's metrics (issue 12: /volume/{volume_id}/metric), against the real server: the admin opens the
// Metrics tab of a new volume with a file in it and finds the three charts, each named, with its numbers in
// a table; every day of the range is there (days the daily job has not measured read as zeros: a file
// uploaded today first counts once today has ended); the range is chosen in the address; and the forecast
// names the plan's storage limit. The organization and the file are made through the API. On a phone, the
// day ticks thin so that no two labels touch, and the value axis steps in round numbers.
import { listGrants, putFile, signUpReadyAdmin, volumeIdOf } from './support/api.ts'
import { expect, test } from './support/fixtures.ts'

const VOLUME = 'Footage'

test.describe('volume metrics', () => {
  test('the admin sees the three charts with their numbers, for the range chosen in the address', async ({
    page,
    layout,
    volumeSettings,
  }) => {
    const { sessionKey: adminKey, orgId } = await signUpReadyAdmin('metrics-admin', 'Metrics Org', VOLUME)
    const volumeId = await volumeIdOf(adminKey, orgId, VOLUME)
    const root = (await listGrants(adminKey, orgId)).find((grant) => grant.grant_name === VOLUME)
    if (!root) throw new Error('the new volume came without its container')
    await putFile({ sessionKey: adminKey, orgId, grantId: root.media_grant_id }, '/clip.mov', 'frames')

    await layout.useSession(adminKey)
    await volumeSettings.goto(volumeId)
    await volumeSettings.tabs.getByRole('link', { name: 'Metrics', exact: true }).click()
    await expect(page).toHaveURL(new RegExp(`/volume/${volumeId}/metric$`))
    await expect(volumeSettings.tabs.getByRole('link', { name: 'Metrics' })).toHaveAttribute(
      'aria-current',
      'page',
    )

    const section = page.getByRole('region', { name: 'Metrics' })
    const range = section.getByRole('group', { name: 'Range' })
    await expect(range.getByRole('radio')).toHaveCount(4)
    await expect(range.getByRole('radio', { name: '1 week' })).toBeChecked()
    for (const title of ['Volume Size', 'Cloud storage usage', 'File Count']) {
      const figure = section.getByRole('figure', { name: title })
      await expect(figure).toBeVisible()
      await expect(figure.getByRole('img', { name: new RegExp(`^${title}: `) })).toBeVisible()
      // recharts drew the plot.
      await expect(figure.locator('svg.recharts-surface').first()).toBeVisible()
    }
    await expect(section.getByTestId('metric-forecast')).toHaveText(
      "At the recent growth rate, the plan's storage limit of 1.000 TB is not reached within a year.",
    )
    // The scheduler measured the days before this volume existed; none of its own yet.
    await expect(section.getByTestId('metric-as-of')).toHaveText(
      'Not measured yet: usage is measured once a day, after the day ends.',
    )

    // The numbers as a table: a row for each of the 7 days, the last one yesterday, all zero so far.
    const sizeFigure = section.getByRole('figure', { name: 'Volume Size' })
    await sizeFigure.getByText('Volume Size data').click()
    const sizeTable = sizeFigure.getByRole('table', { name: 'Volume Size' })
    await expect(sizeTable.getByRole('rowheader')).toHaveCount(7)
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
    await expect(sizeTable.getByRole('rowheader').last()).toHaveText(yesterday)
    await expect(sizeTable.getByRole('row').last().getByRole('cell')).toHaveText(['0 B', '0 B'])

    // 30 days: kept in the address, and 30 rows.
    // The choice shows once the route has the range's numbers (it follows the address).
    await range.getByRole('radio', { name: '30 days' }).click()
    await expect(range.getByRole('radio', { name: '30 days' })).toBeChecked()
    await expect(page).toHaveURL(new RegExp(`/volume/${volumeId}/metric\\?range=30d$`))
    await expect(sizeTable.getByRole('rowheader')).toHaveCount(30)
    await page.reload()
    await expect(range.getByRole('radio', { name: '30 days' })).toBeChecked()
    // Back to the default: the address drops the key.
    await range.getByRole('radio', { name: '1 week' }).click()
    await expect(range.getByRole('radio', { name: '1 week' })).toBeChecked()
    await expect(page).toHaveURL(new RegExp(`/volume/${volumeId}/metric$`))
  })

  test('on a phone the day labels thin out rather than run together, and the value axis steps roundly', async ({
    page,
    layout,
  }) => {
    const { sessionKey: adminKey, orgId } = await signUpReadyAdmin(
      'metrics-phone',
      'Metrics Phone Org',
      VOLUME,
    )
    const volumeId = await volumeIdOf(adminKey, orgId, VOLUME)
    await page.setViewportSize({ width: 375, height: 812 })
    await layout.useSession(adminKey)
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
    const lastLabel = `${Number(yesterday.slice(5, 7))}/${Number(yesterday.slice(8, 10))}`

    for (const range of ['1w', '2w', '30d', '90d']) {
      await page.goto(`/volume/${volumeId}/metric${range === '1w' ? '' : `?range=${range}`}`)
      const figure = page.getByRole('figure', { name: 'Volume Size' })
      const labels = figure.locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value')
      await expect(labels.last(), `${range}: the last day keeps its label`).toHaveText(lastLabel)
      const { plot, boxes } = await labels.evaluateAll((texts) => ({
        plot: texts[0]?.closest('svg')?.getBoundingClientRect().toJSON() as { left: number; right: number },
        boxes: texts.map((text) => {
          const box = text.getBoundingClientRect()
          return { left: box.left, right: box.right }
        }),
      }))
      expect(boxes.length, `${range}: more than one day is labelled`).toBeGreaterThan(1)
      // None is cut by the edges of the drawing.
      expect(boxes[0]?.left, `${range}: the first label`).toBeGreaterThanOrEqual(plot.left)
      expect(boxes.at(-1)?.right, `${range}: the last label`).toBeLessThanOrEqual(plot.right)
      for (const [index, box] of boxes.slice(1).entries()) {
        const before = boxes[index]
        expect(box.left, `${range}: label ${index + 2} starts after label ${index + 1} ends`).toBeGreaterThan(
          before?.right ?? 0,
        )
      }
    }

    // Nothing measured yet: the axes still read as scales of round steps, the stores' chart too.
    for (const title of ['Volume Size', 'Cloud storage usage'])
      await expect(
        page
          .getByRole('figure', { name: title })
          .locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value'),
      ).toHaveText(['0 B', '256 B', '512 B', '768 B', '1 KB'])
    await expect(
      page
        .getByRole('figure', { name: 'File Count' })
        .locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value'),
    ).toHaveText(['0', '1', '2', '3', '4'])
  })
})
