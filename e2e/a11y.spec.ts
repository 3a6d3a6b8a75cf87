// Accessibility and reflow of every screen the page objects reach (issue: console quality). Each screen is
// opened as its admin would find it, with content made through the API so that its tables, forms and
// disclosures are on the page, then:
// - axe's WCAG 2.x A/AA rules find nothing at 1280 px and at 375 px (a phone);
// - every placeholder shown is at 4.5:1 on its field (WCAG 1.4.3), which axe does not check;
// - at 320 px nothing makes the page scroll sideways (WCAG 1.4.10 Reflow);
// - below 600 px every visible button, link, checkbox and radio is at least 44 px tall (WCAG 2.5.5),
//   except links inside running text, which the rule exempts.
// Each screen is then checked in the dark scheme too, since dark mode has its own palette to keep at AA
// contrast: its tokens change colours alone, so that pass runs axe's colour rules and the placeholders. An
// invoice and a network store need a server of their own, set up further down.
import AxeBuilder from '@axe-core/playwright'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { startS3Server, type TestS3Server } from '../tests/server/helpers/s3Server.ts'
import {
  addCard,
  addNetworkStore,
  addOrgUser,
  api,
  createApp,
  createGrant,
  createOrg,
  createReadyOrg,
  deleteFile,
  listGrants,
  listInvoices,
  newAppKey,
  putFile,
  registerDevice,
  signUpUser,
  volumeIdOf,
} from './support/api.ts'
import { endpoints } from '../server/contract/endpoints.ts'
import { expect, test } from './support/fixtures.ts'
import { closeThisMonth } from './support/jobs.ts'
import { freshEmail } from './support/mail.ts'
import { pickFromOrigin } from './support/originFiles.ts'
import { startServer, useServerForSeeding, type ProductServer } from './support/server.ts'
import { AccountPage } from './pages/AccountPage.ts'
import { AppDetailPage } from './pages/AppDetailPage.ts'
import { AppListPage } from './pages/AppListPage.ts'
import { GrantListPage } from './pages/GrantListPage.ts'
import { DeviceDetailPage } from './pages/DeviceDetailPage.ts'
import { DeviceListPage } from './pages/DeviceListPage.ts'
import { DownloadPage } from './pages/DownloadPage.ts'
import { FileDetailPage } from './pages/FileDetailPage.ts'
import { FileListPage } from './pages/FileListPage.ts'
import { GrantDetailPage } from './pages/GrantDetailPage.ts'
import { HomePage } from './pages/HomePage.ts'
import { InvoiceDetailPage } from './pages/InvoiceDetailPage.ts'
import { InvoiceListPage } from './pages/InvoiceListPage.ts'
import { LoginPage } from './pages/LoginPage.ts'
import { NetworkStoreDetailPage } from './pages/NetworkStoreDetailPage.ts'
import { NetworkStoreListPage } from './pages/NetworkStoreListPage.ts'
import { OrgDetailPage } from './pages/OrgDetailPage.ts'
import { PaymentMethodsPage } from './pages/PaymentMethodsPage.ts'
import { PlanPage } from './pages/PlanPage.ts'
import { SharePage } from './pages/SharePage.ts'
import { ShareDialog, ShareLinksPage } from './pages/ShareLinksPage.ts'
import { SignupPage } from './pages/SignupPage.ts'
import { UploadPage } from './pages/UploadPage.ts'
import { UserDetailPage } from './pages/UserDetailPage.ts'
import { UserListPage } from './pages/UserListPage.ts'
import { VolumeAtRiskPage } from './pages/VolumeAtRiskPage.ts'
import { VolumeAuditPage } from './pages/VolumeAuditPage.ts'
import { VolumeListPage } from './pages/VolumeListPage.ts'
import { VolumeSettingsPage } from './pages/VolumeSettingsPage.ts'

