// A page of a trail that did not load: the catalogue's message and a way to ask again.
import { messageFor } from '../lib/messages.ts'
import { FormError } from './FormError.tsx'

export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="load-failed">
      <FormError message={messageFor('audit_load', error)} />
      <button type="button" className="button secondary" onClick={onRetry}>
        Try Again
      </button>
    </div>
  )
}
