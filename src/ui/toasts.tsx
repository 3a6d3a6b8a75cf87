// Toasts: the result of an action (saved, added, deleted) in a small card that comes and goes by itself,
// where a line in the form would say it only until the next edit. The queue lives in a store outside React
// (as the dialogs do), so that a mutation's callback can say its result with showToast(text, kind); the
// region is mounted once at the root. A success is a status, an error an alert; a toast leaves after its
// lifetime (src/ui/toastQueue.ts), at once on its dismiss button, and waits while pointed at or focused
// (WCAG 2.2.1: the user can take the time to read it). Field errors stay beside their fields.
import { useSyncExternalStore } from 'react'
import {
  addToast,
  dismissToast,
  emptyToastQueue,
  toastLifetime,
  type Toast,
  type ToastKind,
  type ToastQueue,
} from './toastQueue.ts'

export interface Timers {
  set: (run: () => void, ms: number) => unknown
  clear: (handle: unknown) => void
}

const browserTimers: Timers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
}

export function createToastStore(timers: Timers = browserTimers) {
  let queue: ToastQueue = emptyToastQueue
  let paused = false
  const pending = new Map<number, unknown>()
  const listeners = new Set<() => void>()
  const update = (next: ToastQueue) => {
    if (next === queue) return
    queue = next
    for (const listener of listeners) listener()
  }
  const stopTimer = (id: number) => {
    if (pending.has(id)) timers.clear(pending.get(id))
    pending.delete(id)
  }
  const startTimer = (toast: Toast) => {
    stopTimer(toast.id)
    pending.set(
      toast.id,
      timers.set(() => dismiss(toast.id), toastLifetime(toast.kind)),
    )
  }
  function dismiss(id: number) {
    stopTimer(id)
    update(dismissToast(queue, id))
  }
  return {
    get: () => queue.toasts,
    show(text: string, kind: ToastKind = 'success') {
      const { queue: next, added, removed } = addToast(queue, text, kind)
      for (const toast of removed) stopTimer(toast.id)
      update(next)
      if (!paused) startTimer(added)
    },
    dismiss,
    /** Holds every toast on screen (pointer over them, focus in them). */
    pause() {
      paused = true
      for (const id of [...pending.keys()]) stopTimer(id)
    },
    /** Starts each toast's lifetime again, in full. */
    resume() {
      paused = false
      for (const toast of queue.toasts) startTimer(toast)
    },
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
}

export const toasts = createToastStore()

/** Says the result of an action in a toast. */
export function showToast(text: string, kind: ToastKind = 'success'): void {
  toasts.show(text, kind)
}

export function ToastView({ toast, onDismiss }: { toast: Toast; onDismiss: () => void }) {
  return (
    <div className={`toast toast-${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'}>
      <p className="toast-text">{toast.text}</p>
      {/* The cross is drawn by the stylesheet, so that the toast's text is its message alone. */}
      <button type="button" className="icon-button toast-dismiss" aria-label="Dismiss" onClick={onDismiss} />
    </div>
  )
}

/** The toasts' place on every screen: bottom right on a desk, bottom centre above any bottom bar on a phone. */
export function ToastRegion({ store = toasts }: { store?: ReturnType<typeof createToastStore> }) {
  const shown = useSyncExternalStore(store.subscribe, store.get, store.get)
  return (
    <section
      className="toast-region"
      aria-label="Notifications"
      onMouseEnter={() => store.pause()}
      onMouseLeave={() => store.resume()}
      onFocus={() => store.pause()}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) store.resume()
      }}
    >
      {shown.map((toast) => (
        <ToastView key={toast.id} toast={toast} onDismiss={() => store.dismiss(toast.id)} />
      ))}
    </section>
  )
}
