// Where the transfer panel (TransferPanelView.tsx) is mounted: in every signed-in screen's main column. Its
// code loads once this tab has joined a transfer queue (after the first screen has painted, or when a
// transfer screen opens), so the first screen's chunks do not carry it.
import { lazy, Suspense } from 'react'
import { useAnyQueueJoined } from '../transfers/liveQueues.ts'

const TransferPanelView = lazy(() => import('./TransferPanelView.tsx'))

export function TransferPanel() {
  if (!useAnyQueueJoined()) return null
  return (
    <Suspense fallback={null}>
      <TransferPanelView />
    </Suspense>
  )
}
