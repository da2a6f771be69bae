import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import { readdirSync } from 'node:fs';

// Lint enforces the layer boundaries of ARCHITECTURE.md:
//   renderer/ imports only shared/; shared/ imports nothing from electron/ or renderer/;
//   engines (electron/engine, electron/costsim) import no Node, DOM or Electron API;
//   only electron/main and electron/preload import `electron`.
// Inside the renderer: app/ (the composition root) -> features/<one per step, library, export,
// room-vote>/ -> parts/ charts/ ui/ api/ store/ db/ nav/ i18n/. A feature imports no other feature
// and nothing below imports a feature or app/ (only the entry, main.tsx, imports app/); no module
// anywhere is part of an import cycle (test/unit/import-graph.test.ts also counts type-only ones).
const features = readdirSync(new URL('./renderer/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const lowerLayers = ['parts', 'charts', 'ui', 'api', 'store', 'db', 'nav', 'i18n', 'participant'].map((d) => `./renderer/${d}`);
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
      // import-x skips type-only imports here (it has no option to count them); the import-graph
      // test (test/unit/import-graph.test.ts) finds cycles with type-only imports counted.
      'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: false }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: ['./shared/model', './shared/cost', './shared/validation'],
              from: './shared/contract',
              message:
                'the document model is below the contract: shared/model and shared/cost import shared/validation, never shared/contract (the contract imports them).',
            },
            {
              target: './shared/cost',
              from: './shared/model',
              message:
                'the cost domain is below the document model: shared/cost (scenario schema, GPUs, form, shape) knows no workshop; what reads a workshop for cost lives in shared/model.',
            },
            {
              target: lowerLayers,
              from: ['./renderer/features', './renderer/app'],
              message: 'no imports up the layers: parts/ charts/ ui/ api/ store/ db/ nav/ i18n/ serve features/ and app/, never the other way round.',
            },
            {
              target: './renderer/features',
              from: './renderer/app',
              message: 'no imports up the layers: app/ composes the features; a feature gets what it needs from app/ as props, or from nav/.',
            },
            ...features.map((f) => ({
              target: `./renderer/features/${f}`,
              from: './renderer/features',
              except: [`./${f}`],
              message: `features import no other feature: move what ${f}/ shares down to parts/ or charts/, or let app/ pass it in as a prop.`,
            })),
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
