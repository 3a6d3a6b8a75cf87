// How busy the machine's cores were over a stretch of a bench, from the kernel's counters (/proc/stat): a
// figure near 100% says the run was bound by the CPU, not by the link it measures. Linux only; elsewhere it
// answers undefined and the bench prints no figure.
import fs from 'node:fs'

export interface CpuTicks {
  busy: number
  total: number
}

/** The ticks all cores have spent so far, busy and in all (idle and waiting on I/O count as not busy). */
export function cpuTicks(): CpuTicks | undefined {
  let line: string | undefined
  try {
    line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]
  } catch {
    return undefined
  }
  if (!line?.startsWith('cpu ')) return undefined
  const fields = line.trim().split(/\s+/).slice(1).map(Number)
  const total = fields.reduce((sum, value) => sum + value, 0)
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0)
  return { busy: total - idle, total }
}

/** The share of all cores' time that was busy between two readings, 0 to 1. */
export function busyShare(before: CpuTicks | undefined, after: CpuTicks | undefined): number | undefined {
  if (!before || !after || after.total === before.total) return undefined
  return (after.busy - before.busy) / (after.total - before.total)
}