const VOLUME = 'A11y Volume'
// A long name with no place to break a line (underscores are not one): the detail header, the path and the
// tables must wrap it rather than widen the page.
const LONG_NAME = 'A001_C002_20261125_CAMERA_CARD_CLIP_FROM_THE_NORTH_BUILDING_0001.MOV'

interface Seed {
  sessionKey: string
  orgId: number
  volumeId: number
  grantId: number
  userId: number
  deviceId: number
  appId: number
  workDir: string
}

interface Screen<S = Seed> {
  name: string
  /** Without a session (the sign-in and sign-up screens). */
  signedOut?: boolean
  /** Opens the screen and answers what shows once its content is there. */
  open: (page: Page, seed: S) => Promise<Locator>
}

/** A new admin whose organization's plan is saved and has no volume yet, signed in, signup's org saved. */
async function signInWithPlanNoVolume(page: Page) {
  const email = freshEmail('a11y-novolume')
  const sessionKey = await signUpUser(email)
  const orgId = await createOrg(sessionKey, `No Volume ${email}`)
  await addCard(sessionKey, orgId, 'pm_card_visa')
  await api(
    endpoints.orgSetPlan,
    { params: { org_id: orgId }, body: { plan_id: 'starter_month' } },
    sessionKey,
  )
  await page.addInitScript(
    ([key, org]) => {
      localStorage.setItem('local-state-session_key', JSON.stringify(key))
      localStorage.setItem('local-state-signup_org_id', JSON.stringify(org))
    },
    [sessionKey, orgId] as const,
  )
}

