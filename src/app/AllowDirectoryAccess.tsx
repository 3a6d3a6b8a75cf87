// After a reload the browser may want the user's permission again to write into a chosen directory; the
// download queue waits until it is given (asking needs the user's click). The console's queue and a share
// link visitor's keep their handles in databases of their own, named here.
import { askHandleAccess } from '../transfers/handleAccess.ts'
import type { DownloadManager } from '../transfers/downloads.ts'

interface AllowDirectoryAccessProps {
  names: string[]
  manager: DownloadManager
  /** The queue's database (src/transfers/queueStore.ts), where its directories' handles are kept. */
  databaseName: string
  className?: string
}

export function AllowDirectoryAccess({ names, manager, databaseName, className }: AllowDirectoryAccessProps) {
  async function allow() {
    const { openQueueStore } = await import('../transfers/queueStore.ts')
    const store = await openQueueStore(databaseName)
    const { handles } = await store.loadDownloads()
    store.close()
    // Each item's record holds its own copy of the directory's handle: ask once per directory name.
    const asked = new Set<string>()
    for (const dir of handles.values()) {
      if (asked.has(dir.name) || !names.includes(dir.name)) continue
      asked.add(dir.name)
      await askHandleAccess(dir, 'readwrite')
    }
    manager.send({ type: 'access_granted' })
  }
  return (
    <div className={className ? `notice ${className}` : 'notice'} role="alert">
      <p>
        The browser needs your permission again to save into {names.map((name) => `'${name}'`).join(', ')}.
      </p>
      <button type="button" className="button" onClick={() => void allow()}>
        Allow Access
      </button>
    </div>
  )
}
