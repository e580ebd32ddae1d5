import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const WEB_NOT_SERVER = {
  group: ['**/apps/server/**', '@app/server*'],
  message: 'The web app talks to the server only through the contract.',
};

/**
 * Import zones of the web app (DESIGN.md §11, bulletproof-react): a feature never imports another
 * feature, src/app or src/shell; src/lib and src/components (shared by every feature) never import a
 * feature, src/app or src/shell. Pages that combine features are composed in src/app. Imports are
 * relative, so a zone is told by how far an import climbs: from a file N folders below
 * `src/features`, N `../` reach `src/features`, and a name after them is a feature (another one, or
 * this one by a roundabout path). One override per depth, because a later config replaces the
 * rule's options instead of adding to them. Proved by apps/web/src/app/import-zones.test.ts.
 */
function webImportZones(maxDepth = 6) {
  const up = (n) => `(?:\\.\\./){${n}}`;
  const zones = [];
  for (let depth = 1; depth <= maxDepth; depth += 1) {
    const dirs = '*/'.repeat(depth - 1);
    zones.push({
      files: [`apps/web/src/features/*/${dirs}*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              WEB_NOT_SERVER,
              {
                // `../../b/…`, or the long way round: `../../../features/b/…`.
                regex: `^(?:${up(depth)}(?!\\.)|${up(depth + 1)}features(?:/|$))`,
                message:
                  'A feature does not import another feature: compose them in a src/app route module, or move the shared piece to src/components or src/lib.',
              },
              {
                regex: `^${up(depth + 1)}(?:app|shell)(?:/|$)`,
                message: 'A feature does not import src/app or src/shell; they compose features.',
              },
            ],
          },
        ],
      },
    });
    zones.push({
      files: [`apps/web/src/{lib,components}/${dirs}*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              WEB_NOT_SERVER,
              {
                regex: `^${up(depth)}(?:features|app|shell)(?:/|$)`,
                message:
                  'src/lib and src/components are shared by every feature and import none of them (nor src/app or src/shell).',
              },
            ],
          },
        ],
      },
    });
  }
  return zones;
}

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
      'no-restricted-imports': ['error', { patterns: [WEB_NOT_SERVER] }],
    },
  },
  ...webImportZones(),
  {
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/web/**', '@app/web*'],
              message: 'The server shares code with the web app only through the contract.',
            },
          ],
        },
      ],
    },
  },
  {
    // Shared by the API tests and the browser tests, and typechecked by both projects.
    files: ['test-support/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/**', '@app/server*', '@app/web*'],
              message: 'Test support serves both apps: it imports only the contract and Node.',
            },
          ],
        },
      ],
    },
  },
);
