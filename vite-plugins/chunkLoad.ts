// Sends every dynamic import of the app (src/) through loadChunk (src/lib/chunkLoad.ts), which applies the
// spec's chunk load timeout and turns failures into ChunkLoadErrors.
//
// TanStack Router's autoCodeSplitting writes the route components' imports itself (`() => import(
// './account.tsx?tsr-split=component')`, handed to lazyRouteComponent) and offers no option to wrap them, so
// this plugin works one level down, on the import expressions Vite sees, after the router plugin and the
// TypeScript transform (enforce: 'post'). It catches React.lazy and the test hooks' imports the same way.
//
// loadChunk needs the chunk's name and address, which exist only once the bundle is cut. The transform
// therefore leaves two string placeholders per import, and renderChunk replaces them with the chunk's name
// and its file name. At that stage file names still carry Rolldown's hash placeholders (`!~{00r}~`), which
// the bundler fills in afterwards, so each chunk's content hash also covers the addresses written into it.
// In the dev server the module's own URL is the address, and the placeholders are filled in at once.
import path from 'node:path'
import MagicString from 'magic-string'
import { parseSync, type Plugin } from 'vite'

const RUNTIME = 'src/lib/chunkLoad.ts'
const PLACEHOLDER = /(["'`])__media_console_chunk_(name|request)__:(\d+)\1/g

export function chunkLoad(): Plugin {
  let root = process.cwd()
  let base = '/'
  let building = false
  // Modules imported dynamically, by the number their placeholders carry.
  const targets: string[] = []
  const numberOf = (id: string) => {
    const known = targets.indexOf(id)
    return known === -1 ? targets.push(id) - 1 : known
  }

  return {
    name: 'media-console:chunk-load',
    enforce: 'post',
    configResolved(config) {
      root = config.root
      base = config.base
      building = config.command === 'build'
    },
    transform: {
      filter: { id: /\/src\/.*\.[cm]?[jt]sx?(\?.*)?$/, code: 'import(' },
      async handler(code, id) {
        const file = id.split('?')[0] ?? id
        const inApp = file.startsWith(path.join(root, 'src') + path.sep)
        if (!inApp || file === path.join(root, RUNTIME)) return null
        const { module } = parseSync(id, code)
        const edits = new MagicString(code)
        let wrapped = 0
        for (const dynamic of module.dynamicImports) {
          const specifier = code.slice(dynamic.moduleRequest.start, dynamic.moduleRequest.end)
          const literal = /^(["'`])([^"'`$]+)\1$/.exec(specifier)
          if (!literal?.[2]) continue // a computed specifier names no chunk of its own
          const target = await this.resolve(literal[2], id)
          if (!target || target.external) continue
          let name: string, request: string
          if (building) {
            const number = numberOf(target.id)
            name = JSON.stringify(`__media_console_chunk_name__:${number}`)
            request = JSON.stringify(`__media_console_chunk_request__:${number}`)
          } else {
            const targetFile = target.id.split('?')[0] ?? target.id
            name = JSON.stringify(path.basename(targetFile).replace(/\.[^.]*$/, ''))
            request = JSON.stringify(base + path.relative(root, target.id).split(path.sep).join('/'))
          }
          edits.appendLeft(dynamic.start, '__loadChunk(() => ')
          edits.appendRight(dynamic.end, `, ${name}, ${request})`)
          wrapped++
        }
        if (wrapped === 0) return null
        edits.prepend(
          `import { loadChunk as __loadChunk } from ${JSON.stringify(path.join(root, RUNTIME))};\n`,
        )
        return { code: edits.toString(), map: edits.generateMap({ hires: 'boundary', source: id }) }
      },
    },
    renderChunk(code, _chunk, _options, { chunks }) {
      if (!code.includes('__media_console_chunk_')) return null
      const chunkOf = new Map<string, { name: string; fileName: string }>()
      for (const chunk of Object.values(chunks)) {
        for (const moduleId of chunk.moduleIds) chunkOf.set(moduleId, chunk)
      }
      const edits = new MagicString(code)
      for (const match of code.matchAll(PLACEHOLDER)) {
        const [placeholder, , field, number] = match
        const target = targets[Number(number)]
        const chunk = target === undefined ? undefined : chunkOf.get(target)
        if (!chunk) this.error(`chunk-load: no chunk holds ${target ?? `import number ${number}`}`)
        const value = field === 'name' ? chunk.name : base + chunk.fileName
        edits.overwrite(match.index, match.index + placeholder.length, JSON.stringify(value))
      }
      return { code: edits.toString(), map: edits.generateMap({ hires: 'boundary' }) }
    },
  }
}
