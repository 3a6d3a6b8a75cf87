// The machinery both transfer queues share, in the leading tab: it holds a queue's state, reduces every
// event with the queue's pure reducer, reports each change, saves the queue to IndexedDB on one policy, and
// runs the queue's effects (the I/O its runner does) whenever something may have fallen due. A queue is
// described by a QueueDefinition: its reducer and which of its events are saved at once or only move
// progress. uploadRunner.ts and downloadRunner.ts hold only their queue's I/O; queueManager.ts shows and
// publishes what the engine reports.

/**
 * Saving is at most about once a second while only progress moves: progress changes many times a second,
 * and a reload loses at most that much of it.
 */
export const SAVE_INTERVAL_MS = 1_000
/** Progress moves many times a second; screens and the other tabs hear of it at most this often. */
export const PUBLISH_INTERVAL_MS = 100

export interface QueueDefinition<State, Event extends { type: string }> {
  /** The queue's pure reducer: (state, event, now) -> state, the same state when nothing changed. */
  reduce: (state: State, event: Event, now: number) => State
  /** Events after which the queue is written at once: losing them would repeat or lose work on a reload. */
  saveAtOnce: ReadonlySet<Event['type']>
  /** Events that only move a progress figure: they make nothing else due, so they start no step. */
  progressOnly: ReadonlySet<Event['type']>
}

export interface QueueEngineOptions<State> {
  initial: State
  /** Writes the queue; a failure is ignored, as the queue runs on in memory and the next save tries again. */
  save: (state: State) => Promise<void>
  /**
   * Starts what is due now and returns the moments when something else falls due (null for none). Called
   * in a step, after the events of the current turn; it dispatches the events of what it starts.
   */
  effects: (now: number) => ReadonlyArray<number | null>
  /** Every change of the state, as it happens (the manager throttles what it shows and publishes). */
  onChange: (state: State) => void
  now?: () => number
}

export class QueueEngine<State, Event extends { type: string }> {
  private current: State
  private readonly now: () => number
  private stopped = false
  private stepQueued = false
  private wakeTimer: ReturnType<typeof setTimeout> | undefined
  private saveTimer: ReturnType<typeof setTimeout> | undefined
  /** When the save already asked for is due, or null when none is. */
  private saveDue: number | null = null
  private lastSave = 0
  /** The write under way, and the one write of the latest state asked for while it runs. */
  private writing: Promise<void> | undefined
  private writeNext: Promise<void> | undefined

  constructor(
    private readonly definition: QueueDefinition<State, Event>,
    private readonly options: QueueEngineOptions<State>,
  ) {
    this.current = options.initial
    this.now = options.now ?? Date.now
  }

  get state(): State {
    return this.current
  }

  /** Takes the queue as it was restored from the store: nothing to report or to write. */
  load(state: State): void {
    this.current = state
  }

  /** Applies an event; false when it changed nothing (or the engine was stopped). */
  dispatch(event: Event): boolean {
    if (this.stopped) return false
    const next = this.definition.reduce(this.current, event, this.now())
    if (next === this.current) return false
    this.changed(next, this.definition.saveAtOnce.has(event.type))
    if (!this.definition.progressOnly.has(event.type)) this.run()
    return true
  }

  /** Puts a state that no event of the model describes (a cleared list, say), as a change. */
  replace(state: State): void {
    if (this.stopped || state === this.current) return
    this.changed(state, false)
    this.run()
  }

  /** Asks for a step: in a microtask, so all the events of this turn are applied first and one step serves them. */
  run(): void {
    if (this.stepQueued || this.stopped) return
    this.stepQueued = true
    queueMicrotask(() => {
      this.stepQueued = false
      this.step()
    })
  }

  /** Writes the queue now (a user's command must not wait for the next beat); resolves once it is written. */
  saveNow(): Promise<void> {
    clearTimeout(this.saveTimer)
    this.saveDue = null
    this.lastSave = this.now()
    return this.write()
  }

  /** Ends the engine: no timer fires, no event applies, nothing more is written. */
  stop(): void {
    this.stopped = true
    clearTimeout(this.wakeTimer)
    clearTimeout(this.saveTimer)
  }

  private changed(next: State, saveAtOnce: boolean): void {
    this.current = next
    this.options.onChange(next)
    this.askSave(saveAtOnce)
  }

  private askSave(atOnce: boolean): void {
    // Written before anything the event lets start: a reload right after must find the work recorded.
    if (atOnce) {
      void this.saveNow()
      return
    }
    const now = this.now()
    const due = Math.max(now, this.lastSave + SAVE_INTERVAL_MS)
    // A save already set for sooner stands: it will write this state too.
    if (this.saveDue !== null && this.saveDue <= due) return
    clearTimeout(this.saveTimer)
    this.saveDue = due
    this.saveTimer = setTimeout(() => void this.saveNow(), due - now)
  }

  /**
   * One write at a time, in order, so a later state never lands before an earlier one; saves asked for
   * while one is being written become a single write of the latest state once it is done.
   */
  private write(): Promise<void> {
    if (this.stopped) return Promise.resolve()
    if (this.writeNext) return this.writeNext
    if (this.writing) {
      this.writeNext = this.writing.then(() => {
        this.writeNext = undefined
        return this.write()
      })
      return this.writeNext
    }
    const written = this.options
      .save(this.current)
      .catch(() => undefined)
      .finally(() => {
        this.writing = undefined
      })
    this.writing = written
    return written
  }

  /** Starts what is due and sets the one timer for the earliest moment something else falls due. */
  private step(): void {
    if (this.stopped) return
    const now = this.now()
    const moments = this.options.effects(now).filter((moment) => moment !== null)
    clearTimeout(this.wakeTimer)
    this.wakeTimer = undefined
    if (moments.length > 0 && !this.stopped) {
      this.wakeTimer = setTimeout(() => this.run(), Math.max(0, Math.min(...moments) - now))
    }
  }
}
