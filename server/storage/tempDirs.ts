// Each server keeps its bytes in flight in a directory of its own under DATA_DIR/tmp, named after its owner:
// `<host>~<pid namespace>~<pid>~<random>`, with a heartbeat file it rewrites every HEARTBEAT_MS. Whatever a
// server leaves there when it dies is removed by any live server as soon as it can tell the owner is gone:
// - on the same machine (host name and pid namespace alike), when the pid no longer runs, or is this very
//   process without having opened that directory (a restarted container keeps pid 1 and its host name);
// - elsewhere (servers on several machines sharing DATA_DIR), when the heartbeat has been silent for
//   OWNER_GONE_MS, judged against this server's own heartbeat, both stamped by the file system's clock.
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../privateFiles.ts'
import { isProcessRunning } from '../processes.ts'

const HEARTBEAT_MS = 30_000
export const OWNER_GONE_MS = 5 * HEARTBEAT_MS
export const HEARTBEAT_FILE = 'alive'
/** Loose temporary files (of servers before per-server directories) untouched this long belong to no upload. */
const STALE_LOOSE_FILE_MS = 24 * 60 * 60_000
/** Host names hold no '~'. */
const OWNER_DIR_PATTERN = /^(.+)~(\d+)~(\d+)~[0-9a-f]{16}$/

/** The directories this process has open: its own pid on another directory means a previous life. */
const openHere = new Set<string>()

/** The pid namespace this process runs in (its inode), so that containers sharing a host name differ. */
async function pidNamespace(): Promise<string> {
  const link = await fs.readlink('/proc/self/ns/pid').catch(() => '')
  return /\[(\d+)\]/.exec(link)?.[1] ?? '0'
}

export class OwnedTempDir {
  private timer: NodeJS.Timeout | undefined

  private constructor(
    private readonly root: string,
    /** This server's own directory. */
    readonly dir: string,
    private readonly machine: { host: string; namespace: string },
  ) {}

  static async open(root: string): Promise<OwnedTempDir> {
    const machine = { host: os.hostname(), namespace: await pidNamespace() }
    const name = `${machine.host}~${machine.namespace}~${process.pid}~${crypto.randomBytes(8).toString('hex')}`
    const owned = new OwnedTempDir(root, path.join(root, name), machine)
    openHere.add(owned.dir)
    await owned.sweep()
    owned.timer = setInterval(() => void owned.sweep().catch(() => {}), HEARTBEAT_MS)
    owned.timer.unref()
    return owned
  }

  /** Beats (recreating the directory should anything have removed it), then removes what the dead left. */
  private async sweep(): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true, mode: PRIVATE_DIR_MODE })
    const heartbeat = path.join(this.dir, HEARTBEAT_FILE)
    await fs.writeFile(heartbeat, String(process.pid), { mode: PRIVATE_FILE_MODE })
    const now = (await fs.stat(heartbeat)).mtimeMs
    for (const name of await fs.readdir(this.root)) {
      const entry = path.join(this.root, name)
      if (entry !== this.dir && (await this.isLeftover(name, entry, now))) {
        await fs.rm(entry, { recursive: true, force: true })
      }
    }
  }

  private async isLeftover(name: string, entry: string, now: number): Promise<boolean> {
    const owner = OWNER_DIR_PATTERN.exec(name)
    if (!owner) {
      if (!name.endsWith('.incoming')) return false
      const stat = await fs.stat(entry).catch(() => undefined)
      return stat !== undefined && now - stat.mtimeMs > STALE_LOOSE_FILE_MS
    }
    const [, host, namespace, pidText] = owner
    if (host === this.machine.host && namespace === this.machine.namespace) {
      const pid = Number(pidText)
      return pid === process.pid ? !openHere.has(entry) : !isProcessRunning(pid)
    }
    const beat = await fs
      .stat(path.join(entry, HEARTBEAT_FILE))
      .catch(() => fs.stat(entry).catch(() => undefined))
    return beat === undefined || now - beat.mtimeMs > OWNER_GONE_MS
  }

  async close(): Promise<void> {
    clearInterval(this.timer)
    openHere.delete(this.dir)
    await fs.rm(this.dir, { recursive: true, force: true })
  }
}
