// The embedded database serves one process: two servers writing one PGlite directory would corrupt it.
// A pid file in DATA_DIR claims the directory; a claim whose process is gone (a crash, a kill) is stale
// and taken over.
import fs from 'node:fs/promises'
import path from 'node:path'
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../privateFiles.ts'
import { isProcessRunning } from '../processes.ts'

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError'
}

const claimedHere = new Set<string>()

function inUse(dir: string, pid: number): DataDirInUseError {
  return new DataDirInUseError(
    `DATA_DIR ${dir} is in use by another server (process ${pid}). The embedded database serves one ` +
      'process: stop the other server, give this one its own DATA_DIR, or set DATABASE_URL to share PostgreSQL.',
  )
}

/** Claims dir for this process; answers the function that gives it up. */
export async function claimDataDir(dir: string): Promise<() => Promise<void>> {
  const file = path.join(dir, 'server.pid')
  if (claimedHere.has(file)) throw inUse(dir, process.pid)
  await fs.mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE })
  for (;;) {
    try {
      await fs.writeFile(file, `${process.pid}\n`, { flag: 'wx', mode: PRIVATE_FILE_MODE })
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    const pid = Number((await fs.readFile(file, 'utf8').catch(() => '')).trim())
    // Our own pid in the file is a stale claim from before a restart (pid 1 in a container, say): this
    // process has not claimed it, or claimedHere would say so.
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isProcessRunning(pid))
      throw inUse(dir, pid)
    await fs.rm(file, { force: true })
  }
  claimedHere.add(file)
  return async () => {
    claimedHere.delete(file)
    await fs.rm(file, { force: true })
  }
}
