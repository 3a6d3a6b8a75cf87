// What the agent keeps between runs, in one folder (--state-dir, else MEDIA_AGENT_HOME, else
// ~/.media-agent), every file readable by its owner only (0600: it holds a session key and a device token):
// - config.json: the server, the signed-in user's session key and organization, and the registered device;
// - heartbeat.json: the last heartbeat's answer (its own file, so syncs of several mounts at once never
//   write over a login);
// - mount-<media_grant_id>.json: per mount, the synced folder, each file's size, time and hash (so an
//   unchanged file is not read again), the hash it had when last in step with the mount, and the hashes
//   already reported as held (so a report sends only what changed);
// - mount-<media_grant_id>.lock: held while a sync of that mount runs.
// Files are replaced by writing a temporary file and renaming it, so a run that is killed never leaves
// a half-written state behind.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { DeviceSelf } from '../server/contract/device.ts'

export interface DeviceConfig {
  device_id: number
  device_name: string
  device_token: string
  app_id: number
  registered_at: string
}

export interface AgentConfig {
  server?: string
  email?: string
  session_key?: string
  org_id?: number
  org_name?: string
  device?: DeviceConfig
  /** A sign-in code asked for and not traded yet: its attempt's cookie, for login --code. */
  pending_login?: { server: string; email: string; cookie: string }
}

export interface HeartbeatRecord {
  at: string
  server: string
  device_id: number
  version: string
  /** What the server answered; absent when it refused (then error says why). */
  device?: DeviceSelf
  error?: string
}

export interface FileEntry {
  size: number
  mtime_ms: number
  hash: string
  /** Part hashes of a multipart file while its upload is not finished (a resumed upload needs them). */
  part_hashes?: string[]
  /** The mount's hash of this path when this file was last in step with it (uploaded, downloaded or equal). */
  synced_hash?: string
}

export interface SyncSummary {
  at: string
  result: 'done' | 'refused' | 'failed' | 'interrupted'
  message?: string
  uploaded: number
  downloaded: number
  failed: number
}

export interface MountState {
  media_grant_id: number
  grant_name: string
  /** Which server and device the reported holdings were sent to: another one starts them over. */
  server: string
  device_id: number
  folder: string
  /** Keyed by the path relative to the folder, '/' separated. */
  files: Record<string, FileEntry>
  /** The hashes the server was told this device holds in this mount. */
  reported: string[]
  last_sync?: SyncSummary
}

export function defaultStateDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.MEDIA_AGENT_HOME || path.join(os.homedir(), '.media-agent')
}

/** Replaces a file with its new content in one step, readable by the owner only. */
export function writeFileAtomic(file: string, content: string): void {
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`
  // The temporary file is always new, so it gets this mode (a umask only narrows it); the rename then
  // replaces the old file, whatever its mode was.
  fs.writeFileSync(temp, content, { mode: 0o600, flag: 'wx' })
  fs.renameSync(temp, file)
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw new Error(`${file} is not readable state: ${(error as Error).message}`, { cause: error })
  }
}

/** Another sync holds the mount's lock. */
export class MountBusyError extends Error {
  override name = 'MountBusyError'
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

export class StateStore {
  constructor(readonly dir: string) {}

  private ensureDir(): void {
    fs.mkdirSync(this.dir, { recursive: true, mode: 0o700 })
  }

  private file(name: string): string {
    return path.join(this.dir, name)
  }

  readConfig(): AgentConfig {
    return readJson<AgentConfig>(this.file('config.json')) ?? {}
  }

  writeConfig(config: AgentConfig): void {
    this.ensureDir()
    writeFileAtomic(this.file('config.json'), `${JSON.stringify(config, null, 2)}\n`)
  }

  readHeartbeat(): HeartbeatRecord | undefined {
    return readJson<HeartbeatRecord>(this.file('heartbeat.json'))
  }

  writeHeartbeat(record: HeartbeatRecord): void {
    this.ensureDir()
    writeFileAtomic(this.file('heartbeat.json'), `${JSON.stringify(record, null, 2)}\n`)
  }

  private mountFile(mediaGrantId: number): string {
    return this.file(`mount-${mediaGrantId}.json`)
  }

  readMount(mediaGrantId: number): MountState | undefined {
    return readJson<MountState>(this.mountFile(mediaGrantId))
  }

  /** Compact JSON: with 100,000 files the state is written often and should stay small. */
  writeMount(state: MountState): void {
    this.ensureDir()
    writeFileAtomic(this.mountFile(state.media_grant_id), JSON.stringify(state))
  }

  listMounts(): MountState[] {
    let names: string[]
    try {
      names = fs.readdirSync(this.dir)
    } catch {
      return []
    }
    return names
      .map((name) => /^mount-(\d+)\.json$/.exec(name)?.[1])
      .filter((id): id is string => id !== undefined)
      .map((id) => this.readMount(Number(id)))
      .filter((state): state is MountState => state !== undefined)
      .sort((a, b) => a.media_grant_id - b.media_grant_id)
  }

  /**
   * Takes the mount's lock, so two syncs of one mount never write its state over each other; a lock whose
   * process is gone (killed) is taken over. Answers the release.
   */
  lockMount(mediaGrantId: number): () => void {
    this.ensureDir()
    const lock = this.file(`mount-${mediaGrantId}.lock`)
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        fs.writeFileSync(lock, String(process.pid), { flag: 'wx', mode: 0o600 })
        return () => fs.rmSync(lock, { force: true })
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
        const holder = Number(fs.readFileSync(lock, 'utf8').trim())
        if (Number.isInteger(holder) && holder > 0 && isRunning(holder)) {
          throw new MountBusyError(`another sync of mount ${mediaGrantId} is running (process ${holder})`)
        }
        fs.rmSync(lock, { force: true })
      }
    }
    throw new MountBusyError(`the lock of mount ${mediaGrantId} could not be taken`)
  }
}

/**
 * The state of a mount for this sync: the kept one when it is for the same folder, server and device.
 * Another folder keeps nothing of the files; another server or device keeps the file hashes (the bytes are
 * the same) but not what was synced or reported, which belonged to the other side.
 */
export function mountStateFor(
  kept: MountState | undefined,
  current: { media_grant_id: number; grant_name: string; server: string; device_id: number; folder: string },
): MountState {
  const fresh: MountState = { ...current, files: {}, reported: [] }
  if (!kept) return fresh
  const sameSide = kept.server === current.server && kept.device_id === current.device_id
  if (kept.folder !== current.folder) return sameSide ? { ...fresh, reported: kept.reported } : fresh
  if (sameSide) return { ...kept, grant_name: current.grant_name }
  const files: Record<string, FileEntry> = {}
  for (const [rel, entry] of Object.entries(kept.files)) {
    files[rel] = { size: entry.size, mtime_ms: entry.mtime_ms, hash: entry.hash }
  }
  return { ...fresh, files, ...(kept.last_sync ? { last_sync: kept.last_sync } : {}) }
}