const screens: Screen[] = [
  {
    name: 'login',
    signedOut: true,
    open: async (page) => (await new LoginPage(page).goto(), new LoginPage(page).heading),
  },
  {
    name: 'signup',
    signedOut: true,
    open: async (page) => {
      const signup = new SignupPage(page)
      await signup.goto()
      return signup.heading
    },
  },
  {
    name: 'signup resumed at the first volume',
    signedOut: true,
    open: async (page) => {
      await signInWithPlanNoVolume(page)
      const signup = new SignupPage(page)
      await signup.goto()
      return signup.volumeName
    },
  },
  {
    name: 'home',
    open: async (page) => (await new HomePage(page).goto(), new HomePage(page).containers.first()),
  },
  {
    name: 'home of an admin without a volume',
    signedOut: true,
    open: async (page) => {
      await signInWithPlanNoVolume(page)
      const home = new HomePage(page)
      await home.goto()
      return home.firstVolume
    },
  },
  {
    name: 'account',
    open: async (page) => (await new AccountPage(page).goto(), new AccountPage(page).userName),
  },
  {
    name: 'file list',
    open: async (page) => {
      const list = new FileListPage(page)
      await list.goto(VOLUME)
      // A selected row is checked too: its tint must keep the muted cells at AA contrast.
      await list.select(LONG_NAME)
      return list.row(LONG_NAME)
    },
  },
  {
    name: 'file detail, Versions tab',
    open: async (page) => {
      const detail = new FileDetailPage(page)
      await page.goto(`/home/${encodeURIComponent(VOLUME)}/${LONG_NAME}`)
      await detail.tab('Versions').click()
      return detail.versions.nth(1)
    },
  },
  {
    name: 'upload, files chosen and uploaded',
    open: async (page, seed) => {
      const upload = new UploadPage(page)
      await upload.useFileInputs()
      await upload.goto(VOLUME, '/incoming/')
      await upload.pickFiles(
        join(seed.workDir, LONG_NAME),
        join(seed.workDir, 'b.txt'),
        join(seed.workDir, 'empty.txt'),
        join(seed.workDir, '.hidden'),
      )
      // The rules leave two files out, and the screen says so rather than drop them silently.
      await expect(upload.skipped).toHaveText(
        'Skipped 2 files: 1 empty file (nothing to upload), 1 hidden file (a name in its path starts with a dot).',
      )
      await expect(upload.selection.locator('tbody tr')).toHaveCount(2)
      await upload.startUpload.click()
      await expect(upload.summary).toBeVisible()
      return upload.uploads
    },
  },
  {
    name: 'share, two files shared to the app',
    open: async (page) => {
      const share = new SharePage(page)
      await page.goto('/home')
      await share.waitForServiceWorker()
      // The long name must ellipsize in its row rather than widen the page.
      await share.share([
        { name: LONG_NAME, mimeType: 'video/quicktime', buffer: Buffer.from('a clip') },
        { name: 'beach.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not really a picture') },
      ])
      await expect(share.files).toHaveCount(2)
      // The folders of the container's root are listed once the destination is known.
      await expect(share.openFolder('Photos')).toBeVisible()
      return share.folder
    },
  },
  {
    name: 'download, done',
    open: async (page) => {
      await pickFromOrigin(page, 'a11y')
      const list = new FileListPage(page)
      const download = new DownloadPage(page)
      await list.goto(VOLUME)
      await list.select(LONG_NAME, 'Photos')
      await list.download.click()
      await expect(download.collected).toBeVisible()
      await download.downloadAll.click()
      await expect(download.status).toHaveText('Success')
      return download.downloads
    },
  },
  {
    name: 'volume list',
    open: async (page) => (await new VolumeListPage(page).goto(), new VolumeListPage(page).heading),
  },
  {
    name: 'volume settings',
    open: async (page, seed) => (
      await new VolumeSettingsPage(page).goto(seed.volumeId),
      new VolumeSettingsPage(page).volumeName
    ),
  },
  {
    name: 'volume audit',
    open: async (page, seed) => (
      await new VolumeAuditPage(page).goto(seed.volumeId),
      new VolumeAuditPage(page).events
    ),
  },
  {
    name: 'volume at risk',
    open: async (page, seed) => (
      await new VolumeAtRiskPage(page).goto(seed.volumeId),
      new VolumeAtRiskPage(page).heading
    ),
  },
  {
    name: 'volume metrics',
    open: async (page, seed) => {
      await page.goto(`/volume/${seed.volumeId}/metric`)
      return page.getByRole('figure', { name: 'File Count' })
    },
  },
  {
    name: 'containers',
    open: async (page, seed) => {
      const containers = new GrantListPage(page)
      await containers.gotoVolume(seed.volumeId)
      return containers.table
    },
  },
  {
    name: 'all containers',
    open: async (page) => {
      const containers = new GrantListPage(page)
      await containers.gotoAll()
      return containers.table
    },
  },
  {
    name: 'container detail',
    open: async (page, seed) => {
      const grant = new GrantDetailPage(page)
      await grant.goto(seed.volumeId, 'Editors')
      return grant.prefixPath
    },
  },
  {
    name: 'users',
    open: async (page) => (await new UserListPage(page).goto(), new UserListPage(page).table),
  },
  {
    name: 'user detail',
    open: async (page, seed) => (
      await new UserDetailPage(page).goto(seed.userId),
      new UserDetailPage(page).heading
    ),
  },
  {
    name: 'devices',
    open: async (page) => (await new DeviceListPage(page).goto('all'), new DeviceListPage(page).table),
  },
  {
    name: 'device detail',
    open: async (page, seed) => (
      await new DeviceDetailPage(page).goto(seed.deviceId),
      new DeviceDetailPage(page).deviceName
    ),
  },
  { name: 'apps', open: async (page) => (await new AppListPage(page).goto(), new AppListPage(page).table) },
  {
    name: "Share Links, an admin's with a link and the settings",
    open: async (page, seed) => {
      await api(
        endpoints.shareLinkCreate,
        {
          params: { org_id: seed.orgId, media_grant_id: seed.grantId },
          body: {
            folder_path: '',
            label: `Review of ${LONG_NAME}`,
            passphrase: 'open sesame',
            download_limit: 3,
          },
        },
        seed.sessionKey,
      )
      const links = new ShareLinksPage(page)
      await links.goto()
      await expect(links.table.getByRole('row')).not.toHaveCount(1)
      return links.settings
    },
  },
  {
    name: 'Share dialog, the link shown once',
    open: async (page) => {
      const list = new FileListPage(page)
      await list.goto(VOLUME)
      await list.select(LONG_NAME)
      await list.selectionBar.getByRole('button', { name: 'Share' }).click()
      const share = new ShareDialog(page)
      await share.label.fill('Client review')
      await share.passphrase.fill('open sesame')
      await share.create.click()
      return share.link
    },
  },
  {
    name: 'app detail',
    open: async (page, seed) => (
      await new AppDetailPage(page).goto(seed.appId),
      new AppDetailPage(page).appName
    ),
  },
  {
    name: 'organization',
    open: async (page) => (await new OrgDetailPage(page).goto(), new OrgDetailPage(page).heading),
  },
  { name: 'plan', open: async (page) => (await new PlanPage(page).goto(), new PlanPage(page).heading) },
  {
    name: 'payment methods',
    open: async (page) => (await new PaymentMethodsPage(page).goto(), new PaymentMethodsPage(page).heading),
  },
  {
    name: 'add payment method',
    open: async (page) => {
      const payment = new PaymentMethodsPage(page)
      await payment.gotoAdd()
      return payment.addHeading
    },
  },
  {
    name: 'invoices',
    open: async (page) => (await new InvoiceListPage(page).goto(), new InvoiceListPage(page).heading),
  },
  {
    name: 'network stores',
    open: async (page) => (
      await new NetworkStoreListPage(page).goto(),
      new NetworkStoreListPage(page).heading
    ),
  },
]

