import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

// Lint enforces the layer boundaries of ARCHITECTURE.md:
//   renderer/ imports only shared/; shared/ imports nothing from electron/ or renderer/;
//   engines (electron/engine, electron/costsim) import no Node, DOM or Electron API;
//   only electron/main and electron/preload import `electron`.
// Inside the renderer nothing imports up the layers (ui/ charts/ api/ db/ store/ i18n/ never import
// features/ or app/), and no module anywhere is part of an import cycle.
const nodeBuiltins = ['fs', 'path', 'os', 'child_process', 'worker_threads', 'http', 'crypto', 'url', 'module', 'electron'];
// Globs go to `patterns`; bare module names (Node built-ins, electron) to `paths`, matched exactly.
const restrict = (globs, message) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [{ group: [...globs.filter((g) => g.includes('*')), 'node:*'], message }],
      paths: [...new Set(globs.filter((g) => !g.includes('*')))].map((name) => ({ name, message })),
    },
  ],
});

export default tseslint.config(
  { ignores: ['node_modules', 'build', 'release', 'dist', '.tmp', 'coverage'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-empty-pattern': 'off',
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}', 'shared/**/*.ts', 'electron/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      // Type-only imports vanish at build time, so they cannot form a run-time cycle.
      'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: false }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: ['./renderer/ui', './renderer/charts', './renderer/api', './renderer/db', './renderer/store', './renderer/i18n'],
              from: ['./renderer/features', './renderer/app'],
              message: 'no imports up the layers: ui/ charts/ api/ db/ store/ i18n/ serve features/ and app/, never the other way round.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict(
        ['**/electron/**', 'electron', ...nodeBuiltins],
        'renderer/ may import only shared/ (and browser libraries); call the Node side through the contract.',
      ),
    },
  },
  {
    // Renderer unit tests run under Node (fixtures from disk); they still may not reach into electron/.
    files: ['renderer/**/*.test.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'not in renderer tests' }],
          patterns: [{ group: ['**/electron/**'], message: 'renderer tests test the renderer; the Node side has its own tests.' }],
        },
      ],
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: restrict(['**/electron/**', '**/renderer/**', 'electron', ...nodeBuiltins], 'shared/ is pure: no electron/, renderer/ or Node imports.'),
  },
  {
    files: ['electron/engine/**/*.ts', 'electron/costsim/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrict(
      ['electron', ...nodeBuiltins, '**/service/**', '**/hosts/**', '**/renderer/**', 'react', 'react-dom'],
      'engines are pure: no Node, DOM or Electron API.',
    ),
  },
  {
    files: ['electron/service/**/*.ts', 'electron/hosts/**/*.ts', 'electron/report/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'only electron/main and electron/preload may import electron.' }],
          patterns: [{ group: ['**/renderer/**'], message: 'the Node side never imports the renderer.' }],
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.mjs', 'test/**/*.ts', '*.config.*'],
    languageOptions: { globals: globals.node },
  },
);
