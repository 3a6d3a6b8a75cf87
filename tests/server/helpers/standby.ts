// Replacements for a server under test that stopped answering. Starting one (a database, its migrations,
// a signed-in fixture) takes seconds, and a server that stopped once often stops again on the next
// request of the same kind: from the first replacement on, the next one is already starting while the
// tests go on, so a run of failing cases stays within its time budget. A run that needs none starts none.

export interface Standby<T> {
  /** A started replacement: the one starting in the background if there is one, else a new one. */
  take(): Promise<T>
  /** Stops the replacement still waiting, if any. */
  close(): Promise<void>
}

export function standby<T>(start: () => Promise<T>, stop: (unused: T) => Promise<void>): Standby<T> {
  let waiting: Promise<T> | undefined
  return {
    take() {
      const taken = waiting ?? start()
      waiting = start()
      // A replacement that fails to start fails the take() that gets it, not this background start.
      waiting.catch(() => undefined)
      return taken
    },
    async close() {
      const unused = waiting
      waiting = undefined
      if (unused) await unused.then(stop, () => undefined)
    },
  }
}
