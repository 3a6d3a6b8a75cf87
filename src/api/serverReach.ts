// Whether the server can be reached, as the calls find it: the browser may say it is online while the server
// is down, or the network drops connections on the way. Only the transport knows the difference between an
// answer (any HTTP status, an error status included: the server is there) and no answer at all (a network
// failure, a timeout), so it reports each call's outcome here (src/api/client.ts wires it), and the console
// says so and stands in its saved answers (src/app/unreachableServer.ts, src/app/OfflineStatus.tsx).
import { onlineManager } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'

export interface ReachState {
  reachable: boolean
  /** How many answers have arrived: a call that found none is judged against the answers since it left. */
  answers: number
}

export type ReachEvent =
  | { type: 'answer' }
  | {
      type: 'no_answer'
      /** `answers` when the call left. */
      answersWhenSent: number
      /** Whether the browser said it was online when the call failed. */
      browserOnline: boolean
    }

export const INITIAL_REACH: ReachState = { reachable: true, answers: 0 }

/**
 * The rule. Any answer means the server can be reached. A call with no answer means it cannot, unless
 * another answer arrived after that call left (a call that timed out while others were answered was slow,
 * not cut off), or the browser says it is offline (which explains it, and is said already; the browser
 * tells when the network is back).
 */
export function nextReach(state: ReachState, event: ReachEvent): ReachState {
  if (event.type === 'answer') return { reachable: true, answers: state.answers + 1 }
  if (!state.reachable || !event.browserOnline || event.answersWhenSent !== state.answers) return state
  return { ...state, reachable: false }
}

let state = INITIAL_REACH
const listeners = new Set<() => void>()

function dispatch(event: ReachEvent): void {
  const next = nextReach(state, event)
  if (next.reachable === state.reachable) {
    state = next
    return
  }
  state = next
  for (const listener of listeners) listener()
}

/**
 * Called as a call leaves; the function it answers is told whether an answer came back. A call the caller
 * abandoned is reported by neither.
 */
export function trackServerReach(): (answered: boolean) => void {
  const answersWhenSent = state.answers
  return (answered) =>
    dispatch(
      answered
        ? { type: 'answer' }
        : { type: 'no_answer', answersWhenSent, browserOnline: onlineManager.isOnline() },
    )
}

export function isServerReachable(): boolean {
  return state.reachable
}

/** Told each time the server becomes unreachable, or reachable again. */
export function subscribeServerReach(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

export function useServerReachable(): boolean {
  return useSyncExternalStore(subscribeServerReach, isServerReachable)
}
