import { spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase } from '../../server/db/index.ts'
import { freshDatabase, type FreshDatabase } from './helpers/databases.ts'

describe('the embedded database directory', () => {
  let database: FreshDatabase
  afterEach(async () => {
    await database?.drop()
  })

  it('refuses a second server in the same process', async () => {
    database = await freshDatabase('pglite')
    const first = await openDatabase(database)
    try {
      await expect(openDatabase(database)).rejects.toThrow(/is in use by another server/)
    } finally {
      await first.close()
    }
    // Closed, the directory is free again.
    const again = await openDatabase(database)
    await again.close()
  })

  it('refuses a directory another live process holds', async () => {
    database = await freshDatabase('pglite')
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'])
    try {
      await fs.writeFile(path.join(database.dataDir, 'server.pid'), `${other.pid}\n`)
      await expect(openDatabase(database)).rejects.toThrow(`process ${other.pid}`)
    } finally {
      other.kill()
    }
  })

  it('takes over the claim of a process that is gone', async () => {
    database = await freshDatabase('pglite')
    const gone = spawn(process.execPath, ['-e', ''])
    await new Promise((resolve) => gone.once('exit', resolve))
    await fs.writeFile(path.join(database.dataDir, 'server.pid'), `${gone.pid}\n`)
    const db = await openDatabase(database)
    expect(await fs.readFile(path.join(database.dataDir, 'server.pid'), 'utf8')).toBe(`${process.pid}\n`)
    await db.close()
  })
})