/** The page's background in each scheme (--surface-alt in src/styles/tokens.css). */
const PAGE_BACKGROUND = { light: 'rgb(249, 250, 251)', dark: 'rgb(17, 24, 39)' }

let seed: Seed

test.beforeAll(async () => {
  const email = freshEmail('a11y')
  const sessionKey = await signUpUser(email)
  const orgId = await createReadyOrg(sessionKey, `A11y Org ${email}`, VOLUME)
  const volumeId = await volumeIdOf(sessionKey, orgId, VOLUME)
  const root = (await listGrants(sessionKey, orgId)).find((grant) => grant.grant_name === VOLUME)
  if (!root) throw new Error('the new volume came without its container')
  const access = { sessionKey, orgId, grantId: root.media_grant_id }
  // Two versions of the long-named file (a path takes new content once its file is deleted), a folder
  // and a deleted file, so the listing, the Versions table and the audit have rows.
  await deleteFile(access, await putFile(access, `/${LONG_NAME}`, 'first take'))
  await putFile(access, `/${LONG_NAME}`, 'second take')
  await putFile(access, '/Photos/beach.jpg', 'not really a picture')
  await deleteFile(access, await putFile(access, '/old.txt', 'gone'))
  const userId = await addOrgUser(sessionKey, orgId, {
    email: freshEmail('a11y-member'),
    cap_web_upload: true,
    cap_web_download: true,
  })
  await createGrant(sessionKey, orgId, {
    volume_id: volumeId,
    grant_name: 'Editors',
    prefix_path: '/Photos/',
  })
  const appId = await createApp(sessionKey, orgId, 'Ingest Station')
  const secret_key = await newAppKey(sessionKey, orgId, appId)
  const { device_id } = await registerDevice(sessionKey, orgId, {
    app_id: appId,
    secret_key,
    device_name: 'Edit Bay 3 workstation in the north building',
  })
  const workDir = mkdtempSync(join(tmpdir(), 'a11y-'))
  writeFileSync(join(workDir, LONG_NAME), 'a clip')
  writeFileSync(join(workDir, 'b.txt'), 'bee')
  writeFileSync(join(workDir, 'empty.txt'), '')
  writeFileSync(join(workDir, '.hidden'), 'dot file')
  seed = {
    sessionKey,
    orgId,
    volumeId,
    grantId: root.media_grant_id,
    userId,
    deviceId: device_id,
    appId,
    workDir,
  }
})

