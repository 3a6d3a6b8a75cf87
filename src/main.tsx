import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { api } from './api/client.ts'
import { createQueryClient } from './app/queryClient.ts'
import { createAppRouter } from './app/router.tsx'
import { registerServiceWorker } from './app/serviceWorker.ts'
import { installTestHooks } from './app/testHooks.ts'
import './styles.css'

const queryClient = createQueryClient()
const router = createAppRouter({ queryClient, api })

installTestHooks()
registerServiceWorker()

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
)
