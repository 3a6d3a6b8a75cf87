// Network stores (issue 12; specification 001 sections 2, 4, 5 and 8), against a server of this spec's own
// that allows stores on loopback (STORE_ALLOW_PRIVATE_HOSTS) and two S3-compatible servers (s3rver): an admin
// adds a store (a failed round trip refused in the catalogue's words), adds a second, moves it up, edits the
// first (the stored secret shown as '****' and kept when left blank), disables and enables it, sees its
// health, and the browser reaches the store under the content security policy.
import { createHash } from 'node:crypto'
import { startS3Server, type TestS3Server } from '../tests/server/helpers/s3Server.ts'
import { endpoints } from '../server/contract/endpoints.ts'
import { NetworkStoreDetailPage } from './pages/NetworkStoreDetailPage.ts'
import { NetworkStoreListPage } from './pages/NetworkStoreListPage.ts'
import { api, createReadyOrg, listGrants, signUpUser } from './support/api.ts'
import { expect, test as base } from './support/fixtures.ts'
import { freshEmail } from './support/mail.ts'
import { ownServer, type ProductServer } from './support/server.ts'

interface WorkerFixtures {
  s3: [TestS3Server, TestS3Server]
  server: ProductServer
}

const test = base.extend<object, WorkerFixtures>({
  s3: [
    async ({}, use) => {
      const first = await startS3Server('', { browser: true })
      const second = await startS3Server('', { browser: true })
      await use([first, second])
      await first.close()
      await second.close()
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ s3 }, use) => {
      void s3
      await ownServer(
        { logName: 'e2e-network-stores-server.log', env: { STORE_ALLOW_PRIVATE_HOSTS: 'true' } },
        use,
      )
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, use) => use(server.baseUrl),
})

const fieldsOf = (s3: TestS3Server, accessKeyId = 'S3RVER') => ({
  'Bucket Name': s3.bucket,
  Region: 'us-east-1',
  Host: s3.endpoint,
  Prefix: 'console',
  'Access Key ID': accessKeyId,
  'Secret Access Key': 'S3RVER',
})

