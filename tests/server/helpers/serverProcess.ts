// The server as `npm start` runs it: server/main.ts in a process of its own, with only the environment given.
// For what only a whole process shows: its exit status and output when it refuses to start, and the file
// modes it leaves in DATA_DIR with the umask main.ts sets. Node 20 cannot run the TypeScript sources, so
// main.ts is bundled with esbuild as the product's build bundles it.
import { spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
// Inside the repository, so that the bundle's imports of packages resolve to its node_modules.
const BUNDLE_DIR = path.join(ROOT, 'node_modules/.tmp')
const START_TIMEOUT_MS = 60_000

let bundled: Promise<Uint8Array> | undefined

function bundleMain(): Promise<Uint8Array> {
  bundled ??= build({
    entryPoints: [path.join(ROOT, 'server/main.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    write: false,
    logLevel: 'warning',
  }).then((result) => {
    const output = result.outputFiles[0]
    if (!output) throw new Error('esbuild wrote no bundle of server/main.ts')
    return output.contents
  })
  return bundled
}

export interface ServerProcess {
  /** The server's address once it listens; undefined when it ended first. */
  url: string | undefined
  /** The exit code once it has ended (null: ended by a signal); undefined while it runs. */
  readonly exitCode: number | null | undefined
  stdout(): string
  stderr(): string
  /** Stops a running server (SIGTERM, as a supervisor would) and waits for it to end. */
  stop(): Promise<void>
}

/** Starts main.ts with exactly this environment; resolves once it listens or has ended. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const code = await bundleMain()
  await fs.mkdir(BUNDLE_DIR, { recursive: true })
  const entry = path.join(BUNDLE_DIR, `server-main-${process.pid}-${crypto.randomUUID()}.mjs`)
  await fs.writeFile(entry, code)
  const child = spawn(process.execPath, [entry], {
    env: { PATH: process.env.PATH ?? '', PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text))
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text))
  let exitCode: number | null | undefined
  const ended = new Promise<void>((resolve) =>
    child.once('exit', (status) => {
      exitCode = status
      void fs.rm(entry, { force: true }).then(resolve)
    }),
  )

  // Fastify says where it listens ("Server listening at http://127.0.0.1:<port>") once the socket is open.
  const listening = async (): Promise<string> => {
    const deadline = Date.now() + START_TIMEOUT_MS
    for (;;) {
      const match = /"msg":"Server listening at (http:\/\/127\.0\.0\.1:\d+)"/.exec(stdout)
      if (match?.[1]) return match[1]
      if (exitCode !== undefined) throw new Error('ended')
      if (Date.now() > deadline) throw new Error(`the server did not start within ${START_TIMEOUT_MS} ms`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
  let url: string | undefined
  try {
    url = await listening()
  } catch (error) {
    if (exitCode === undefined) {
      child.kill('SIGKILL')
      await ended
      throw error
    }
  }

  return {
    url,
    get exitCode() {
      return exitCode
    },
    stdout: () => stdout,
    stderr: () => stderr,
    async stop() {
      if (exitCode === undefined) child.kill('SIGTERM')
      await ended
    },
  }
}
