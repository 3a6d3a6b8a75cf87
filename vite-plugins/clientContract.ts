// Keeps TypeBox, the server's schema library, out of the app's bundle while the app still reads the one
// contract (server/contract) for its endpoint table and shared constants.
//
// The app needs an endpoint's method and path at run time, and its schemas only as types. Two things would
// otherwise drag every schema, and TypeBox with them, into the first chunks the browser loads:
// - the endpoint table (server/contract/endpoints.ts) holds the schemas as values (query, body, response),
//   so reading endpoints.currentUser.path keeps all of them alive. For the app's bundle this plugin keeps
//   only the method and path of each entry (the summaries and scopes are the OpenAPI document's and the
//   server's, and some 8 KB that every phone would load); the server, the tests and the OpenAPI document
//   read the file untouched.
// - a module such as server/contract/user.ts defines schemas beside the constants the app imports
//   (USER_NAME_PATTERN). A top-level `Type.Object(...)` or `Nullable(Type.String())` is a call, which a
//   bundler must keep in case it does something. For the app's bundle each top-level constant's value is
//   wrapped in an arrow called at once and marked pure: evaluated as before where the value is used,
//   dropped with the library behind it where it is not. TypeBox's own modules are marked free of
//   side effects, so that nothing of it stays once no schema is left.
// tests/unit/clientBundle.test.ts checks the built /login graph for TypeBox, so a new runtime import that
// brings it back fails a test instead of slowing phones.
import path from 'node:path'
import MagicString from 'magic-string'
import { parseSync, type Plugin } from 'vite'

/**
 * The endpoint properties the app reads at run time (src/api/endpoint.ts's callEndpoint). The others are the
 * server's and the OpenAPI document's: schemas (types only, for the app), summaries, scopes, capabilities.
 */
const CLIENT_KEYS = new Set(['method', 'path'])

interface Node {
  type: string
  start: number
  end: number
  [key: string]: unknown
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string'
}

/** The object literal bound to `export const endpoints = {...} as const satisfies ...`. */
function endpointTable(program: Node): Node | undefined {
  for (const statement of program.body as Node[]) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : undefined
    if (!isNode(declaration) || declaration.type !== 'VariableDeclaration') continue
    for (const declarator of declaration.declarations as Node[]) {
      const id = declarator.id as Node & { name?: string }
      if (id.name !== 'endpoints') continue
      let init = declarator.init as Node | undefined
      // Unwrap `as const` and `satisfies`, which wrap the literal in the syntax tree.
      while (init && (init.type === 'TSAsExpression' || init.type === 'TSSatisfiesExpression')) {
        init = init.expression as Node
      }
      if (init?.type === 'ObjectExpression') return init
    }
  }
  return undefined
}

function keyName(property: Node): string | undefined {
  const key = property.key as Node & { name?: string; value?: unknown }
  if (key.type === 'Identifier') return key.name
  if (key.type === 'Literal' && typeof key.value === 'string') return key.value
  return undefined
}

/**
 * Keeps only the method and path of each entry of the endpoint table; throws when the table is not where it
 * is expected.
 */
function stripEndpointTable(id: string, code: string, program: Node, edits: MagicString): void {
  const table = endpointTable(program)
  if (!table) throw new Error(`${id}: no \`export const endpoints = {...}\` to strip for the app`)
  for (const entry of table.properties as Node[]) {
    const value = entry.value as Node | undefined
    if (entry.type !== 'Property' || value?.type !== 'ObjectExpression') continue
    for (const property of value.properties as Node[]) {
      if (property.type !== 'Property') continue
      const name = keyName(property)
      if (name === undefined || CLIENT_KEYS.has(name)) continue
      // Remove the trailing comma with the property, so that the object stays valid syntax.
      let end = property.end
      while (end < code.length && /[\s,]/.test(code[end] ?? '')) {
        if (code[end++] === ',') break
      }
      edits.remove(property.start, end)
    }
  }
}

/** Initializers that compute nothing: leaving them as they are costs nothing. */
const INERT = new Set(['ArrowFunctionExpression', 'FunctionExpression', 'Literal', 'Identifier'])

/**
 * Wraps each top-level constant's initializer that computes something (a call, or an object whose fields
 * are calls: `{ name: Text(64) }`) as `/* @__PURE__ *\/ (() => value)()`.
 */
export function markSchemasPure(program: Node, edits: MagicString): void {
  for (const statement of program.body as Node[]) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement
    if (!isNode(declaration) || declaration.type !== 'VariableDeclaration') continue
    for (const declarator of declaration.declarations as Node[]) {
      const init = declarator.init as Node | undefined
      if (!init || INERT.has(init.type)) continue
      edits.appendLeft(init.start, '/* @__PURE__ */ (() => (')
      edits.appendRight(init.end, '))()')
    }
  }
}

/**
 * A contract module as the app's bundle reads it: its computed constants marked pure and, for the endpoint
 * table's file, the table with methods and paths only. Undefined when nothing changes.
 */
export function stripContractForClient(
  id: string,
  code: string,
  { endpointsTable }: { endpointsTable: boolean },
): MagicString | undefined {
  const program = parseSync(id, code).program as unknown as Node
  const edits = new MagicString(code)
  if (endpointsTable) stripEndpointTable(id, code, program, edits)
  markSchemasPure(program, edits)
  return edits.hasChanged() ? edits : undefined
}

// The contract's folder, found from this file rather than from a build's root, so that every bundle of the
// app's code (vite's, and the boot script's in vite-plugins/earlyRequests.ts) reads the same files.
const CONTRACT_DIR = path.resolve(import.meta.dirname, '../server/contract')
const ENDPOINTS_FILE = path.join(CONTRACT_DIR, 'endpoints.ts')

export function clientContract(): Plugin {
  return {
    name: 'media-console:client-contract',
    // Before the TypeScript transform, so that the table is seen as written.
    enforce: 'pre',
    transform: {
      filter: { id: /\/server\/contract\/[^/]+\.ts$/ },
      handler(code, id) {
        const file = id.split('?')[0] ?? id
        if (path.dirname(file) !== CONTRACT_DIR) return null
        const edits = stripContractForClient(file, code, { endpointsTable: file === ENDPOINTS_FILE })
        if (!edits) return null
        return { code: edits.toString(), map: edits.generateMap({ hires: 'boundary', source: id }) }
      },
    },
  }
}

/**
 * TypeBox's modules register nothing global that the app relies on: when the app uses none of their
 * exports they are dropped whole. A plugin of its own, because a transform filter keyed on TypeBox's files
 * is cheaper than a side-effect rule that the bundler asks about every module.
 */
export function typeboxWithoutSideEffects(): Plugin {
  return {
    name: 'media-console:typebox-without-side-effects',
    transform: {
      filter: { id: /[\\/]node_modules[\\/]typebox[\\/]/ },
      handler() {
        return { moduleSideEffects: false }
      },
    },
  }
}
