// The build step that sends dynamic imports through loadChunk: placeholders at transform, the chunk's name and
// hashed address at render. (e2e/chunkLoad.spec.ts checks the built app end to end.)
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ResolvedConfig } from 'vite'
import { chunkLoad } from '../../vite-plugins/chunkLoad.ts'

const root = '/project'
const routeFile = `${root}/src/routes/_app/account.tsx`
const splitId = `${routeFile}?tsr-split=component`
const routeCode = [
  `import { lazyRouteComponent } from '@tanstack/react-router'`,
  `const $$splitComponentImporter = () => import('${splitId}')`,
  `export const Route = { component: lazyRouteComponent($$splitComponentImporter, 'component') }`,
].join('\n')

type Hook = (this: unknown, ...args: unknown[]) => unknown

function pluginFor(command: 'build' | 'serve') {
  const plugin = chunkLoad()
  ;(plugin.configResolved as Hook).call({}, { root, base: '/', command } as ResolvedConfig)
  const transform = plugin.transform as { handler: Hook }
  const context = {
    resolve: async (source: string) => ({
      id: path.isAbsolute(source) ? source : `${root}/src/x`,
      external: false,
    }),
  }
  return {
    transform: async (code: string, id: string) =>
      (await transform.handler.call(context, code, id)) as { code: string } | null,
    renderChunk: (code: string, chunks: Record<string, object>) =>
      (plugin.renderChunk as Hook).call(
        {
          error: (message: string) => {
            throw new Error(message)
          },
        },
        code,
        {},
        {},
        { chunks },
      ) as { code: string } | null,
  }
}

describe('chunkLoad plugin', () => {
  it('wraps a split route import at build, then writes in the chunk name and hashed address', async () => {
    const plugin = pluginFor('build')
    const transformed = await plugin.transform(routeCode, routeFile)
    expect(transformed?.code).toContain(
      `import { loadChunk as __loadChunk } from "${root}/src/lib/chunkLoad.ts"`,
    )
    expect(transformed?.code).toMatch(
      /\(\) => __loadChunk\(\(\) => import\('[^']+'\), "__media_console_chunk_name__:\d+", "__media_console_chunk_request__:\d+"\)/,
    )

    const rendered = plugin.renderChunk(transformed?.code ?? '', {
      'assets/index-!~{000}~.js': {
        name: 'index',
        fileName: 'assets/index-!~{000}~.js',
        moduleIds: [routeFile],
      },
      'assets/account-!~{00e}~.js': {
        name: 'account',
        fileName: 'assets/account-!~{00e}~.js',
        moduleIds: [splitId],
      },
    })
    expect(rendered?.code).toContain(
      `__loadChunk(() => import('${splitId}'), "account", "/assets/account-!~{00e}~.js")`,
    )
    expect(rendered?.code).not.toContain('__media_console_chunk_')
  })

  it('refuses to build when the chunk of an import cannot be found', async () => {
    const plugin = pluginFor('build')
    const transformed = await plugin.transform(routeCode, routeFile)
    expect(() => plugin.renderChunk(transformed?.code ?? '', {})).toThrow(/no chunk holds/)
  })

  it("uses the module's own URL in the dev server", async () => {
    const transformed = await pluginFor('serve').transform(routeCode, routeFile)
    expect(transformed?.code).toContain(
      `__loadChunk(() => import('${splitId}'), "account", "/src/routes/_app/account.tsx?tsr-split=component")`,
    )
  })

  it('leaves modules outside src/, and computed imports, alone', async () => {
    const plugin = pluginFor('build')
    expect(
      await plugin.transform(`const m = () => import('./x.js')`, `${root}/node_modules/pkg/src/index.js`),
    ).toBeNull()
    expect(
      await plugin.transform('const m = (name) => import(`./${name}.js`)', `${root}/src/lib/pick.ts`),
    ).toBeNull()
  })
})
