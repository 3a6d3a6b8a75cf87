// What a browser writes to disk, read from the kernel's I/O counters of its processes (/proc/<pid>/io, Linux
// only). write_bytes is charged to the process that dirties a page of the page cache, at the moment it does,
// so bytes not yet written back are counted too; cancelled_write_bytes is what the process truncated or
// deleted before the page reached the disk. The browser is found by its --user-data-dir, and every process
// under it is summed: the renderers write a sync access handle's bytes themselves, the browser process a
// writable's. A child that exits is reaped by its parent, which takes over its counters, so the sum over the
// tree loses nothing when a reload replaces a renderer.
import fs from 'node:fs'
import { run } from './product.ts'

export interface DiskWrites {
  /** Bytes dirtied in the page cache (write_bytes). */
  written: number
  /** Bytes dropped before writeback (cancelled_write_bytes). */
  cancelled: number
}

interface ProcessInfo {
  pid: number
  parent: number
  commandLine: string
}

function readProcess(pid: number): ProcessInfo | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command name in parentheses may hold spaces and parentheses: the fields after it are what counts.
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
    const commandLine = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ')
    return { pid, parent, commandLine }
  } catch {
    return undefined // it ended while the list was being read
  }
}

/** The processes started with this user data directory, and all their descendants. */
function browserProcesses(userDataDir: string): number[] {
  const all = fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map((entry) => readProcess(Number(entry)))
    .filter((info) => info !== undefined)
  const children = new Map<number, number[]>()
  for (const info of all) children.set(info.parent, [...(children.get(info.parent) ?? []), info.pid])
  const found = new Set<number>()
  const visit = (pid: number) => {
    if (found.has(pid)) return
    found.add(pid)
    for (const child of children.get(pid) ?? []) visit(child)
  }
  for (const info of all) if (info.commandLine.includes(`--user-data-dir=${userDataDir}`)) visit(info.pid)
  return [...found]
}

function counter(io: string, name: string): number {
  return Number(new RegExp(`^${name}: (\\d+)$`, 'm').exec(io)?.[1] ?? 0)
}

/** The counters summed over the browser that runs with this user data directory. */
export function browserDiskWrites(userDataDir: string): DiskWrites {
  const pids = browserProcesses(userDataDir)
  if (pids.length === 0) throw new Error(`no browser runs with the user data directory ${userDataDir}`)
  const sum: DiskWrites = { written: 0, cancelled: 0 }
  for (const pid of pids) {
    let io: string
    try {
      io = fs.readFileSync(`/proc/${pid}/io`, 'utf8')
    } catch {
      continue // ended and reaped since the list: its parent holds its counters now
    }
    sum.written += counter(io, 'write_bytes')
    sum.cancelled += counter(io, 'cancelled_write_bytes')
  }
  return sum
}

export function writesBetween(before: DiskWrites, after: DiskWrites): DiskWrites {
  return { written: after.written - before.written, cancelled: after.cancelled - before.cancelled }
}

/**
 * Writes every dirty page back (`sync`) and answers how long that took, in milliseconds. A bench calls it
 * between runs, so the writeback one run left pending does not slow the next.
 */
export async function flushDisk(): Promise<number> {
  const started = performance.now()
  await run('sync')
  return performance.now() - started
}
