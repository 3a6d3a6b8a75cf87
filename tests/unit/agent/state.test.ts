// The agent's state folder: owner-only files replaced in one step, one sync per mount at a time, and a
// mount's state that starts over where it belonged to another folder, server or device.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  MountBusyError,
  StateStore,
  defaultStateDir,
  mountStateFor,
  type MountState,
} from '../../../agent/state.ts'

let dir: string
beforeEach(() => {
  dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'agent-state-')), 'home')
})
afterEach(() => {
  fs.rmSync(path.dirname(dir), { recursive: true, force: true })
})

const mode = (file: string) => fs.statSync(file).mode & 0o777

const mountState = (overrides: Partial<MountState> = {}): MountState => ({
  media_grant_id: 7,
  grant_name: 'Projects',
  server: 'http://localhost:8080',
  device_id: 3,
  folder: '/home/me/Projects',
  files: {
    'a/clip.mov': { size: 10, mtime_ms: 1000, hash: 'a'.repeat(64), synced_hash: 'a'.repeat(64) },
    'b.txt': { size: 2, mtime_ms: 2000, hash: 'b'.repeat(64), part_hashes: ['c'.repeat(64)] },
  },
  reported: ['a'.repeat(64)],
  ...overrides,
})

describe('the state folder', () => {
  it('defaults to MEDIA_AGENT_HOME, else ~/.media-agent', () => {
    expect(defaultStateDir({ MEDIA_AGENT_HOME: '/tmp/elsewhere' })).toBe('/tmp/elsewhere')
    expect(defaultStateDir({})).toBe(path.join(os.homedir(), '.media-agent'))
  })

  it('keeps the config, the heartbeat and each mount in files only the owner can read', () => {
    const store = new StateStore(dir)
    expect(store.readConfig()).toEqual({})
    expect(store.readMount(7)).toBeUndefined()
    expect(store.listMounts()).toEqual([])
    store.writeConfig({ server: 'http://localhost:8080', email: 'a@example.com', session_key: 'secret' })
    store.writeHeartbeat({
      at: '2026-01-01T00:00:00.000Z',
      server: 'http://x',
      device_id: 3,
      version: '1.0.0',
      error: 'device_disabled',
    })
    store.writeMount(mountState())
    store.writeMount(mountState({ media_grant_id: 2, grant_name: 'Other' }))

    expect(mode(dir)).toBe(0o700)
    for (const name of ['config.json', 'heartbeat.json', 'mount-7.json', 'mount-2.json']) {
      expect(mode(path.join(dir, name)), name).toBe(0o600)
    }
    // Nothing half-written stays beside them.
    expect(fs.readdirSync(dir).sort()).toEqual([
      'config.json',
      'heartbeat.json',
      'mount-2.json',
      'mount-7.json',
    ])

    const again = new StateStore(dir)
    expect(again.readConfig()).toEqual({
      server: 'http://localhost:8080',
      email: 'a@example.com',
      session_key: 'secret',
    })
    expect(again.readHeartbeat()?.error).toBe('device_disabled')
    expect(again.readMount(7)).toEqual(mountState())
    expect(again.listMounts().map((mount) => mount.media_grant_id)).toEqual([2, 7])
  })

  it('narrows a file that was readable by others when it is written again', () => {
    const store = new StateStore(dir)
    store.writeConfig({ email: 'a@example.com' })
    fs.chmodSync(path.join(dir, 'config.json'), 0o644)
    store.writeConfig({ email: 'b@example.com' })
    expect(mode(path.join(dir, 'config.json'))).toBe(0o600)
  })

  it('says which file is not readable state instead of starting over silently', () => {
    const store = new StateStore(dir)
    store.writeConfig({})
    fs.writeFileSync(path.join(dir, 'config.json'), '{ not json')
    expect(() => store.readConfig()).toThrow(/config\.json is not readable state/)
  })

  it('lets one sync of a mount run at a time, and takes over the lock of a process that is gone', () => {
    const store = new StateStore(dir)
    const release = store.lockMount(7)
    expect(() => store.lockMount(7)).toThrow(MountBusyError)
    // Another mount is not held by it.
    store.lockMount(8)()
    release()
    store.lockMount(7)()

    // A lock left by a killed run: its process no longer exists.
    const gone = spawnSync(process.execPath, ['-e', '0']).pid
    fs.writeFileSync(path.join(dir, 'mount-7.lock'), String(gone))
    const taken = store.lockMount(7)
    expect(fs.readFileSync(path.join(dir, 'mount-7.lock'), 'utf8')).toBe(String(process.pid))
    taken()
    expect(fs.existsSync(path.join(dir, 'mount-7.lock'))).toBe(false)
  })
})

describe("a mount's state for a sync", () => {
  const current = {
    media_grant_id: 7,
    grant_name: 'Projects renamed',
    server: 'http://localhost:8080',
    device_id: 3,
    folder: '/home/me/Projects',
  }

  it('starts empty when nothing was kept', () => {
    expect(mountStateFor(undefined, current)).toEqual({ ...current, files: {}, reported: [] })
  })

  it('keeps everything for the same folder, server and device, taking the new container name', () => {
    const kept = mountState({ last_sync: { at: 'x', result: 'done', uploaded: 1, downloaded: 0, failed: 0 } })
    expect(mountStateFor(kept, current)).toEqual({ ...kept, grant_name: 'Projects renamed' })
  })

  it('keeps only what was reported for another folder of the same device', () => {
    const kept = mountState()
    expect(mountStateFor(kept, { ...current, folder: '/elsewhere' })).toEqual({
      ...current,
      folder: '/elsewhere',
      files: {},
      reported: kept.reported,
    })
  })

  it('keeps the file hashes but not what was synced or reported for another device or server', () => {
    const kept = mountState()
    for (const other of [{ device_id: 4 }, { server: 'https://media.example.com' }]) {
      const state = mountStateFor(kept, { ...current, ...other })
      expect(state.reported).toEqual([])
      expect(state.files).toEqual({
        'a/clip.mov': { size: 10, mtime_ms: 1000, hash: 'a'.repeat(64) },
        'b.txt': { size: 2, mtime_ms: 2000, hash: 'b'.repeat(64) },
      })
    }
  })
})
