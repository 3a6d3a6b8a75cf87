// DATA_DIR holds what no other user of the machine may read: the server key, sign-in codes in the outbox,
// the embedded database and every stored object. Everything in it is the server's user's alone:
// directories 0700, files 0600. Four things keep it so:
// - the product's own writers (the local store, the outbox, the key, the data dir's lock) give those modes
//   themselves, so they hold under any umask, as when the server is built inside another process (tests);
// - the entry points (main.ts, jobsCli.ts, scripts/start.mjs) set the umask to 0o077 before anything is
//   written, for files libraries write with default modes;
// - PGlite unpacks its initial cluster with explicit modes (files 0666), which no umask narrows, so its
//   directory's tree is narrowed after it opens (db/pglite.ts);
// - an existing DATA_DIR is narrowed at start: itself, the directories the server keeps in it, and the key.
//   Files an earlier version wrote deeper keep their modes, but no one else can reach them through 0700.
import fs from 'node:fs/promises'
import path from 'node:path'

export const PRIVATE_DIR_MODE = 0o700
export const PRIVATE_FILE_MODE = 0o600
/** New files and directories: nothing for group or others. */
export const PRIVATE_UMASK = 0o077

/** What DATA_DIR holds directly (db/pglite.ts, storage/local.ts, storage/tempDirs.ts, mail/outbox.ts). */
const DATA_DIR_DIRECTORIES = ['pgdata', 'objects', 'uploads', 'tmp', 'outbox']
const DATA_DIR_FILES = ['server.key', 'server.pid']

export interface PrivateFilesLog {
  warn(obj: object, msg: string): void
}

/** For the entry points: files this process creates from now on are its user's alone. */
export function restrictNewFiles(): void {
  process.umask(PRIVATE_UMASK)
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT'

async function narrow(file: string, mode: number): Promise<void> {
  try {
    const stat = await fs.lstat(file)
    if (!stat.isSymbolicLink() && (stat.mode & 0o777) !== mode) await fs.chmod(file, mode)
  } catch (error) {
    if (!isMissing(error)) throw error
  }
}

/**
 * Creates DATA_DIR (0700) or narrows an existing one, with the directories and files the server keeps in it.
 * A DATA_DIR of another user (EPERM) is left as it is, with a warning: the server can still use it.
 */
export async function secureDataDir(dir: string, log: PrivateFilesLog): Promise<void> {
  await fs.mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE })
  try {
    await narrow(dir, PRIVATE_DIR_MODE)
    for (const name of DATA_DIR_DIRECTORIES) await narrow(path.join(dir, name), PRIVATE_DIR_MODE)
    for (const name of DATA_DIR_FILES) await narrow(path.join(dir, name), PRIVATE_FILE_MODE)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error
    log.warn(
      { dataDir: dir },
      'DATA_DIR belongs to another user, so its modes cannot be narrowed: make it the server user’s, mode 0700',
    )
  }
}

/** Narrows every directory under dir (itself included) to 0700 and every file to 0600. */
export async function restrictTree(dir: string): Promise<void> {
  const stat = await fs.lstat(dir)
  if (stat.isSymbolicLink()) return
  if (!stat.isDirectory()) return narrow(dir, PRIVATE_FILE_MODE)
  await narrow(dir, PRIVATE_DIR_MODE)
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) await restrictTree(file)
    else if (entry.isFile()) await narrow(file, PRIVATE_FILE_MODE)
  }
}
