// The cadence of the transfer queues, once for both: the engine (saves, steps, the wake timer, stop) with
// each queue's own definition, and the manager (publishing, early commands) over each real runner.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  emptyDownloadQueue,
  type DownloadEvent,
  type DownloadQueue,
} from '../../src/transfers/downloadModel.ts'
import { setTransport } from '../../src/api/client.ts'
import { downloadQueue, DownloadRunner, type DownloadCommand } from '../../src/transfers/downloadRunner.ts'
import {
  PUBLISH_INTERVAL_MS,
  QueueEngine,
  SAVE_INTERVAL_MS,
  type QueueDefinition,
} from '../../src/transfers/queueEngine.ts'
import { QueueManager, type QueueRunner } from '../../src/transfers/queueManager.ts'
import type { QueueStore, RestoredDownloads, RestoredUploads } from '../../src/transfers/queueStore.ts'
import { emptyUploadQueue, type UploadEvent, type UploadQueue } from '../../src/transfers/uploadModel.ts'
import { uploadQueue, UploadRunner, type UploadCommand } from '../../src/transfers/uploadRunner.ts'
import {
  FakeDirectoryHandle,
  FakeWorkers,
  GRANT_ID,
  MemoryQueueStore,
  ORG_ID,
  RecordingChannel,
  RecordingStore,
  T0,
  advance,
  deferred,
  oneTabLocks,
  settle,
  until,
  uploadServer,
  useFakeClock,
  type Deferred,
} from './transferFakes.ts'

/** Every file of these tests has this size; progress moves in steps of a hundredth of it. */
const FILE_SIZE = 1_000_000
const STEP_BYTES = FILE_SIZE / 100

/** A queue's definition, with events that bring its first item to where its progress moves. */
interface EngineCase<State, Event extends { type: string }> {
  name: string
  definition: QueueDefinition<State, Event>
  empty: State
  /** The user adds item n: a change saved at once. */
  added: (n: number) => Event
  /** What starts item 1, up to the point where its bytes move. */
  running: Event[]
  /** Item 1 has moved `steps` hundredths of its file. */
  moved: (steps: number) => Event
  /** How many hundredths of item 1 have moved, as the state says. */
  movedOf: (state: State) => number
  /** The removal of an item the queue does not hold: a change of nothing. */
  removedUnknown: Event
}

const uploadEngine: EngineCase<UploadQueue, UploadEvent> = {
  name: 'uploads',
  definition: uploadQueue,
  empty: emptyUploadQueue,
  added: (n) => ({
    type: 'add',
    files: [
      {
        id: `item-${n}`,
        name: `clip-${n}.mov`,
        folder: '',
        media_path: `/Clips/clip-${n}.mov`,
        file_size: FILE_SIZE,
        mtime: T0,
        org_id: ORG_ID,
        media_grant_id: GRANT_ID,
      },
    ],
  }),
  running: [
    { type: 'start', id: 'item-1' },
    { type: 'hash_started', id: 'item-1' },
  ],
  moved: (steps) => ({ type: 'hash_progress', id: 'item-1', hashed_bytes: steps * STEP_BYTES }),
  movedOf: (state) => state.items[0]?.progress ?? 0,
  removedUnknown: { type: 'remove', id: 'unknown' },
}

const downloadEngine: EngineCase<DownloadQueue, DownloadEvent> = {
  name: 'downloads',
  definition: downloadQueue,
  empty: emptyDownloadQueue,
  added: (n) => ({
    type: 'add',
    files: [
      {
        id: `item-${n}`,
        org_id: ORG_ID,
        media_grant_id: GRANT_ID,
        media_id: n,
        path: `Shoot/${n}.bin`,
        file_size: FILE_SIZE,
        file_hash: `hash-${n}`,
      },
    ],
  }),
  running: [
    { type: 'start', id: 'item-1' },
    { type: 'url_received', id: 'item-1' },
    { type: 'download_started', id: 'item-1', from_byte: 0 },
  ],
  moved: (steps) => ({ type: 'progress', id: 'item-1', bytes_received: steps * STEP_BYTES }),
  movedOf: (state) => (state.items[0]?.bytes_received ?? 0) / STEP_BYTES,
  removedUnknown: { type: 'remove', id: 'unknown' },
}

