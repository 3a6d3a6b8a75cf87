// @ts-check
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

/**
 * The layers of the server (docs/architecture.md, "Layers of the server"): each names the layers below it
 * that it may import, and importing any other fails, so nothing imports upward and the routes reach data only
 * through services. The entry
 * points (server/main.ts, server/jobsCli.ts, server/app.ts) put the layers together and may import any.
 */
const serverLayers = {
  // Shared with the browser app: the wire schemas and the endpoint table.
  contract: { below: [] },
  // The base every layer may use: errors, configuration, logging, metrics, private files, processes.
  base: { below: ['contract'] },
  db: { below: ['contract', 'base'] },
  auth: { below: ['contract', 'base', 'db'] },
  repositories: { below: ['contract', 'base', 'db'] },
  storage: { below: ['contract', 'base', 'db'] },
  mail: { below: ['contract', 'base'] },
  payments: { below: ['contract', 'base'] },
  // The decoders of the derivative job (sharp, ffmpeg, ffprobe) and the loopback source they read from.
  derivatives: { below: ['contract', 'base', 'storage'] },
  services: {
    below: ['contract', 'base', 'db', 'auth', 'repositories', 'storage', 'derivatives', 'mail', 'payments'],
  },
  access: { below: ['contract', 'base', 'auth', 'repositories', 'services'] },
  http: { below: ['contract', 'base', 'auth', 'repositories', 'storage', 'services'] },
  jobs: {
    below: ['contract', 'base', 'db', 'auth', 'storage', 'derivatives', 'mail', 'payments', 'services'],
  },
  routes: { below: ['contract', 'base', 'access', 'http', 'services'] },
}
/** Where each layer's modules are, as import paths may name them. */
const layerModules = {
  contract: ['contract'],
  base: ['errors.ts', 'config.ts', 'logger.ts', 'metrics.ts', 'privateFiles.ts', 'processes.ts'],
  db: ['db'],
  auth: ['auth'],
  repositories: ['repositories'],
  storage: ['storage'],
  derivatives: ['derivatives'],
  mail: ['mail'],
  payments: ['payments'],
  services: ['services'],
  access: ['access'],
  http: ['http'],
  jobs: ['jobs'],
  routes: ['routes'],
  entry: ['app.ts', 'main.ts', 'jobsCli.ts'],
}
const layerFiles = (layer) =>
  layerModules[layer].map((name) => (name.endsWith('.ts') ? `server/${name}` : `server/${name}/**/*.ts`))
const serverLayerRules = Object.entries(serverLayers).map(([layer, { below }]) => {
  const allowed = new Set([layer, ...below])
  const forbidden = Object.keys(layerModules).filter((other) => !allowed.has(other))
  // The base modules sit in server/ itself and name the others './<folder>/'; every other layer is a folder,
  // whose modules name another layer '../<folder>/' (or '../../' from a folder of their own).
  const up = layer === 'base' ? '\\./' : '(\\.\\./)+'
  return {
    files: layerFiles(layer),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: forbidden.map((other) => ({
            regex: `^${up}(${layerModules[other].map((name) => name.replace('.', '\\.')).join('|')})(/|$)`,
            message: `${layer === 'base' ? 'The base modules' : `server/${layer}`} may not import ${other} (docs/architecture.md, "Layers of the server").`,
          })),
        },
      ],
    },
  }
})

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'test-results', 'playwright-report', 'src/routeTree.gen.ts'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  { files: ['workers/**/*.ts', 'sw/**/*.ts'], languageOptions: { globals: globals.worker } },
  {
    files: [
      'server/**/*.ts',
      'agent/**/*.ts',
      'scripts/**/*.mjs',
      'tests/**/*.ts',
      'e2e/**/*.ts',
      'vite-plugins/**/*.ts',
      '*.{js,ts}',
      '.ci/*',
    ],
    languageOptions: { globals: globals.node },
  },
  // Playwright reads a fixture's dependencies from its destructuring pattern, so `{}` is how one says none.
  { files: ['e2e/**/*.ts'], rules: { 'no-empty-pattern': 'off' } },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  ...serverLayerRules,
)
