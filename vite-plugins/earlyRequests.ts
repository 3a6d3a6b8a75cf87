// Bundles src/app/earlyRequests.ts into index.html as an inline script, with this build's table of screens: for
// each route, its pattern and the chunks of its component (its layouts' included, with every chunk they import
// statically, less the main chunk the page loads anyway). The page then asks for the first screen's code and
// the session's first answers while the main chunk is still arriving.
//
// Routes and their files come from the router's generated tree (src/routeTree.gen.ts); their chunks from the
// bundle, where each route's split component is a chunk whose module is `<route file>?tsr-split=component`.
// The content security policy allows this script by its hash, which the server reads from the built
// index.html (server/http/appShell.ts).
import fs from 'node:fs'
import path from 'node:path'
import { rolldown, type OutputBundle, type OutputChunk } from 'rolldown'
import type { Plugin } from 'vite'
import { endpoints } from '../server/contract/endpoints.ts'
import type { EarlyTable } from '../src/app/earlyRequests.ts'

const ROOT = path.resolve(import.meta.dirname, '..')
const BOOT_SOURCE = path.join(ROOT, 'src/app/earlyRequests.ts')
const ROUTE_TREE = path.join(ROOT, 'src/routeTree.gen.ts')

/** The calls the page asks for early, by their paths in the contract (EarlyTable's `calls` says which). */
export const EARLY_CALLS: EarlyTable['calls'] = {
  config: endpoints.clientConfig.path,
  currentUser: endpoints.currentUser.path,
}

/** A route's split component chunk: its module is the route file with the router plugin's query. */
const SPLIT_COMPONENT = /\/src\/(routes\/.+)\.tsx\?tsr-split=component$/

/** Route ids and the files that define them, read from the generated route tree. */
export function readRouteFiles(routeTree: string): Map<string, string> {
  const fileOfImport = new Map<string, string>()
  for (const [, name, file] of routeTree.matchAll(
    /^import \{ Route as (\w+) \} from '\.\/(routes\/[^']+)'$/gm,
  ))
    fileOfImport.set(name as string, file as string)
  const byId = /export interface FileRoutesById \{([^}]*)\}/.exec(routeTree)?.[1]
  if (!byId)
    throw new Error('src/routeTree.gen.ts has no FileRoutesById: the router plugin changed its output')
  const files = new Map<string, string>()
  for (const [, quoted, bare, variable] of byId.matchAll(/^\s*(?:'([^']+)'|(\w+)): typeof (\w+)$/gm)) {
    const id = (quoted ?? bare) as string
    // A route variable is `<Name>Route` (or `<Name>RouteWithChildren`), imported as `<Name>RouteImport`.
    const imported = (variable as string).replace(/(WithChildren)?$/, '').replace(/(Import)?$/, 'Import')
    const file = fileOfImport.get(imported)
    if (file) files.set(id, file)
  }
  return files
}

/**
 * The URL pattern of a route id: the id less its pathless layout segments (/_app/home/ is /home/), and less
 * the mark of a segment whose route leaves its parent's layout (/_app/_admin/org_/app/$appId is /org/app/$appId).
 */
export function patternOf(routeId: string): string {
  const pattern = routeId
    .split('/')
    .filter((segment) => !segment.startsWith('_'))
    .map((segment) => segment.replace(/_$/, ''))
    .join('/')
  return pattern.startsWith('/') ? pattern : `/${pattern}`
}

/** The signed-in area's layout route (src/routes/_app/route.tsx), whose guard needs a session. */
const SIGNED_IN_AREA = '/_app'

function isSignedInArea(routeId: string): boolean {
  return routeId === SIGNED_IN_AREA || routeId.startsWith(`${SIGNED_IN_AREA}/`)
}

/** The ids of a route's layouts: the root, and every other id its own begins with, segment by segment. */
function layoutsOf(routeId: string, ids: Iterable<string>): string[] {
  return [...ids].filter((id) => id === '__root__' || (id !== routeId && routeId.startsWith(`${id}/`)))
}

/** A chunk's file and every chunk it imports statically, the entry excluded (the page loads it already). */
function withStaticImports(bundle: OutputBundle, fileName: string, into: Set<string>): void {
  const chunk = bundle[fileName]
  if (chunk?.type !== 'chunk' || chunk.isEntry || into.has(fileName)) return
  into.add(fileName)
  for (const imported of chunk.imports) withStaticImports(bundle, imported, into)
}

export function buildEarlyTable(
  bundle: OutputBundle,
  routeFiles: Map<string, string>,
  base: string,
): EarlyTable {
  const componentChunkOfFile = new Map<string, string>()
  for (const output of Object.values(bundle)) {
    const match =
      output.type === 'chunk' ? SPLIT_COMPONENT.exec((output as OutputChunk).facadeModuleId ?? '') : null
    if (match) componentChunkOfFile.set(match[1] as string, output.fileName)
  }
  const ids = [...routeFiles.keys()]
  // Layouts are not screens of their own: every id another id extends is left out of the patterns.
  const screens = ids.filter((id) => id !== '__root__' && !ids.some((other) => other.startsWith(`${id}/`)))
  const chunks: string[] = []
  const routes: EarlyTable['routes'] = []
  for (const id of screens) {
    const files = new Set<string>()
    for (const routeId of [...layoutsOf(id, ids), id]) {
      const chunk = componentChunkOfFile.get(routeFiles.get(routeId) as string)
      if (chunk) withStaticImports(bundle, chunk, files)
    }
    const indexes = [...files].map((file) => {
      const url = `${base}${file}`
      if (!chunks.includes(url)) chunks.push(url)
      return chunks.indexOf(url)
    })
    routes.push([patternOf(id), indexes, isSignedInArea(id)])
  }
  return { routes, chunks, calls: EARLY_CALLS }
}

/** The name the boot module's exports have inside the inline script. */
const BOOT = 'earlyRequests'

/** The boot module and what it imports, bundled and minified into a classic script that defines BOOT. */
async function bootScript(): Promise<string> {
  const bundle = await rolldown({
    input: BOOT_SOURCE,
    platform: 'browser',
    logLevel: 'silent',
  })
  try {
    const { output } = await bundle.generate({ format: 'iife', name: BOOT, minify: true })
    return (output[0] as OutputChunk).code.trim()
  } finally {
    await bundle.close()
  }
}

export function earlyRequests(): Plugin {
  return {
    name: 'media-console:early-requests',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html, { bundle }) {
        if (!bundle) return html
        const table = buildEarlyTable(bundle, readRouteFiles(fs.readFileSync(ROUTE_TREE, 'utf8')), '/')
        // JSON in a script: '<' escaped so that no '</script' inside a value could end the element.
        const json = JSON.stringify(table).replace(/</g, '\\u003c')
        // Inside a function of its own, so that the bundle's name stays out of the page's globals.
        const script = `<script>(function(){${await bootScript()}\n${BOOT}.startEarlyRequests(${json})})()</script>`
        // A function, not a string: a replacement string would read the script's `$'` as a pattern.
        return html.replace('</head>', () => `${script}\n  </head>`)
      },
    },
  }
}
