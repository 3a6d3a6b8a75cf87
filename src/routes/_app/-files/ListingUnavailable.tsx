// A directory the console cannot show yet: it was never loaded on this device and the network (or the
// server) is not there to ask. Said plainly, in place of a 'Loading…' that would never end, with a Retry;
// the listing also loads by itself once the connection returns (src/app/queryClient.ts).
import { onlineManager } from '@tanstack/react-query'

export function ListingUnavailable({
  offline,
  onRetry,
  what = 'folder',
}: {
  offline: boolean
  onRetry: () => void
  what?: 'folder' | 'file'
}) {
  return (
    <div className="listing-unavailable" role="status">
      <p>
        <strong>{offline ? 'You are offline.' : `This ${what} could not be loaded.`}</strong>{' '}
        {offline
          ? `This ${what} has not been loaded on this device yet. It loads when the connection returns.`
          : 'The server did not answer. Please try again.'}
      </p>
      <button
        type="button"
        className="button secondary"
        onClick={() => {
          // The browser may know better than the last event said (a network that came back quietly).
          onlineManager.setOnline(navigator.onLine)
          onRetry()
        }}
      >
        Retry
      </button>
    </div>
  )
}