/** axe's rules that read colours: all a scheme can change. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block']

async function expectNoAxeViolations(page: Page, label: string, rules?: readonly string[]) {
  const builder = new AxeBuilder({ page })
  const results = await (
    rules
      ? builder.withRules([...rules])
      : builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
  ).analyze()
  const found = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} — ${violation.nodes
        .slice(0, 3)
        .map(
          (node) => `${node.target.join(' ')} ${node.failureSummary?.split('\n').slice(1, 2).join('') ?? ''}`,
        )
        .join(' | ')}`,
  )
  expect.soft(found, `axe at ${label}`).toEqual([])
}

/** Elements whose right edge passes the viewport, named so a failure says where the overflow comes from. */
async function sidewaysScroll(
  page: Page,
): Promise<{ scrollWidth: number; clientWidth: number; wide: string[] }> {
  return page.evaluate(() => {
    const root = document.documentElement
    // Past the edge and not clipped: a clipped box (an ellipsized cell's link, a tab of a row that scrolls
    // sideways) is cut at an ancestor that clips and fits, so the page does not scroll.
    const clippedInside = (element: Element) => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX === 'visible') continue
        if (parent.getBoundingClientRect().right <= root.clientWidth + 1) return true
      }
      return false
    }
    const wide = [...document.querySelectorAll('body *')]
      .filter((element) => {
        const box = element.getBoundingClientRect()
        return box.width > 0 && box.right > root.clientWidth + 1 && !clippedInside(element)
      })
      .slice(0, 5)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} (${Math.round(element.getBoundingClientRect().right)} px)`,
      )
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, wide }
  })
}

/** Controls under 44 px tall, except links that sit in a sentence (WCAG 2.5.8's inline exception). */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const controls = document.querySelectorAll<HTMLElement>(
      'button, a[href], input[type=checkbox], input[type=radio], select, summary, [role=tab]',
    )
    return [...controls]
      .filter((element) => {
        const box = element.getBoundingClientRect()
        if (box.width === 0 || box.height === 0) return false
        if (element.closest('[inert], [aria-hidden=true]')) return false
        if (element.tagName === 'A' && getComputedStyle(element).display === 'inline') return false
        // A checkbox or radio inside its label takes the label's size as its target.
        const label = element.closest('label')
        const target =
          label && (element as HTMLInputElement).type !== undefined ? label.getBoundingClientRect() : box
        return target.height < 44
      })
      .slice(0, 8)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()} "${(element.textContent || element.getAttribute('aria-label') || '').trim().slice(0, 30)}" ${Math.round(element.getBoundingClientRect().height)} px`,
      )
  })
}

/**
 * Placeholders under 4.5:1 against their field (WCAG 1.4.3), which axe does not check. The console's
 * placeholders say something (a stored secret's '****', MM/YY), so they are text to read in both schemes.
 */
async function faintPlaceholders(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const channels = (color: string) => (color.match(/[\d.]+/g) ?? []).map(Number)
    const luminance = (rgb: number[]) => {
      const [r = 0, g = 0, b = 0] = rgb.map((value) => {
        const c = value / 255
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
      })
      return 0.2126 * r + 0.7152 * g + 0.0722 * b
    }
    /** The first background behind an element that is not transparent (the page's, at the end). */
    const backgroundOf = (element: Element | null): number[] => {
      for (let at = element; at; at = at.parentElement) {
        const [r = 0, g = 0, b = 0, alpha = 1] = channels(getComputedStyle(at).backgroundColor)
        if (alpha > 0) return [r, g, b]
      }
      return channels(getComputedStyle(document.documentElement).backgroundColor)
    }
    return [...document.querySelectorAll<HTMLInputElement>('input[placeholder]')]
      .filter((field) => field.value === '' && field.getClientRects().length > 0)
      .map((field) => {
        const style = getComputedStyle(field, '::placeholder')
        const [r = 0, g = 0, b = 0, alpha = 1] = channels(style.color)
        const opacity = alpha * Number(style.opacity)
        const background = backgroundOf(field)
        // The placeholder as drawn: its colour over the field's background, by its opacity.
        const text = [r, g, b].map(
          (value, index) => value * opacity + (background[index] ?? 0) * (1 - opacity),
        )
        const [light, dark] = [luminance(text), luminance(background)].sort((x, y) => y - x) as [
          number,
          number,
        ]
        return { field: field.labels?.[0]?.textContent ?? field.name, ratio: (light + 0.05) / (dark + 0.05) }
      })
      .filter(({ ratio }) => ratio < 4.5)
      .map(({ field, ratio }) => `${field}: ${ratio.toFixed(2)}:1`)
  })
}

