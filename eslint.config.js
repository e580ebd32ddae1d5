import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import { readdirSync } from 'node:fs';

/** A folder's sub-folders, sorted: the features of the web app, the modules of the server. */
function foldersIn(relative) {
  return readdirSync(new URL(relative, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

const FEATURES = foldersIn('./apps/web/src/features/');
const MODULES = foldersIn('./apps/server/src/modules/');

/**
 * Import zones (DESIGN.md §11), checked by import-x/no-restricted-paths on the resolved file, so a
 * zone holds at any depth, through any relative path, and for static imports, re-exports, type
 * imports and dynamic `import()` alike. Web (bulletproof-react): a feature never imports another
 * feature, src/app or src/shell; src/lib and src/components (shared by every feature) import none of
 * them; pages that combine features are composed in src/app. Server: a module uses another module
 * through its services (`*.service.ts`) only, never its repository, seed or other internals; shared
 * pieces live in src/db, src/http or src/providers. The server and the web app share code only
 * through the contract. Proved by lint-rules/import-zones.test.ts.
 */
const IMPORT_ZONES = [
  ...FEATURES.map((feature) => ({
    target: `./apps/web/src/features/${feature}`,
    from: FEATURES.filter((other) => other !== feature).map((other) => `./apps/web/src/features/${other}`),
    message:
      'A feature does not import another feature: compose them in a src/app route module, or move the shared piece to src/components or src/lib.',
  })),
  {
    target: './apps/web/src/features',
    from: ['./apps/web/src/app', './apps/web/src/shell'],
    message: 'A feature does not import src/app or src/shell; they compose features.',
  },
  {
    target: ['./apps/web/src/lib', './apps/web/src/components'],
    from: ['./apps/web/src/features', './apps/web/src/app', './apps/web/src/shell'],
    message:
      'src/lib and src/components are shared by every feature and import none of them (nor src/app or src/shell).',
  },
  ...MODULES.map((module) => ({
    target: `./apps/server/src/modules/${module}`,
    from: `./apps/server/src/modules/{${MODULES.filter((other) => other !== module).join(',')}}/**/!(*.service).ts`,
    message:
      'A module uses another module through its service (`*.service.ts`), never its repository, seed or internals (DESIGN.md §11); shared pieces belong in src/db, src/http or src/providers.',
  })),
  {
    target: './apps/web',
    from: './apps/server',
    message: 'The web app talks to the server only through the contract.',
  },
  {
    target: './apps/server',
    from: './apps/web',
    message: 'The server shares code with the web app only through the contract.',
  },
  {
    target: ['./test-support', './packages/contract'],
    from: './apps',
    message: 'The contract and the test support serve both apps: they import neither.',
  },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/coverage/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['scripts/**/*.mjs', '**/*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts', 'test-support/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })] },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: IMPORT_ZONES }] },
  },
);