/** An engine over a queue's definition, recording what it writes, reports and steps. */
function engineFor<State, Event extends { type: string }>(queue: EngineCase<State, Event>) {
  const writes: Array<{ at: number; state: State }> = []
  const written: State[] = []
  const steps: number[] = []
  const changes: State[] = []
  /** What each step answers in turn: the moments something falls due. */
  const dueAnswers: Array<Array<number | null>> = []
  let writing: Deferred<undefined> | undefined
  const engine = new QueueEngine(queue.definition, {
    initial: queue.empty,
    save: async (state) => {
      writes.push({ at: Date.now(), state })
      if (writing) await writing.promise
      written.push(state)
    },
    effects: (now) => {
      steps.push(now)
      return dueAnswers.shift() ?? []
    },
    onChange: (state) => changes.push(state),
  })
  engines.push(engine)
  const holdWrites = () => {
    writing = deferred<undefined>()
    return writing
  }
  return { engine, writes, written, steps, changes, dueAnswers, holdWrites }
}

const engines: Array<{ stop: () => void }> = []

beforeEach(() => {
  useFakeClock()
})

afterEach(() => {
  for (const engine of engines.splice(0)) engine.stop()
  vi.unstubAllGlobals()
})

/** The engine's cadence, the same for every queue. */
function engineCadence<State, Event extends { type: string }>(queue: EngineCase<State, Event>) {
  it('saves at once after a change that must not be lost, and about once a second while only progress moves', async () => {
    const { engine, writes } = engineFor(queue)
    engine.dispatch(queue.added(1))
    for (const event of queue.running) engine.dispatch(event)
    await settle()
    expect(writes.map((write) => write.at)).toEqual([T0])
    for (let step = 1; step <= 25; step++) {
      await advance(100)
      engine.dispatch(queue.moved(step))
    }
    expect(writes.map((write) => write.at)).toEqual([T0, T0 + SAVE_INTERVAL_MS, T0 + 2 * SAVE_INTERVAL_MS])
    // Each save holds what had moved by then: the save at 2 s, the progress of 1.9 s.
    expect(writes.map((write) => queue.movedOf(write.state))).toEqual([0, 9, 19])

    engine.dispatch(queue.added(2))
    await settle()
    expect(writes.map((write) => write.at - T0)).toEqual([0, 1000, 2000, 2500])
    expect(writes.map((write) => queue.movedOf(write.state))).toEqual([0, 9, 19, 25])
  })

  it('writes one state at a time, in order: the saves asked for meanwhile are one write of the latest', async () => {
    const { engine, writes, written, holdWrites } = engineFor(queue)
    const first = holdWrites()
    engine.dispatch(queue.added(1))
    await settle()
    expect(writes).toHaveLength(1)
    engine.dispatch(queue.added(2))
    await settle()
    engine.dispatch(queue.added(3))
    await settle()
    let savedNow = false
    void engine.saveNow().then(() => (savedNow = true))
    await settle()
    // Nothing else is written while the first write runs.
    expect(writes).toHaveLength(1)
    expect(written).toEqual([])

    first.resolve(undefined)
    await settle()
    expect(written).toEqual([writes[0]?.state, engine.state])
    expect(writes).toHaveLength(2)
    expect(savedNow).toBe(true)
  })

  it('starts no step for progress, and one step for all the other changes of a turn', async () => {
    const { engine, steps, changes, writes } = engineFor(queue)
    expect(engine.dispatch(queue.added(1))).toBe(true)
    for (const event of queue.running) engine.dispatch(event)
    await advance(SAVE_INTERVAL_MS)
    expect(steps).toEqual([T0])
    const [reported, saved] = [changes.length, writes.length]

    // An event that changes nothing is neither reported, saved nor stepped.
    expect(engine.dispatch(queue.removedUnknown)).toBe(false)
    await advance(SAVE_INTERVAL_MS)
    expect(changes).toHaveLength(reported)
    expect(writes).toHaveLength(saved)
    expect(steps).toEqual([T0])

    engine.dispatch(queue.moved(1))
    engine.dispatch(queue.moved(2))
    await settle()
    expect(steps).toEqual([T0])
    expect(queue.movedOf(engine.state)).toBe(2)

    engine.dispatch(queue.added(2))
    await settle()
    expect(steps).toEqual([T0, T0 + 2 * SAVE_INTERVAL_MS])
  })

  it('sets one wake timer, for the earliest moment something falls due, and a later step replaces it', async () => {
    const { engine, steps, dueAnswers } = engineFor(queue)
    dueAnswers.push([T0 + 300, null, T0 + 100])
    engine.dispatch(queue.added(1))
    await settle()
    await advance(99)
    expect(steps).toEqual([T0])
    await advance(1)
    expect(steps).toEqual([T0, T0 + 100])
    // The step at 100 ms found nothing more due: no timer is left for 300 ms.
    await advance(1000)
    expect(steps).toEqual([T0, T0 + 100])

    dueAnswers.push([T0 + 3000])
    engine.dispatch(queue.added(2))
    await advance(400)
    dueAnswers.push([T0 + 2000])
    engine.dispatch(queue.added(3))
    await advance(5000)
    expect(steps.map((at) => at - T0)).toEqual([0, 100, 1100, 1500, 2000])
  })

  it('stop() ends everything: no timer fires, no event applies, nothing more is written', async () => {
    const { engine, steps, writes, changes, dueAnswers } = engineFor(queue)
    dueAnswers.push([T0 + 500])
    engine.dispatch(queue.added(1))
    for (const event of queue.running) engine.dispatch(event)
    await settle()
    engine.dispatch(queue.moved(1))
    expect(writes).toHaveLength(1)
    expect(steps).toEqual([T0])

    engine.stop()
    const state = engine.state
    const reported = changes.length
    expect(engine.dispatch(queue.added(2))).toBe(false)
    await engine.saveNow()
    await advance(10 * SAVE_INTERVAL_MS)
    expect(engine.state).toBe(state)
    expect(changes).toHaveLength(reported)
    expect(writes).toHaveLength(1)
    expect(steps).toEqual([T0])
  })
}