/** The page's background is the scheme's (else the dark pass would check the light palette twice). */
async function expectScheme(page: Page, scheme: 'light' | 'dark') {
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe(
    PAGE_BACKGROUND[scheme],
  )
}

/**
 * The sweep of one screen, open at 1280 px in the light scheme: axe and placeholders at 1280 px, axe and tap
 * targets at 375, reflow at 320. Then the same screen in the dark scheme, whose tokens change colours
 * alone: axe's colour rules and the placeholders at 1280 and 375 px.
 */
async function sweep(page: Page, content: Locator) {
  await expect(content).toBeVisible()
  await expectScheme(page, 'light')
  await expectNoAxeViolations(page, 'light, 1280 px')
  expect.soft(await faintPlaceholders(page), 'placeholders under 4.5:1 (light)').toEqual([])

  await page.setViewportSize({ width: 375, height: 800 })
  await expectNoAxeViolations(page, 'light, 375 px')
  expect.soft(await smallTargets(page), 'controls under 44 px at 375 px').toEqual([])

  await page.setViewportSize({ width: 320, height: 640 })
  // Charts take the new width from a ResizeObserver, a frame or two after the viewport changes: what counts is
  // the layout the page settles on.
  await expect
    .poll(async () => (await sidewaysScroll(page)).wide, {
      message: 'elements past the right edge at 320 px',
    })
    .toEqual([])
  const scroll = await sidewaysScroll(page)
  expect(scroll.scrollWidth, 'document width at 320 px').toBeLessThanOrEqual(scroll.clientWidth)

  await page.emulateMedia({ colorScheme: 'dark' })
  await page.setViewportSize({ width: 1280, height: 900 })
  await expectScheme(page, 'dark')
  // Controls fade their colours to the new scheme (--transition): axe must read the colours they settle on,
  // not a light background caught mid-fade.
  // (Only transitions: a skeleton's shimmer runs for as long as it shows.)
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => !(animation instanceof CSSTransition)),
  )
  await expectNoAxeViolations(page, 'dark, 1280 px', COLOUR_RULES)
  expect.soft(await faintPlaceholders(page), 'placeholders under 4.5:1 (dark)').toEqual([])
  await page.setViewportSize({ width: 375, height: 800 })
  await expectNoAxeViolations(page, 'dark, 375 px', COLOUR_RULES)
}

const SWEEP =
  'axe finds nothing at 1280 and 375 px, light and dark; placeholders at AA; no sideways scroll at 320 px; 44 px targets'

test.describe('every screen', () => {
  test.use({ colorScheme: 'light' })
  for (const screen of screens) {
    test(`${screen.name}: ${SWEEP}`, async ({ page, layout }) => {
      if (!screen.signedOut) await layout.useSession(seed.sessionKey)
      await page.setViewportSize({ width: 1280, height: 900 })
      await sweep(page, await screen.open(page, seed))
    })
  }
})

