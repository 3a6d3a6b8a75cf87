import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import {
  MAX_TOASTS,
  addToast,
  dismissToast,
  emptyToastQueue,
  toastLifetime,
} from '../../src/ui/toastQueue.ts'
import { ToastView, createToastStore, type Timers } from '../../src/ui/toasts.tsx'

/** Timers run by hand: `advance(ms)` fires what is due. */
function manualTimers(): Timers & { advance: (ms: number) => void; count: () => number } {
  let now = 0
  let next = 1
  const due = new Map<number, { at: number; run: () => void }>()
  return {
    set: (run, ms) => {
      due.set(next, { at: now + ms, run })
      return next++
    },
    clear: (handle) => {
      due.delete(handle as number)
    },
    advance(ms) {
      now += ms
      for (const [handle, timer] of [...due]) {
        if (timer.at > now) continue
        due.delete(handle)
        timer.run()
      }
    },
    count: () => due.size,
  }
}

describe('toast queue', () => {
  it('adds newest last with fresh ids', () => {
    const one = addToast(emptyToastQueue, 'Volume saved.', 'success')
    const two = addToast(one.queue, 'Failed to update user.', 'error')
    expect(two.queue.toasts.map((toast) => [toast.id, toast.text, toast.kind])).toEqual([
      [1, 'Volume saved.', 'success'],
      [2, 'Failed to update user.', 'error'],
    ])
    expect(two.removed).toEqual([])
  })

  it('a message said again replaces its earlier copy instead of stacking', () => {
    const one = addToast(emptyToastQueue, 'Device saved.', 'success')
    const other = addToast(one.queue, 'App saved.', 'success')
    const again = addToast(other.queue, 'Device saved.', 'success')
    expect(again.queue.toasts.map((toast) => toast.text)).toEqual(['App saved.', 'Device saved.'])
    expect(again.removed).toEqual([one.added])
    // The same words as an error are another message.
    const asError = addToast(again.queue, 'Device saved.', 'error')
    expect(asError.queue.toasts).toHaveLength(3)
  })

  it(`keeps at most ${MAX_TOASTS}, the oldest giving way`, () => {
    let queue = emptyToastQueue
    const removed = []
    for (let index = 1; index <= MAX_TOASTS + 2; index++) {
      const step = addToast(queue, `Message ${index}`, 'info')
      queue = step.queue
      removed.push(...step.removed)
    }
    expect(queue.toasts.map((toast) => toast.text)).toEqual(['Message 3', 'Message 4', 'Message 5'])
    expect(removed.map((toast) => toast.text)).toEqual(['Message 1', 'Message 2'])
  })

  it('dismisses by id, and a missing id changes nothing', () => {
    const { queue } = addToast(emptyToastQueue, 'Volume saved.', 'success')
    expect(dismissToast(queue, 1).toasts).toEqual([])
    expect(dismissToast(queue, 99)).toBe(queue)
  })

  it('an error stays longer than a success', () => {
    expect(toastLifetime('error')).toBeGreaterThan(toastLifetime('success'))
    expect(toastLifetime('success')).toBeGreaterThanOrEqual(3000)
  })
})

describe('toast store', () => {
  it('a toast leaves after its lifetime, and the dismiss button ends it at once', () => {
    const timers = manualTimers()
    const store = createToastStore(timers)
    let heard = 0
    store.subscribe(() => heard++)
    store.show('Volume saved.')
    store.show('Failed to update user.', 'error')
    expect(store.get().map((toast) => toast.kind)).toEqual(['success', 'error'])
    timers.advance(toastLifetime('success'))
    expect(store.get().map((toast) => toast.text)).toEqual(['Failed to update user.'])
    const [left] = store.get()
    if (left) store.dismiss(left.id)
    expect(store.get()).toEqual([])
    expect(timers.count()).toBe(0)
    expect(heard).toBe(4)
  })

  it('waits while paused, and gives each toast its whole lifetime again on resume', () => {
    const timers = manualTimers()
    const store = createToastStore(timers)
    store.show('Device saved.')
    timers.advance(toastLifetime('success') - 1000)
    store.pause()
    store.show('App saved.')
    timers.advance(toastLifetime('error') * 2)
    expect(store.get()).toHaveLength(2)
    store.resume()
    timers.advance(toastLifetime('success') - 1)
    expect(store.get()).toHaveLength(2)
    timers.advance(1)
    expect(store.get()).toEqual([])
  })

  it('a displaced toast leaves no timer behind', () => {
    const timers = manualTimers()
    const store = createToastStore(timers)
    for (let index = 0; index < MAX_TOASTS + 3; index++) store.show(`Message ${index}`)
    store.show('Message 5')
    expect(store.get()).toHaveLength(MAX_TOASTS)
    expect(timers.count()).toBe(MAX_TOASTS)
  })
})

describe('ToastView', () => {
  it('a success is a status, an error an alert, each with a dismiss button', () => {
    const success = renderToStaticMarkup(
      <ToastView toast={{ id: 1, text: 'Volume saved.', kind: 'success' }} onDismiss={() => {}} />,
    )
    expect(success).toContain('role="status"')
    expect(success).toContain('Volume saved.')
    expect(success).toContain('aria-label="Dismiss"')
    const error = renderToStaticMarkup(
      <ToastView toast={{ id: 2, text: 'Failed to update user.', kind: 'error' }} onDismiss={() => {}} />,
    )
    expect(error).toContain('role="alert"')
  })
})
