// A transfer queue as one tab sees it, for React. Every tab joins the leadership of the queue (leader.ts);
// the leading tab makes the queue's runner, restores it and runs it, and publishes its state; the others
// show that state and send their users' commands to the leader. Screens read the state with
// useSyncExternalStore. uploads.ts and downloads.ts each make one manager for their queue.
import { joinTransfers, type Leadership, type LeadershipOptions } from './leader.ts'
import { PUBLISH_INTERVAL_MS } from './queueEngine.ts'

/** What the manager needs of a queue's runner (uploadRunner.ts, downloadRunner.ts). */
export interface QueueRunner<State, Command> {
  readonly state: State
  /** Restores the queue from the store and starts it. */
  restore(): Promise<void>
  apply(command: Command): void | Promise<void>
  stop(): void
}

export interface QueueSnapshot<State> {
  queue: State
  /** False until this tab knows the queue: restored here, or heard from the leader. */
  ready: boolean
}

export interface QueueManagerOptions<State, Command> {
  /** Which queue, over which locks and channel: the browser's (browserTransfersOptions) or a test's. */
  leadership: Pick<LeadershipOptions<State, Command>, 'queue' | 'locks' | 'openChannel'>
  /** What screens show until the queue is known. */
  empty: State
  /** Makes the runner of a leading tab; it reports every change of the queue to onChange. */
  makeRunner: (onChange: (state: State) => void) => Promise<QueueRunner<State, Command>>
}

export class QueueManager<State, Command> {
  private snapshot: QueueSnapshot<State>
  private readonly listeners = new Set<() => void>()
  private readonly leadership: Leadership<State, Command>
  private runner: QueueRunner<State, Command> | undefined
  /** Commands that reached the leader before it had restored the queue. */
  private readonly early: Command[] = []
  private publishTimer: ReturnType<typeof setTimeout> | undefined
  /** Leader: the latest state the runner reported, for the next publication. */
  private latest: State

  constructor(private readonly options: QueueManagerOptions<State, Command>) {
    this.snapshot = { queue: options.empty, ready: false }
    this.latest = options.empty
    this.leadership = joinTransfers<State, Command>({
      ...options.leadership,
      onLead: () => this.lead(),
      currentState: () => this.runner?.state,
      onState: (state) => this.show(state),
      onCommand: (command) => (this.runner ? void this.runner.apply(command) : this.early.push(command)),
    })
  }

  private async lead(): Promise<void> {
    const runner = await this.options.makeRunner((state) => this.changed(state))
    await runner.restore()
    this.runner = runner
    this.show(runner.state)
    for (const command of this.early.splice(0)) void runner.apply(command)
  }

  /** Leader: shows and publishes the queue, at most every PUBLISH_INTERVAL_MS. */
  private changed(state: State): void {
    this.latest = state
    this.publishTimer ??= setTimeout(() => {
      this.publishTimer = undefined
      this.show(this.latest)
      this.leadership.publish(this.latest)
    }, PUBLISH_INTERVAL_MS)
  }

  private show(state: State): void {
    this.snapshot = { queue: state, ready: true }
    for (const listener of this.listeners) listener()
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  readonly getSnapshot = (): QueueSnapshot<State> => this.snapshot

  /** The queue alone, for screens that need no ready flag. */
  readonly getQueue = (): State => this.snapshot.queue

  readonly send = (command: Command): void => this.leadership.send(command)

  /** Leaves the queue, stopping its runner here: another tab takes it over. */
  close(): void {
    clearTimeout(this.publishTimer)
    this.runner?.stop()
    this.leadership.close()
  }
}