// The invoice and the network store are swept on a server of their own (support/server.ts). An invoice only
// comes from the daily jobs closing a month, run with a later clock on the stopped server's DATA_DIR
// (support/jobs.ts), which the shared server must never go through; and a store on loopback (s3rver) is
// refused unless the server allows private hosts. The organization has two members, a store that holds its
// file, and a default card that is declined before its backup pays, so the invoice has USER and STORAGE
// lines, a failed and a successful payment, and storage in two stores.

// A bucket name near the longest S3 allows (63) with no place to break a line (a dot is not one): the
// store's heading and the invoice's Stores table must wrap it rather than widen the page.
const LONG_BUCKET = 'footage.northbuilding.example.com.cameraoriginals.archive.2026'

interface BillingSeed {
  sessionKey: string
  invoiceId: string
  bucketId: number
  bucket: string
}

const billingScreens: Screen<BillingSeed>[] = [
  {
    name: 'invoice detail',
    open: async (page, billing) => {
      const detail = new InvoiceDetailPage(page)
      await detail.goto(billing.invoiceId)
      await expect(detail.linesOf('USER')).toHaveCount(1)
      await expect(detail.linesOf('STORAGE')).toHaveCount(1)
      await expect(detail.rowsOf(detail.payments)).toHaveCount(2)
      await expect(detail.rowsOf(detail.stores)).toHaveCount(2)
      // The days table is behind a disclosure: open, so that its rows are checked too.
      await detail.byDay.click()
      return detail.rowsOf(detail.days).first()
    },
  },
  {
    name: 'network store detail',
    open: async (page, billing) => {
      const detail = new NetworkStoreDetailPage(page)
      await detail.goto(billing.bucketId)
      await expect(detail.field('Bucket Name')).toHaveValue(billing.bucket)
      await expect(detail.health).toContainText(/Bytes Placed\s*[1-9]/)
      return detail.form
    },
  },
]

test.describe('on a server with an invoice and a network store', () => {
  let s3: TestS3Server | undefined
  let server: ProductServer | undefined
  let billing: BillingSeed

  test.beforeAll(async () => {
    // Two server starts, a stop and a month of jobs.
    test.setTimeout(240_000)
    s3 = await startS3Server('', { browser: true, bucket: LONG_BUCKET })
    server = await startServer({
      logName: 'e2e-a11y-billing-server.log',
      env: { STORE_ALLOW_PRIVATE_HOSTS: 'true' },
    })
    const restoreSeeding = useServerForSeeding(server)
    try {
      const email = freshEmail('a11y-billing')
      const sessionKey = await signUpUser(email)
      const orgId = await createReadyOrg(sessionKey, `A11y Billing Org ${email}`, VOLUME)
      await addOrgUser(sessionKey, orgId, { email: freshEmail('a11y-billing-member') })
      const root = (await listGrants(sessionKey, orgId)).find((grant) => grant.grant_name === VOLUME)
      if (!root) throw new Error('the new volume came without its container')
      const access = { sessionKey, orgId, grantId: root.media_grant_id }
      // A file from before the organization added its store stays in the service's own store.
      await putFile(access, '/Photos/beach.jpg', 'not really a picture')
      const bucketId = await addNetworkStore(sessionKey, orgId, {
        s3_bucket: s3.bucket,
        s3_bucket_region: 'us-east-1',
        s3_host: s3.endpoint,
        s3_bucket_prefix: 'console',
        // s3rver's built-in account.
        aws_access_key_id: 'S3RVER',
        aws_secret_access_key: 'S3RVER',
      })
      // Uploads now try the network store first: this file's bytes are placed there.
      await putFile(access, `/${LONG_NAME}`, 'a clip')
      await addCard(sessionKey, orgId, 'pm_card_chargeCustomerFail', { makeDefault: true })
      await closeThisMonth(server)
      const [invoice] = await listInvoices(sessionKey, orgId)
      if (!invoice) throw new Error('the invoice job issued no invoice for the month')
      billing = { sessionKey, invoiceId: invoice.invoice_id, bucketId, bucket: s3.bucket }
    } finally {
      restoreSeeding()
    }
  })

  test.afterAll(async () => {
    await server?.close()
    await s3?.close()
  })

  // The tests here open this group's server. The page's options are also set up for the file's first
  // beforeAll (the shared server's seed), before this group's server has started: the shared one's then.
  test.use({ baseURL: async ({}, use) => use(server?.baseUrl ?? process.env.E2E_BASE_URL) })

  test.use({ colorScheme: 'light' })
  for (const screen of billingScreens) {
    test(`${screen.name}: ${SWEEP}`, async ({ page, layout }) => {
      await layout.useSession(billing.sessionKey)
      await page.setViewportSize({ width: 1280, height: 900 })
      await sweep(page, await screen.open(page, billing))
    })
  }
})

