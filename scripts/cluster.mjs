// N server processes on one machine sharing one port, with node's cluster module: the primary holds the
// listening socket and hands each new connection to a worker in turn; each worker is the whole server
// (server/main.ts as built). What must hold for that:
// - The first worker starts alone, and the others only once it listens: it applies the migrations (under
//   their advisory lock, safe anyway) and, without SERVER_KEY, makes DATA_DIR/server.key and pins it in the
//   database, so the others start on a migrated database and read the key it wrote rather than racing it.
// - A worker that ends while the cluster runs is started again, after a pause that grows while workers keep
//   ending soon after they start. A worker that ends with status 2 before it ever listened refused its
//   configuration (a bad setting, another key, a claimed DATA_DIR): every other would too, so the cluster
//   stops with that status instead of restarting it forever.
// - SIGTERM or SIGINT to the primary is passed on to every worker as SIGTERM; each drains itself (main.ts)
//   and the primary exits once all have ended.
import cluster from 'node:cluster'

/** A worker that ends sooner than this after it started counts as a crash loop: the pause before the next start doubles. */
const STEADY_MS = 10_000
const FIRST_PAUSE_MS = 500
const LONGEST_PAUSE_MS = 30_000
/** main.ts's status for a server started wrongly (configuration, server key, DATA_DIR in use). */
const REFUSED = 2

/**
 * Runs `processes` workers of the server file `entry` in this process's cluster, with this process's
 * environment. Answers once the cluster has stopped: with the status the primary should exit with.
 */
export function runCluster({ processes, entry, log = (line) => console.log(`serve: ${line}`) }) {
  cluster.setupPrimary({ exec: entry })
  return new Promise((resolve) => {
    let stopping = false
    let pause = FIRST_PAUSE_MS
    let exitStatus = 0
    let othersStarted = false
    /** Workers running or starting, by cluster id. */
    const running = new Map()

    const finishIfDone = () => {
      if (stopping && running.size === 0) resolve(exitStatus)
    }

    const stop = (why, status = 0) => {
      if (stopping) return
      stopping = true
      exitStatus = status
      log(`${why}: stopping ${running.size} server process${running.size === 1 ? '' : 'es'}`)
      for (const worker of running.values()) worker.process.kill('SIGTERM')
      finishIfDone()
    }

    const start = (slot) => {
      const worker = cluster.fork()
      const startedAt = Date.now()
      let listened = false
      running.set(worker.id, worker)
      worker.once('listening', () => {
        listened = true
        log(`process ${slot} (pid ${worker.process.pid}) is listening`)
        // The first worker has migrated the database and settled the key: the others may start (once: a
        // first worker started again finds them running).
        if (slot === 1 && !stopping && !othersStarted) {
          othersStarted = true
          for (let next = 2; next <= processes; next++) start(next)
        }
      })
      worker.once('exit', (code, signal) => {
        running.delete(worker.id)
        const how = signal ? `signal ${signal}` : `status ${code}`
        if (stopping) return finishIfDone()
        if (!listened && code === REFUSED) return stop(`process ${slot} refused to start (${how})`, REFUSED)
        pause = Date.now() - startedAt < STEADY_MS ? Math.min(pause * 2, LONGEST_PAUSE_MS) : FIRST_PAUSE_MS
        log(`process ${slot} (pid ${worker.process.pid}) ended (${how}); starting it again in ${pause} ms`)
        setTimeout(() => {
          if (!stopping) start(slot)
        }, pause)
      })
    }

    process.on('SIGTERM', () => stop('SIGTERM'))
    process.on('SIGINT', () => stop('SIGINT'))
    start(1)
  })
}