describe('the engine of the uploads queue', () => engineCadence(uploadEngine))
describe('the engine of the downloads queue', () => engineCadence(downloadEngine))

// The manager, over each real runner.

/** A store whose queues are restored only once restoring is resolved. */
class SlowStore extends MemoryQueueStore {
  readonly restoring = deferred<undefined>()

  override async loadUploads(): Promise<RestoredUploads> {
    await this.restoring.promise
    return super.loadUploads()
  }

  override async loadDownloads(): Promise<RestoredDownloads> {
    await this.restoring.promise
    return super.loadDownloads()
  }
}

/** A queue's runner over fakes, with a command that adds one file and a way to move its bytes by hand. */
interface RunnerCase<State, Command> {
  name: 'uploads' | 'downloads'
  empty: State
  makeRunner: (
    store: QueueStore,
    workers: FakeWorkers,
    onChange: (state: State) => void,
  ) => QueueRunner<State, Command>
  addOne: () => Command
  itemsOf: (state: State) => number
  /** The queue as the store holds it. */
  saved: (store: QueueStore) => Promise<State>
  /** Holds every transfer once it starts; moved(bytes) moves the first one's bytes. */
  holdTransfers: (workers: FakeWorkers) => { started: () => boolean; moved: (bytes: number) => void }
  movedOf: (state: State) => number
}

const uploadRunnerCase: RunnerCase<UploadQueue, UploadCommand> = {
  name: 'uploads',
  empty: emptyUploadQueue,
  makeRunner: (store, workers, onChange) => {
    setTransport(uploadServer())
    return new UploadRunner({ pool: workers.pool, store, onChange })
  },
  addOne: () => ({
    type: 'add',
    files: [
      {
        file: new File([new Uint8Array(FILE_SIZE)], 'clip.mov', { lastModified: T0 }),
        handle: null,
        folder: '',
        media_path: '/Clips/clip.mov',
        org_id: ORG_ID,
        media_grant_id: GRANT_ID,
      },
    ],
  }),
  itemsOf: (state) => state.items.length,
  saved: async (store) => (await store.loadUploads()).queue,
  holdTransfers: (workers) => {
    workers.onPut = () => new Promise(() => undefined)
    return {
      started: () => workers.puts.length === 1,
      moved: (bytes) => workers.puts[0]?.onProgress?.(bytes),
    }
  },
  movedOf: (state) => state.items[0]?.parts[0]?.sent_bytes ?? 0,
}

