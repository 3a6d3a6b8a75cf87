// What a reload without the network or without the server rests on, for the specs that take them away: the
// service worker that serves the console's code, and the answers the console keeps in IndexedDB.
import { expect, type Page } from '@playwright/test'

/** Waits until the service worker controls the page, so that a reload is served without the server. */
export async function controlledByServiceWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready)
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
}

/** Whether the console's kept answers (IndexedDB) hold this text yet: they are written a moment after. */
export function keptAnswersHold(page: Page, text: string): Promise<boolean> {
  return page.evaluate(
    (wanted) =>
      new Promise<boolean>((resolve) => {
        const opening = indexedDB.open('media-console-query-cache')
        // Not made yet: opening must not make it (empty, under the version the console would make it at).
        opening.onupgradeneeded = () => opening.transaction?.abort()
        opening.onerror = () => resolve(false)
        opening.onsuccess = () => {
          const db = opening.result
          if (!db.objectStoreNames.contains('snapshot')) return resolve(false)
          const get = db.transaction('snapshot').objectStore('snapshot').get('last')
          get.onsuccess = () => resolve(JSON.stringify(get.result ?? null).includes(wanted))
          get.onerror = () => resolve(false)
        }
      }),
    text,
  )
}
