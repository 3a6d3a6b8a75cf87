// The offer of a new version (src/app/serviceWorker.ts finds it). Reloading a tab that is moving bytes would
// cut its transfers short, so while uploads or downloads are active Reload waits for them to finish and then
// loads the new version by itself; Reload Now stays possible, since the queues are kept in IndexedDB and
// resume after the reload (completed parts are never sent again).
import { lazy, Suspense, useEffect, useState } from 'react'
import { useServiceWorkerUpdate } from './serviceWorker.ts'
import { hasSessionKey } from './session.ts'

// The transfer queues are code of the signed-in area: the signed-out pages (and their first load) must not
// carry them, so the signed-in offer comes in its own chunk, and only once a new version waits.
const SignedInUpdateOffer = lazy(() => import('./SignedInUpdateOffer.tsx'))

export type UpdateStep =
  /** No new version waits. */
  | 'none'
  /** A new version waits: offer it. */
  | 'offer'
  /** The user asked for it while transfers are active: load it when they finish. */
  | 'wait'
  /** Load it now. */
  | 'apply'

export interface UpdateInputs {
  waiting: boolean
  /** The user pressed Reload. */
  requested: boolean
  /** Uploads and downloads moving bytes in this tab now. */
  activeTransfers: number
}

/** Reload now, or wait for the transfers: the one rule of the update banner. */
export function updateStep({ waiting, requested, activeTransfers }: UpdateInputs): UpdateStep {
  if (!waiting) return 'none'
  if (!requested) return 'offer'
  return activeTransfers > 0 ? 'wait' : 'apply'
}

function transfersText(count: number): string {
  return count === 1 ? '1 transfer is running' : `${count} transfers are running`
}

export function UpdateOffer({ apply, activeTransfers }: { apply: () => void; activeTransfers: number }) {
  const [requested, setRequested] = useState(false)
  const step = updateStep({ waiting: true, requested, activeTransfers })
  useEffect(() => {
    if (step === 'apply') apply()
  }, [step, apply])
  return (
    <div className="update-banner" role="status" aria-live="polite">
      {step === 'wait' ? (
        <>
          <p>
            The new version loads when the transfers finish ({transfersText(activeTransfers)}). Reloading now
            keeps them: they resume after the reload.
          </p>
          <button type="button" className="button" onClick={apply}>
            Reload Now
          </button>
        </>
      ) : (
        <>
          <p>
            A new version is available.
            {activeTransfers > 0
              ? ` ${transfersText(activeTransfers)}: Reload waits for them to finish.`
              : null}
          </p>
          <button type="button" className="button" onClick={() => setRequested(true)}>
            Reload
          </button>
        </>
      )}
    </div>
  )
}

export function UpdateBanner() {
  const apply = useServiceWorkerUpdate()
  if (!apply) return null
  // The queues are joined only when a version waits and there is a session to transfer with.
  if (!hasSessionKey()) return <UpdateOffer apply={apply} activeTransfers={0} />
  return (
    <Suspense fallback={null}>
      <SignedInUpdateOffer apply={apply} />
    </Suspense>
  )
}
