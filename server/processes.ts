// Whether a process of this machine still runs: the test of every claim a process leaves on disk (the
// embedded database's pid file, a server's temporary directory), so a crashed owner's claim can be taken over.

/** True when the process runs (EPERM: it runs as another user). */
export function isProcessRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