test('the page names one manifest: the one the PWA plugin writes', async ({ page }) => {
  await page.goto('/login')
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(1)
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', /manifest\.webmanifest$/)
})

test('plan cards side by side put their buttons on one line, whatever their text', async ({
  page,
  layout,
}) => {
  await layout.useSession(seed.sessionKey)
  await page.setViewportSize({ width: 1280, height: 900 })
  const plan = new PlanPage(page)
  await plan.goto()
  const cards = page.getByTestId('plan-choices').locator('.plan-card')
  await expect(cards.getByRole('button').first()).toBeVisible()
  // Per row of cards (same top), the bottoms of the cards' actions.
  const rows = await cards.evaluateAll((each) => {
    const byTop = new Map<number, number[]>()
    for (const card of each) {
      const actions = card.querySelector('.plan-card-actions')
      if (!actions) continue
      const top = Math.round(card.getBoundingClientRect().top)
      byTop.set(top, [...(byTop.get(top) ?? []), Math.round(actions.getBoundingClientRect().bottom)])
    }
    return [...byTop.values()]
  })
  expect(rows.flat().length).toBeGreaterThan(1)
  for (const bottoms of rows) expect(new Set(bottoms).size, `action bottoms ${bottoms.join(', ')}`).toBe(1)
})

test('Undelete looks like the other secondary actions, not like Delete', async ({ page, layout }) => {
  await layout.useSession(seed.sessionKey)
  await page.goto(`/home/${encodeURIComponent(VOLUME)}/old.txt`)
  const detail = new FileDetailPage(page)
  await expect(detail.heading).toHaveText('old.txt')
  const actions = page.getByRole('toolbar', { name: 'File actions' })
  const background = (name: string) =>
    actions
      .getByRole('button', { name, exact: true })
      .evaluate((button) => getComputedStyle(button).backgroundColor)
  expect(await background('Undelete')).toBe(await background('Open'))
})

test("a file name's focus ring is drawn whole, inside the cell that clips long names", async ({
  page,
  layout,
}) => {
  await layout.useSession(seed.sessionKey)
  const list = new FileListPage(page)
  await list.goto(VOLUME)
  const link = list.row(LONG_NAME).getByRole('link', { name: LONG_NAME })
  await expect(link).toBeVisible()
  await page.keyboard.press('Tab') // keyboard use, so focus shows its ring
  await link.focus()
  const ring = await link.evaluate((element) => {
    const style = getComputedStyle(element)
    const width = parseFloat(style.outlineWidth)
    const offset = parseFloat(style.outlineOffset)
    const box = element.getBoundingClientRect()
    const cell = (element.closest('[role="gridcell"]') ?? element).getBoundingClientRect()
    // The ring's outer edge, and whether it stays within the cell (which hides what overflows it).
    const outer = width + offset
    return {
      style: style.outlineStyle,
      width,
      inside:
        box.left - outer >= cell.left - 0.5 &&
        box.right + outer <= cell.right + 0.5 &&
        box.top - outer >= cell.top - 0.5 &&
        box.bottom + outer <= cell.bottom + 0.5,
    }
  })
  expect(ring.style).not.toBe('none')
  expect(ring.width).toBeGreaterThanOrEqual(2)
  expect(ring.inside).toBe(true)
})
