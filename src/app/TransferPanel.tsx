// Where the transfer panel (TransferPanelView.tsx) is mounted: in every signed-in screen's main column. Its
// code loads once this tab has joined a transfer queue (after the first screen has painted, or when a
// transfer screen opens), so the first screen's chunks do not carry it.
//
// That join can come while the network is gone (a slow first paint, then offline). The panel is beside the
// screen, not the screen itself: its chunk failing to load must not replace the screen with the error page.
// So a failed load shows no panel, and the panel loads again later (RetryWhenOnline).
import { onlineManager } from '@tanstack/react-query'
import { Component, lazy, Suspense, type ReactNode } from 'react'
import { useAnyQueueJoined } from '../transfers/liveQueues.ts'

const loadView = () => import('./TransferPanelView.tsx')
let TransferPanelView = lazy(loadView)

interface BoundaryState {
  failed: boolean
}

/** The first wait before the panel's chunk is asked for again; it doubles at each failure, up to a minute. */
const FIRST_RETRY_MS = 5_000
const LAST_RETRY_MS = 60_000

/**
 * Renders nothing while the panel's chunk could not load, and asks for it again at once when the browser
 * comes back online, or after a wait that doubles at each failure (the network may have dropped the request
 * while the browser still said it was online, and a chunk that is truly gone must not load in a loop).
 */
class RetryWhenOnline extends Component<{ render: () => ReactNode }, BoundaryState> {
  override state: BoundaryState = { failed: false }
  #failures = 0
  #timer: ReturnType<typeof setTimeout> | undefined
  #unsubscribe: (() => void) | undefined

  static getDerivedStateFromError(): BoundaryState {
    return { failed: true }
  }

  override componentDidCatch(): void {
    this.#stopWaiting()
    const wait = Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * 2 ** this.#failures)
    this.#failures += 1
    this.#timer = setTimeout(this.#retry, wait)
    this.#unsubscribe = onlineManager.subscribe((online) => {
      if (online) this.#retry()
    })
  }

  override componentWillUnmount(): void {
    this.#stopWaiting()
  }

  #retry = () => {
    this.#stopWaiting()
    // React.lazy keeps a failed load: a new one asks the browser again.
    TransferPanelView = lazy(loadView)
    this.setState({ failed: false })
  }

  #stopWaiting() {
    clearTimeout(this.#timer)
    this.#unsubscribe?.()
    this.#unsubscribe = undefined
  }

  override render(): ReactNode {
    // Rendered here rather than passed as children: an element made by the parent before the retry would
    // still name the failed lazy component.
    return this.state.failed ? null : this.props.render()
  }
}

export function TransferPanel() {
  if (!useAnyQueueJoined()) return null
  return (
    <RetryWhenOnline
      render={() => (
        <Suspense fallback={null}>
          <TransferPanelView />
        </Suspense>
      )}
    />
  )
}
