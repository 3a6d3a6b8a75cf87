import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  leaderLockName,
  transfersChannelName,
  joinTransfers,
  type ChannelLike,
  type Leadership,
  type LockManagerLike,
} from '../../src/transfers/leader.ts'

/** An in-process Web Locks stand-in: exclusive locks granted in request order, abortable while waiting. */
class MemoryLocks implements LockManagerLike {
  private readonly queues = new Map<string, Array<() => void>>()
  private readonly busy = new Set<string>()
  readonly requested: string[] = []

  request(
    name: string,
    options: { mode: 'exclusive'; signal?: AbortSignal },
    callback: (lock: unknown) => Promise<void>,
  ): Promise<unknown> {
    this.requested.push(name)
    return new Promise((resolve, reject) => {
      const grant = () => {
        this.busy.add(name)
        callback({ name, mode: options.mode })
          .then(resolve, reject)
          .finally(() => {
            this.busy.delete(name)
            this.queues.get(name)?.shift()?.()
          })
      }
      if (!this.busy.has(name)) return grant()
      const queue = this.queues.get(name) ?? []
      this.queues.set(name, queue)
      queue.push(grant)
      options.signal?.addEventListener('abort', () => {
        const index = queue.indexOf(grant)
        if (index >= 0) queue.splice(index, 1)
        reject(options.signal?.reason)
      })
    })
  }
}

interface State {
  done: number
}
type Command = { type: 'retry' }

const channels: ChannelLike[] = []
const tabs: Array<Leadership<State, Command>> = []

function openTab(locks: MemoryLocks, name: string, log: string[], options: { failLead?: boolean } = {}) {
  let state: State | undefined
  const seen: State[] = []
  const commands: Command[] = []
  const tab = joinTransfers<State, Command>({
    queue: 'uploads',
    locks,
    openChannel: () => {
      const channel = new BroadcastChannel(transfersChannelName('uploads')) as unknown as ChannelLike
      channels.push(channel)
      return channel
    },
    onLead: async () => {
      log.push(`${name} leads`)
      if (options.failLead) throw new Error('IndexedDB refused')
      state = { done: 0 }
    },
    currentState: () => state,
    onState: (received) => seen.push(received),
    onCommand: (command) => commands.push(command),
  })
  tabs.push(tab)
  return {
    tab,
    seen,
    commands,
    setState(next: State) {
      state = next
      tab.publish(next)
    },
  }
}

afterEach(() => {
  for (const tab of tabs.splice(0)) tab.close()
  for (const channel of channels.splice(0)) channel.close()
})

describe('transfer leadership', () => {
  it('one tab leads; a follower sees its state and its commands reach the leader', async () => {
    const locks = new MemoryLocks()
    const log: string[] = []
    const first = openTab(locks, 'first', log)
    await vi.waitFor(() => expect(first.tab.isLeader).toBe(true))
    expect(locks.requested).toEqual([leaderLockName('uploads')])
    first.setState({ done: 1 })

    const second = openTab(locks, 'second', log)
    // The newcomer's hello is answered with the current state.
    await vi.waitFor(() => expect(second.seen).toContainEqual({ done: 1 }))
    expect(second.tab.isLeader).toBe(false)
    expect(log).toEqual(['first leads'])

    first.setState({ done: 2 })
    await vi.waitFor(() => expect(second.seen.at(-1)).toEqual({ done: 2 }))
    second.tab.send({ type: 'retry' })
    await vi.waitFor(() => expect(first.commands).toEqual([{ type: 'retry' }]))
    expect(second.commands).toEqual([])
    // The leader applies its own commands without the channel.
    first.tab.send({ type: 'retry' })
    expect(first.commands).toHaveLength(2)
    // Only the leader publishes.
    second.tab.publish({ done: 99 })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(first.seen).toEqual([])
  })

  it('when the leader goes, the next tab takes the lock and leads', async () => {
    const locks = new MemoryLocks()
    const log: string[] = []
    const first = openTab(locks, 'first', log)
    await vi.waitFor(() => expect(first.tab.isLeader).toBe(true))
    const second = openTab(locks, 'second', log)
    const third = openTab(locks, 'third', log)
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(log).toEqual(['first leads'])

    first.tab.close()
    expect(first.tab.isLeader).toBe(false)
    await vi.waitFor(() => expect(second.tab.isLeader).toBe(true))
    expect(third.tab.isLeader).toBe(false)
    expect(log).toEqual(['first leads', 'second leads'])

    third.tab.send({ type: 'retry' })
    await vi.waitFor(() => expect(second.commands).toEqual([{ type: 'retry' }]))
    second.setState({ done: 3 })
    await vi.waitFor(() => expect(third.seen.at(-1)).toEqual({ done: 3 }))
  })

  it('a tab that cannot start the queue hands the lead on and follows', async () => {
    const locks = new MemoryLocks()
    const log: string[] = []
    const failing = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const first = openTab(locks, 'first', log, { failLead: true })
    const second = openTab(locks, 'second', log)
    await vi.waitFor(() => expect(second.tab.isLeader).toBe(true))
    expect(first.tab.isLeader).toBe(false)
    expect(log).toEqual(['first leads', 'second leads'])
    expect(failing).toHaveBeenCalledTimes(1)
    failing.mockRestore()
    // The tab that failed now shows the leader's state and sends it its commands.
    second.setState({ done: 4 })
    await vi.waitFor(() => expect(first.seen.at(-1)).toEqual({ done: 4 }))
    first.tab.send({ type: 'retry' })
    await vi.waitFor(() => expect(second.commands).toEqual([{ type: 'retry' }]))
  })

  it('a tab that leaves while waiting never leads', async () => {
    const locks = new MemoryLocks()
    const log: string[] = []
    const first = openTab(locks, 'first', log)
    await vi.waitFor(() => expect(first.tab.isLeader).toBe(true))
    const second = openTab(locks, 'second', log)
    const third = openTab(locks, 'third', log)
    second.tab.close()
    first.tab.close()
    await vi.waitFor(() => expect(third.tab.isLeader).toBe(true))
    expect(log).toEqual(['first leads', 'third leads'])
  })
})