test.describe('network stores', () => {
  test('an admin adds, orders, edits, disables and enables stores, and uploads reach them', async ({
    page,
    layout,
    s3,
    consoleErrors,
  }) => {
    const [first, second] = s3
    const email = freshEmail('stores-admin')
    const key = await signUpUser(email)
    const orgId = await createReadyOrg(key, `Stores Org ${email}`, 'Footage')
    const list = new NetworkStoreListPage(page)
    const detail = new NetworkStoreDetailPage(page)

    await layout.useSession(key)
    await list.goto()
    await expect(list.heading).toBeVisible()
    await expect(list.rows()).toHaveCount(1)
    await expect(list.row('Default')).toContainText('Default')
    await expect(list.field('Max File Size')).toHaveValue('4398046511104')
    await expect(list.add).toBeDisabled()
    // The disabled button says what is missing, and the size field reads units.
    await expect(list.add).toHaveAccessibleDescription(
      'Still needed: Bucket Name, Region, Host, Access Key ID and Secret Access Key.',
    )
    await list.field('Max File Size').fill('1 GB')
    await expect(list.form.getByTestId('size-bytes')).toHaveText('= 1,073,741,824 bytes')
    await list.field('Max File Size').fill('lots')
    await expect(list.field('Max File Size')).toHaveAccessibleDescription(
      /Enter a size such as 500 MB, 4 TB or a number of bytes\./,
    )
    await list.field('Max File Size').fill('4398046511104')

    // A round trip that fails is refused in the catalogue's words, and nothing is added.
    await list.fill(fieldsOf(first, 'nobody'))
    await expect(list.add).toBeEnabled()
    await list.add.click()
    await expect(list.error).toHaveText('Failed to validate bucket, please check your settings.')
    await expect(list.rows()).toHaveCount(1)

    await list.field('Access Key ID').fill('S3RVER')
    await list.add.click()
    await expect(list.status).toHaveText(`Network store ${first.bucket} added.`)
    await expect(list.field('Bucket Name')).toHaveValue('')
    await list.fill(fieldsOf(second))
    await list.add.click()
    await expect(list.rows()).toHaveCount(3)
    const names = () => list.rows().getByRole('rowheader').allTextContents()
    expect(await names()).toEqual([first.bucket, second.bucket, 'Default'])
    const rows = list.rows()
    await expect(rows.nth(0)).toContainText('Enabled')
    await expect(rows.nth(0).getByRole('cell').nth(1)).toHaveText('1')
    await expect(rows.nth(1).getByRole('cell').nth(1)).toHaveText('2')

    // Move Up on the second store makes it the first; the default store never moves.
    await expect(rows.nth(0).getByRole('button', { name: /^Move Up/ })).toBeDisabled()
    await expect(rows.nth(1).getByRole('button', { name: /^Move Down/ })).toBeDisabled()
    await expect(list.row('Default').getByRole('button')).toHaveCount(0)
    await rows
      .nth(1)
      .getByRole('button', { name: /^Move Up/ })
      .click()
    await expect.poll(names).toEqual([second.bucket, first.bucket, 'Default'])
    await expect(rows.nth(0).getByRole('cell').nth(1)).toHaveText('1')
    await expect(rows.nth(0).getByRole('button', { name: /^Move Up/ })).toBeDisabled()
    const stores = await api(endpoints.networkStoreList, { params: { org_id: orgId } }, key)
    const [top, next] = stores.s3_bucket_list
    expect(top?.s3_host).toBe(second.endpoint)
    expect(next?.s3_host).toBe(first.endpoint)
    await rows
      .nth(0)
      .getByRole('button', { name: /^Move Down/ })
      .click()
    await expect
      .poll(
        async () =>
          (await api(endpoints.networkStoreList, { params: { org_id: orgId } }, key)).s3_bucket_list[0]
            ?.s3_host,
      )
      .toBe(first.endpoint)

    // The edit page: the stored secret reads '****' and is kept when left blank.
    await rows.nth(0).getByRole('link').click()
    await expect(detail.heading).toHaveText(first.bucket)
    await expect(detail.field('Secret Access Key')).toHaveValue('')
    await expect(detail.field('Secret Access Key')).toHaveAttribute('placeholder', '****')
    await expect(detail.save).toBeDisabled()
    await detail.field('Max File Size').fill('1000000')
    await expect(detail.save).toBeEnabled()
    await detail.save.click()
    await expect(detail.saved).toHaveText('Network store saved.')
    await expect(detail.save).toBeDisabled()
    await detail.field('Access Key ID').fill('nobody')
    await detail.save.click()
    await expect(detail.error).toHaveText(
      'Failed to verify bucket parameters, please check your settings and try again.',
    )
    await detail.field('Access Key ID').fill('S3RVER')
    await expect(detail.save).toBeDisabled()
    await expect(detail.health).toContainText('Answered')

    // Disable, then Enable (the one the state allows).
    await expect(detail.status).toHaveText('Enabled')
    await detail.disable.click()
    await expect(detail.status).toHaveText('Disabled')
    await expect(detail.disable).toHaveCount(0)
    await detail.enable.click()
    await expect(detail.status).toHaveText('Enabled')

    // An upload goes to the first store, and the browser may send bytes there under the page's policy.
    const [grant] = await listGrants(key, orgId)
    const bytes = Buffer.from('bytes for the organization’s own bucket')
    const file_hash = createHash('sha256').update(bytes).digest('hex')
    const plan = await api(
      endpoints.upload,
      {
        params: { org_id: orgId, media_grant_id: grant?.media_grant_id as number },
        body: { file_list: [{ file_hash, file_size: bytes.length }] },
      },
      key,
    )
    const item = plan.upload_list[0]
    expect(item?.signed_opts?.url.startsWith(first.endpoint)).toBe(true)
    const status = await page.evaluate(
      async ({ url, headers, body }) =>
        (await fetch(url, { method: 'PUT', headers, body: new TextEncoder().encode(body) })).status,
      {
        url: item?.signed_opts?.url as string,
        headers: item?.signed_opts?.headers ?? {},
        body: bytes.toString(),
      },
    )
    expect(status).toBe(200)
    await api(
      endpoints.s3Object,
      {
        params: { org_id: orgId, media_grant_id: grant?.media_grant_id as number },
        body: { s3_bucket_id: item?.s3_bucket_id as number, file_hash, file_size: bytes.length },
      },
      key,
    )
    await page.reload()
    await expect(detail.health).toContainText(/Bytes Placed\s*\d/)
    expect(consoleErrors.filter((text) => /Content Security Policy|CSP/i.test(text))).toEqual([])
  })
})
