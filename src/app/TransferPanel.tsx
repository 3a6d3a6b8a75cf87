// Where the transfer panel (TransferPanelView.tsx) is mounted: in every signed-in screen's main column. Its
// code loads only once this tab has joined a transfer queue, so screens that never transfer anything do not
// carry it.
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
