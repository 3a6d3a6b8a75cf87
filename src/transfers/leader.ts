// One tab runs the transfer queues at a time. It holds an exclusive Web Lock for as long as it lives; the
// browser releases the lock when the tab goes, and the next tab waiting on it becomes the leader and
// resumes the queues from IndexedDB. Followers show the leader's state, received over a BroadcastChannel,
// and send their users' commands (add, remove, retry...) to the leader, which applies them.
// The lock manager and the channel are passed in, so tests run several tabs in one process.

/**
 * Each queue has its own leader and channel, so uploads and downloads run independently. A share link's
 * visitor has a download queue of their own (linkDownloads.ts), apart from a signed-in user's in the same
 * browser: neither leads, shows or clears the other's.
 */
export type TransferQueueName = 'uploads' | 'downloads' | 'link_downloads'

export const leaderLockName = (queue: TransferQueueName) => `media-console-${queue}-leader`
export const transfersChannelName = (queue: TransferQueueName) => `media-console-${queue}`

/** What this module needs of navigator.locks. */
export interface LockManagerLike {
  request(
    name: string,
    options: { mode: 'exclusive'; signal?: AbortSignal },
    callback: (lock: unknown) => Promise<void>,
  ): Promise<unknown>
}

/** What this module needs of a BroadcastChannel. */
export interface ChannelLike {
  onmessage: ((event: MessageEvent) => void) | null
  postMessage(message: unknown): void
  close(): void
}

export type TransfersMessage<State, Command> =
  | { type: 'state'; state: State }
  | { type: 'command'; command: Command }
  /** A new follower asks the leader for the current state. */
  | { type: 'hello' }

export interface LeadershipOptions<State, Command> {
  locks: LockManagerLike
  openChannel: () => ChannelLike
  /** This tab now leads: restore the queues from IndexedDB and run them. Runs until the tab closes. */
  onLead: () => void | Promise<void>
  /** The leader's latest state, for the leader to answer a new follower. */
  currentState: () => State | undefined
  /** Followers: the leader's state changed. */
  onState: (state: State) => void
  /** Leader: a command to apply, from this tab or a follower. */
  onCommand: (command: Command) => void
  /** Which queue this tab joins. */
  queue: TransferQueueName
}

export interface Leadership<State, Command> {
  readonly isLeader: boolean
  /** Leader only: tells the followers the state. */
  publish(state: State): void
  /** Applies a command here when leading, otherwise sends it to the leader. */
  send(command: Command): void
  /** Leaves: releases the lock (if held) and the channel. */
  close(): void
}

export function joinTransfers<State, Command>(
  options: LeadershipOptions<State, Command>,
): Leadership<State, Command> {
  const channel = options.openChannel()
  const leaving = new AbortController()
  let leader = false
  let closed = false
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => {
    release = resolve
  })

  const post = (message: TransfersMessage<State, Command>) => {
    if (!closed) channel.postMessage(message)
  }

  const publish = (state: State) => {
    if (leader) post({ type: 'state', state })
  }

  channel.onmessage = (event) => {
    const message = event.data as TransfersMessage<State, Command>
    if (leader) {
      if (message.type === 'command') options.onCommand(message.command)
      if (message.type === 'hello') {
        const state = options.currentState()
        if (state !== undefined) publish(state)
      }
    } else if (message.type === 'state') {
      options.onState(message.state)
    }
  }

  options.locks
    .request(leaderLockName(options.queue), { mode: 'exclusive', signal: leaving.signal }, async () => {
      if (closed) return
      leader = true
      try {
        await options.onLead()
      } catch (error) {
        // This tab cannot run the queue (its storage refused, say): it hands the lock to the next tab
        // and goes on as a follower rather than leading nothing.
        console.error(`the ${options.queue} queue could not start in this tab`, error)
        leader = false
        post({ type: 'hello' })
        return
      }
      const state = options.currentState()
      if (state !== undefined) publish(state)
      // The lock is held until this promise settles: for the life of the tab, or until close().
      await held
    })
    .catch(() => {
      // Aborted while waiting for the lock: this tab left before it could lead.
    })

  post({ type: 'hello' })

  return {
    get isLeader() {
      return leader
    },
    publish,
    send(command) {
      if (leader) options.onCommand(command)
      else post({ type: 'command', command })
    },
    close() {
      if (closed) return
      closed = true
      leader = false
      leaving.abort()
      release()
      channel.close()
    },
  }
}

/** The browser's own lock manager and channel, for the app. */
export function browserTransfersOptions(
  queue: TransferQueueName,
): Pick<LeadershipOptions<unknown, unknown>, 'locks' | 'openChannel' | 'queue'> {
  return {
    queue,
    locks: navigator.locks,
    openChannel: () => new BroadcastChannel(transfersChannelName(queue)),
  }
}