const downloadRunnerCase: RunnerCase<DownloadQueue, DownloadCommand> = {
  name: 'downloads',
  empty: emptyDownloadQueue,
  makeRunner: (store, workers, onChange) =>
    new DownloadRunner({
      store,
      pool: workers.pool,
      getUrls: async (item) => [`/storage/${item.media_id}`],
      classifyUrlError: () => 'other',
      onChange,
    }),
  addOne: () => ({
    type: 'add',
    files: [
      {
        id: 'item-1',
        org_id: ORG_ID,
        media_grant_id: GRANT_ID,
        media_id: 1,
        path: 'Shoot/1.bin',
        file_size: FILE_SIZE,
        file_hash: 'hash-1',
      },
    ],
    dir: new FakeDirectoryHandle('Downloads').handle,
  }),
  itemsOf: (state) => state.items.length,
  saved: async (store) => (await store.loadDownloads()).queue,
  holdTransfers: (workers) => {
    const held: Array<(bytes: number) => void> = []
    workers.onDownload = (call) => {
      call.onStart?.(call.fromByte)
      held.push((bytes) => call.onProgress?.(bytes))
      return new Promise(() => undefined)
    }
    return { started: () => held.length === 1, moved: (bytes) => held[0]?.(bytes) }
  },
  movedOf: (state) => state.items[0]?.bytes_received ?? 0,
}

const managers: Array<{ manager: { close: () => void }; workers: FakeWorkers }> = []

function managerFor<State, Command>(queue: RunnerCase<State, Command>, store: QueueStore) {
  vi.stubGlobal('location', { href: 'https://console.example/download' })
  const workers = new FakeWorkers()
  const channel = new RecordingChannel()
  const shown: number[] = []
  const manager = new QueueManager<State, Command>({
    leadership: { queue: queue.name, locks: oneTabLocks, openChannel: () => channel },
    empty: queue.empty,
    makeRunner: async (onChange) => queue.makeRunner(store, workers, onChange),
  })
  manager.subscribe(() => shown.push(Date.now()))
  managers.push({ manager, workers })
  return { manager, workers, channel, shown }
}

afterEach(() => {
  for (const { manager, workers } of managers.splice(0)) {
    manager.close()
    workers.pool.close()
  }
})

/** The manager's cadence and its early commands, the same for every queue. */
function managerCadence<State, Command>(queue: RunnerCase<State, Command>) {
  it('shows and publishes the queue at most every 100 ms while bytes move', async () => {
    const { manager, workers, channel, shown } = managerFor(queue, new MemoryQueueStore())
    const { started, moved } = queue.holdTransfers(workers)
    await until(() => manager.getSnapshot().ready, 'the queue to be restored')
    manager.send(queue.addOne())
    await until(started, 'the transfer to start')
    await advance(PUBLISH_INTERVAL_MS)
    const from = Date.now()
    const [shownBefore, publishedBefore] = [shown.length, channel.states().length]

    for (let step = 1; step <= 100; step++) {
      moved(step * 500)
      await advance(10)
    }
    const every100ms = Array.from({ length: 10 }, (_, n) => from + (n + 1) * PUBLISH_INTERVAL_MS)
    expect(shown.slice(shownBefore)).toEqual(every100ms)
    const published = channel.states().slice(publishedBefore)
    expect(published.map((each) => each.at)).toEqual(every100ms)
    expect(queue.movedOf(published.at(-1)?.state as State)).toBe(100 * 500)
    expect(manager.getSnapshot().queue).toBe(published.at(-1)?.state)
  })

  it('applies the commands that reach the leader before the queue is restored, once it is', async () => {
    const slow = new SlowStore()
    const store = new RecordingStore(slow)
    const { manager } = managerFor(queue, store)
    // The runner is made and restoring, as the command arrives.
    await settle()
    manager.send(queue.addOne())
    await settle()
    expect(manager.getSnapshot()).toEqual({ queue: queue.empty, ready: false })
    // Nothing was written over the queue being restored.
    expect(store.saveTimes).toEqual([])

    slow.restoring.resolve(undefined)
    await until(() => manager.getSnapshot().ready, 'the queue to be restored')
    await advance(PUBLISH_INTERVAL_MS)
    // Applied to the restored queue, not lost under it: shown, and written to the store.
    expect(queue.itemsOf(manager.getSnapshot().queue)).toBe(1)
    expect(queue.itemsOf(await queue.saved(store))).toBe(1)
  })
}

describe('the manager of the uploads queue', () => managerCadence(uploadRunnerCase))
describe('the manager of the downloads queue', () => managerCadence(downloadRunnerCase))
