// The one draft helper behind every form of specification 001 that says "Save disabled until changed;
// only changed fields are sent" (section 4): a form edits a copy of what the server holds, the changed
// fields are what differs from it, and nothing compares fields by hand.
import { useState } from 'react'

/**
 * The fields of `draft` whose value differs from `saved` (shallow, by Object.is), with the draft's values:
 * the body of an update that sends only changed fields. A field the draft does not hold is not a change.
 */
export function changedFields<T extends object>(saved: T, draft: T): Partial<T> {
  const changed: Partial<T> = {}
  for (const key of Object.keys(draft) as Array<keyof T>) {
    if (!Object.is(saved[key], draft[key])) changed[key] = draft[key]
  }
  return changed
}

/**
 * The draft once the saved values change underneath it (after a save, or a refetch): a field the new
 * saved values left as they were keeps the user's edit; a field they changed takes the new value (after
 * a save that is the value just sent, or the server's normal form of it, such as a trimmed name).
 */
export function rebaseDraft<T extends object>(oldSaved: T, draft: T, newSaved: T): T {
  const rebased = { ...newSaved }
  const edits = changedFields(oldSaved, draft)
  for (const key of Object.keys(edits) as Array<keyof T>) {
    if (Object.is(oldSaved[key], newSaved[key])) rebased[key] = draft[key]
  }
  return rebased
}

/** A draft and the saved values it was made from. */
export interface DraftState<T extends object> {
  base: T
  draft: T
}

export type DraftAction<T extends object> =
  { type: 'patch'; values: Partial<T> } | { type: 'reset' } | { type: 'rebase'; saved: T }

/** The draft's transitions, pure (the hook below only holds the state). */
export function draftReducer<T extends object>(state: DraftState<T>, action: DraftAction<T>): DraftState<T> {
  switch (action.type) {
    case 'patch':
      return { ...state, draft: { ...state.draft, ...action.values } }
    case 'reset':
      return { ...state, draft: state.base }
    case 'rebase':
      return { base: action.saved, draft: rebaseDraft(state.base, state.draft, action.saved) }
  }
}

export interface Draft<T extends object> {
  draft: T
  set<K extends keyof T>(key: K, value: T[K]): void
  /** Several fields at once (e.g. making a user admin turns every capability on). */
  patch(values: Partial<T>): void
  /** The fields to send: see changedFields. */
  changed: Partial<T>
  isChanged: boolean
  /** Back to the saved values. */
  reset(): void
}

/**
 * A form's draft of `saved`. Pass the query's data (or a memoized object): when `saved` changes identity
 * the draft is rebased onto it (rebaseDraft), so after a save the form shows nothing changed again.
 */
export function useDraft<T extends object>(saved: T): Draft<T> {
  const [state, setState] = useState<DraftState<T>>({ base: saved, draft: saved })
  let current = state
  if (state.base !== saved) {
    // React's pattern for state derived from a prop: update it while rendering, before anything shows.
    current = draftReducer(state, { type: 'rebase', saved })
    setState(current)
  }
  const changed = changedFields(saved, current.draft)
  const dispatch = (action: DraftAction<T>) => setState((previous) => draftReducer(previous, action))
  return {
    draft: current.draft,
    set: (key, value) => {
      const values: Partial<T> = {}
      values[key] = value
      dispatch({ type: 'patch', values })
    },
    patch: (values) => dispatch({ type: 'patch', values }),
    changed,
    isChanged: Object.keys(changed).length > 0,
    reset: () => dispatch({ type: 'reset' }),
  }
}
