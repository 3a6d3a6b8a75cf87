// The toasts' queue as plain data (src/ui/toasts.tsx draws it): what is shown, in arrival order, newest
// last. At most MAX_TOASTS stay on screen (the oldest gives way), and a message said again replaces its
// earlier copy rather than stacking twice. Each kind has its lifetime: an error stays longer, being the
// one a user must read to act on.

export type ToastKind = 'success' | 'info' | 'error'

export interface Toast {
  id: number
  text: string
  kind: ToastKind
}

export interface ToastQueue {
  toasts: readonly Toast[]
  nextId: number
}

export const MAX_TOASTS = 3

const LIFETIME_MS: Record<ToastKind, number> = { success: 5000, info: 5000, error: 8000 }

export function toastLifetime(kind: ToastKind): number {
  return LIFETIME_MS[kind]
}

export const emptyToastQueue: ToastQueue = { toasts: [], nextId: 1 }

/** The queue with the message added last; `removed` are the toasts it displaced (their timers end). */
export function addToast(
  queue: ToastQueue,
  text: string,
  kind: ToastKind,
): { queue: ToastQueue; added: Toast; removed: Toast[] } {
  const added: Toast = { id: queue.nextId, text, kind }
  const kept = queue.toasts.filter((toast) => toast.text !== text || toast.kind !== kind)
  const removed = queue.toasts.filter((toast) => !kept.includes(toast))
  const overflow = Math.max(0, kept.length + 1 - MAX_TOASTS)
  removed.push(...kept.slice(0, overflow))
  return { queue: { toasts: [...kept.slice(overflow), added], nextId: queue.nextId + 1 }, added, removed }
}

export function dismissToast(queue: ToastQueue, id: number): ToastQueue {
  const toasts = queue.toasts.filter((toast) => toast.id !== id)
  return toasts.length === queue.toasts.length ? queue : { ...queue, toasts }
}
