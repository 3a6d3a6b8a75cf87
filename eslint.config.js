// @ts-check
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

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
)
