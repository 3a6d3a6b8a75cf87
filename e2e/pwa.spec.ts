import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, chromiumPath } from '../scripts/chromium.mjs'
import { expect, test } from './support/fixtures.ts'

interface Manifest {
  name: string
  display: string
  theme_color: string
  icons: Array<{ src: string; sizes: string; purpose?: string }>
}

test.describe('progressive web app', () => {
  test('has a complete manifest', async ({ request }) => {
    const response = await request.get('/manifest.webmanifest')
    expect(response.ok()).toBe(true)
    const manifest = (await response.json()) as Manifest
    expect(manifest.display).toBe('standalone')
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i)
    const icons = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`)
    expect(icons).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']))
    for (const icon of manifest.icons) {
      const image = await request.get(icon.src)
      expect(image.headers()['content-type'], icon.src).toBe('image/png')
    }
  })

  // Chromium never offers to install from an incognito window, which is what Playwright's contexts are;
  // this test uses a real profile, as a user has.
  test('Chromium judges it installable', async ({ baseURL }) => {
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'media-console-profile-'))
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath(),
      args: CHROMIUM_ARGS,
      baseURL,
    })
    try {
      const page = context.pages()[0] ?? (await context.newPage())
      await page.goto('/')
      await page.evaluate(() => navigator.serviceWorker.ready)
      const cdp = await context.newCDPSession(page)
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
      expect(installabilityErrors).toEqual([])
    } finally {
      await context.close()
      fs.rmSync(profile, { recursive: true, force: true })
    }
  })

  test('opens offline from the service worker, and never caches API answers', async ({ page, context }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible()
    await page.evaluate(() => navigator.serviceWorker.ready)
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)

    const cached = await page.evaluate(async () => {
      const urls: string[] = []
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname)
      }
      return urls
    })
    expect(cached).toContain('/index.html')
    expect(cached.some((url) => /^\/assets\/index-[\w-]+\.js$/.test(url))).toBe(true)
    expect(cached.filter((url) => /^\/(api|web|org_admin|storage)\//.test(url))).toEqual([])

    await context.setOffline(true)
    try {
      // A deep link opens from the cached shell; the router answers it (a path no screen has, so that no
      // API call is needed to answer it).
      await page.goto('/no/such/screen')
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
      // API calls go to the network, which is gone: nothing answers them from a cache.
      const apiReached = await page.evaluate(() =>
        fetch('/api/1/plan').then(
          () => true,
          () => false,
        ),
      )
      expect(apiReached).toBe(false)
    } finally {
      await context.setOffline(false)
    }
  })
})
