import { test as base, expect } from '@playwright/test'
import { AccountPage } from '../pages/AccountPage.ts'
import { AppDetailPage } from '../pages/AppDetailPage.ts'
import { AppFrame } from '../pages/AppFrame.ts'
import { AppListPage } from '../pages/AppListPage.ts'
import { ShareDialog, ShareLinksPage } from '../pages/ShareLinksPage.ts'
import { GrantListPage } from '../pages/GrantListPage.ts'
import { DeviceDetailPage } from '../pages/DeviceDetailPage.ts'
import { DeviceListPage } from '../pages/DeviceListPage.ts'
import { DownloadPage } from '../pages/DownloadPage.ts'
import { FileDetailPage } from '../pages/FileDetailPage.ts'
import { FileListPage } from '../pages/FileListPage.ts'
import { GrantDetailPage } from '../pages/GrantDetailPage.ts'
import { HomePage } from '../pages/HomePage.ts'
import { InvoiceDetailPage } from '../pages/InvoiceDetailPage.ts'
import { InvoiceListPage } from '../pages/InvoiceListPage.ts'
import { Layout } from '../pages/Layout.ts'
import { LoginPage } from '../pages/LoginPage.ts'
import { NotFoundPage } from '../pages/NotFoundPage.ts'
import { OrgDetailPage } from '../pages/OrgDetailPage.ts'
import { PaymentMethodsPage } from '../pages/PaymentMethodsPage.ts'
import { RouteErrorPage } from '../pages/RouteErrorPage.ts'
import { SignupPage } from '../pages/SignupPage.ts'
import { UploadPage } from '../pages/UploadPage.ts'
import { UserDetailPage } from '../pages/UserDetailPage.ts'
import { UserListPage } from '../pages/UserListPage.ts'
import { VolumeAtRiskPage } from '../pages/VolumeAtRiskPage.ts'
import { VolumeAuditPage } from '../pages/VolumeAuditPage.ts'
import { VolumeListPage } from '../pages/VolumeListPage.ts'
import { VolumeSettingsPage } from '../pages/VolumeSettingsPage.ts'

interface Pages {
  frame: AppFrame
  layout: Layout
  loginPage: LoginPage
  signupPage: SignupPage
  homePage: HomePage
  accountPage: AccountPage
  notFoundPage: NotFoundPage
  routeErrorPage: RouteErrorPage
  fileList: FileListPage
  fileDetail: FileDetailPage
  downloadPage: DownloadPage
  uploadPage: UploadPage
  volumeList: VolumeListPage
  volumeSettings: VolumeSettingsPage
  volumeAudit: VolumeAuditPage
  volumeAtRisk: VolumeAtRiskPage
  grantList: GrantListPage
  grantDetail: GrantDetailPage
  userList: UserListPage
  userDetail: UserDetailPage
  deviceList: DeviceListPage
  deviceDetail: DeviceDetailPage
  appList: AppListPage
  shareLinks: ShareLinksPage
  shareDialog: ShareDialog
  appDetail: AppDetailPage
  paymentMethods: PaymentMethodsPage
  invoiceList: InvoiceListPage
  invoiceDetail: InvoiceDetailPage
  orgDetail: OrgDetailPage
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
  layout: async ({ page }, use) => use(new Layout(page)),
  loginPage: async ({ page }, use) => use(new LoginPage(page)),
  signupPage: async ({ page }, use) => use(new SignupPage(page)),
  homePage: async ({ page }, use) => use(new HomePage(page)),
  accountPage: async ({ page }, use) => use(new AccountPage(page)),
  notFoundPage: async ({ page }, use) => use(new NotFoundPage(page)),
  routeErrorPage: async ({ page }, use) => use(new RouteErrorPage(page)),
  fileList: async ({ page }, use) => use(new FileListPage(page)),
  fileDetail: async ({ page }, use) => use(new FileDetailPage(page)),
  downloadPage: async ({ page }, use) => use(new DownloadPage(page)),
  uploadPage: async ({ page }, use) => use(new UploadPage(page)),
  volumeList: async ({ page }, use) => use(new VolumeListPage(page)),
  volumeSettings: async ({ page }, use) => use(new VolumeSettingsPage(page)),
  volumeAudit: async ({ page }, use) => use(new VolumeAuditPage(page)),
  volumeAtRisk: async ({ page }, use) => use(new VolumeAtRiskPage(page)),
  grantList: async ({ page }, use) => use(new GrantListPage(page)),
  grantDetail: async ({ page }, use) => use(new GrantDetailPage(page)),
  userList: async ({ page }, use) => use(new UserListPage(page)),
  userDetail: async ({ page }, use) => use(new UserDetailPage(page)),
  deviceList: async ({ page }, use) => use(new DeviceListPage(page)),
  deviceDetail: async ({ page }, use) => use(new DeviceDetailPage(page)),
  appList: async ({ page }, use) => use(new AppListPage(page)),
  shareLinks: async ({ page }, use) => use(new ShareLinksPage(page)),
  shareDialog: async ({ page }, use) => use(new ShareDialog(page)),
  appDetail: async ({ page }, use) => use(new AppDetailPage(page)),
  paymentMethods: async ({ page }, use) => use(new PaymentMethodsPage(page)),
  invoiceList: async ({ page }, use) => use(new InvoiceListPage(page)),
  invoiceDetail: async ({ page }, use) => use(new InvoiceDetailPage(page)),
  orgDetail: async ({ page }, use) => use(new OrgDetailPage(page)),
})

export { expect }
