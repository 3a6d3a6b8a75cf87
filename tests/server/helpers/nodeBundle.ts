// A TypeScript entry of the repository bundled with esbuild for a thread or a process of its own, as the
// product's build bundles the server: Node 20 cannot run the TypeScript sources there. Each entry is bundled
// once per test file; each start writes its own copy, removed by the caller when it is done.
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
// Inside the repository, so that the bundle's imports of packages resolve to its node_modules.
const BUNDLE_DIR = path.join(ROOT, 'node_modules/.tmp')

const bundles = new Map<string, Promise<Uint8Array>>()

function bundleOf(entry: string): Promise<Uint8Array> {
  let bundled = bundles.get(entry)
  if (!bundled) {
    bundled = build({
      entryPoints: [path.join(ROOT, entry)],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      write: false,
      logLevel: 'warning',
    }).then((result) => {
      const output = result.outputFiles[0]
      if (!output) throw new Error(`esbuild wrote no bundle of ${entry}`)
      return output.contents
    })
    bundles.set(entry, bundled)
  }
  return bundled
}

/** Writes a fresh copy of the entry's bundle (a path from the repository's root); answers its file. */
export async function writeBundle(entry: string, label: string): Promise<string> {
  const code = await bundleOf(entry)
  await fs.mkdir(BUNDLE_DIR, { recursive: true })
  const file = path.join(BUNDLE_DIR, `${label}-${process.pid}-${crypto.randomUUID()}.mjs`)
  await fs.writeFile(file, code)
  return file
}
