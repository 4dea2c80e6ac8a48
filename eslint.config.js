import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

/**
 * Floors of src/ (design.md convention 6), lowest first. A module may import its own floor or a
 * lower one, never a higher one. Paths are relative to the repository root.
 */
const FLOORS = [
  ['src/lib', 'src/state', 'src/i18n', 'src/contracts'],
  ['src/components'],
  ['src/resources', 'src/api'],
  ['src/features', 'src/palette'],
  ['src/app', 'src/main.tsx'],
];
const FLOOR_MAP = FLOORS.map((dirs, n) => `${n} ${dirs.map((d) => d.slice(4)).join('/')}`).join(
  ' < ',
);

/** Tests may reach any floor (they wire real stores, servers and screens together). */
const SRC_TESTS = ['src/**/*.test.{ts,tsx}', 'src/test/**'];

/** One zone per floor but the top: it may not import anything from the floors above it. */
const floorZones = FLOORS.slice(0, -1).map((dirs, floor) => ({
  target: dirs,
  from: FLOORS.slice(floor + 1).flat(),
  message:
    `${dirs.join(', ')} ${dirs.length > 1 ? 'are' : 'is'} floor ${floor}: ` +
    `import floor ${floor} or lower only (floors: ${FLOOR_MAP}; design.md convention 6).`,
}));

/**
 * The project's ESLint config with its folder boundaries anchored at `root`. The default export
 * anchors them at this file's folder; tests/lint/boundaries.test.ts builds the same config over a
 * fixture tree, because import-x zone paths resolve against `basePath`, not the lint's cwd.
 */
export function configFor(root) {
  return tseslint.config(
    { ignores: ['dist', 'data', 'node_modules', 'coverage'] },
    js.configs.recommended,
    ...tseslint.configs.recommended,
    {
      files: ['**/*.{ts,tsx,js,mjs}'],
      languageOptions: { globals: { ...globals.node, ...globals.browser } },
      rules: {
        '@typescript-eslint/no-unused-vars': [
          'error',
          { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
        ],
        'no-eval': 'error',
        'no-new-func': 'error',
      },
    },
    {
      files: ['src/**/*.{ts,tsx}'],
      plugins: { 'react-hooks': reactHooks },
      rules: { ...reactHooks.configs.recommended.rules },
    },

    // ---- Folders are boundaries (design.md convention 6) ----
    {
      files: ['**/*.{ts,tsx,js,mjs}'],
      plugins: { 'import-x': importX },
      settings: {
        'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
        'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
        // Imports say `./x.js` for `./x.ts` (and some omit the extension): the TypeScript
        // resolver follows tsconfig.json the way tsc and Vite do.
        'import-x/resolver-next': [
          createTypeScriptImportResolver({ project: path.join(root, 'tsconfig.json') }),
        ],
      },
    },
    {
      // Floors, and the console never reaches into the server. Test files are exempt.
      files: ['src/**/*.{ts,tsx}'],
      ignores: SRC_TESTS,
      rules: {
        'import-x/no-restricted-paths': [
          'error',
          {
            basePath: root,
            zones: [
              ...floorZones,
              {
                target: 'src',
                from: 'server',
                message: 'src/ never imports server/; shared wire schemas live in src/contracts.',
              },
            ],
          },
        ],
      },
    },
    {
      // Code that loads on demand does not suspend (lib/lazy-component.tsx): React holds back a
      // suspended boundary's reveal until 300 ms after the last fallback appeared.
      files: ['src/**/*.{ts,tsx}'],
      ignores: SRC_TESTS,
      rules: {
        'no-restricted-imports': [
          'error',
          {
            paths: [
              {
                name: 'react',
                importNames: ['lazy', 'Suspense', 'use'],
                message:
                  'Load code with lazyComponent or useArrived (src/lib): a Suspense reveal waits up to 300 ms.',
              },
            ],
          },
        ],
        // A job the console follows goes through the task machine (machines/task-machine.ts,
        // state/task-follower.ts: paused while the page is hidden, stopped at its end), not a
        // poll of its own (issue 32).
        'no-restricted-syntax': [
          'error',
          {
            selector: 'Property[key.name="pollingInterval"]',
            message:
              'Follow a job with useTask / useFollowedRecord / followToEnd (state/task-follower.ts), not an RTK poll.',
          },
          {
            selector: 'CallExpression[callee.name="setInterval"]',
            message:
              'Follow a job with useTask / useFollowedRecord / followToEnd (state/task-follower.ts), not an interval.',
          },
        ],
      },
    },
    {
      // Machines are pure XState (design.md conventions 3 and 6): effects arrive through
      // .provide() at the edge, so no React, no store, no api, no server.
      files: ['machines/**/*.ts'],
      rules: {
        'import-x/no-restricted-paths': [
          'error',
          {
            basePath: root,
            zones: [
              {
                target: 'machines',
                from: 'src',
                except: ['./lib', './contracts'],
                message: 'machines/ may import only src/lib and src/contracts from src/.',
              },
              {
                target: 'machines',
                from: 'server',
                message: 'machines/ never import server/.',
              },
            ],
          },
        ],
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                group: [
                  'react',
                  'react/*',
                  'react-dom',
                  'react-dom/*',
                  'react-redux',
                  'react-redux/*',
                  '@reduxjs/toolkit',
                  '@reduxjs/toolkit/*',
                  '@xstate/react',
                  '@xstate/react/*',
                ],
                message:
                  'machines/ are pure XState: no React, no Redux store, no @xstate/react (provide effects with .provide()).',
              },
            ],
          },
        ],
      },
    },
    {
      files: ['server/**/*.ts'],
      rules: {
        'import-x/no-restricted-paths': [
          'error',
          {
            basePath: root,
            zones: [
              {
                target: 'server',
                from: 'src',
                except: ['./contracts'],
                message: 'server/ may import only src/contracts from src/.',
              },
            ],
          },
        ],
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                // Any depth: the group list this replaces missed imports four folders down.
                regex: '^(\\.\\./)+src/(?!contracts/)',
                message: 'server/ may only import src/contracts',
              },
            ],
          },
        ],
      },
    },
    {
      // No cycles, counting dynamic import() (a lazy screen that imports its loader back is
      // still a cycle). Type-only imports are skipped by the rule itself (they vanish at build);
      // the floors above do count them.
      files: ['src/**/*.{ts,tsx}', 'machines/**/*.ts', 'server/**/*.ts'],
      rules: {
        'import-x/no-cycle': [
          'error',
          { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: false },
        ],
      },
    },
  );
}

export default configFor(import.meta.dirname);
