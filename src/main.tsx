import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { QueryClientProvider, onlineManager } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { OfflineStatus, setRestoredAt } from './app/OfflineStatus.tsx'
import { createQueryClient, followNetwork } from './app/queryClient.ts'
import { keepQueryCache, restoreQueryCache } from './app/queryPersistence.ts'
import { createAppRouter, preloadCurrentScreen } from './app/router.tsx'
import { registerServiceWorker } from './app/serviceWorker.ts'
import { prefetchSession } from './app/session.ts'
import { installTestHooks } from './app/testHooks.ts'
import { followServer } from './app/unreachableServer.ts'
import './styles/index.css'

const queryClient = createQueryClient()
const router = createAppRouter({ queryClient })

installTestHooks()
registerServiceWorker((listener) => router.subscribe('onResolved', listener))

async function start(root: HTMLElement): Promise<void> {
  // TanStack Query takes the browser to be online until an event says otherwise; a page opened offline must
  // say so from the start, so that calls wait for the network instead of failing through their retries.
  onlineManager.setOnline(navigator.onLine)
  followNetwork(queryClient)
  // Online, but the server does not answer: the same saved answers stand in, until it answers again.
  followServer(queryClient)
  // Opened offline: the last answers of this session stand in, so a deep link shows its screen at once.
  // Online, every screen loads fresh, as it always has.
  if (!navigator.onLine) setRestoredAt(await restoreQueryCache(queryClient))
  keepQueryCache(queryClient)
  // The first screen's data and code are asked for now, side by side, rather than one after the other as
  // the router would reach them.
  prefetchSession({ queryClient })
  preloadCurrentScreen(router)
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <OfflineStatus />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  )
}

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')
void start(root)
