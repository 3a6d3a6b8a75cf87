import { test as base, expect } from '@playwright/test'
import { AppFrame } from '../pages/AppFrame.ts'
import { NotFoundPage } from '../pages/NotFoundPage.ts'
import { RootPage } from '../pages/RootPage.ts'

interface Pages {
  frame: AppFrame
  rootPage: RootPage
  notFoundPage: NotFoundPage
  /** Errors the page printed to its console (CSP violations among them). */
  consoleErrors: string[]
}

export const test = base.extend<Pages>({
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL
    if (!url) throw new Error('E2E_BASE_URL is not set: run the suite through e2e/playwright.config.ts')
    await use(url)
  },
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    page.on('pageerror', (error) => errors.push(error.message))
    await use(errors)
  },
  frame: async ({ page }, use) => use(new AppFrame(page)),
  rootPage: async ({ page }, use) => use(new RootPage(page)),
  notFoundPage: async ({ page }, use) => use(new NotFoundPage(page)),
})

export { expect }
