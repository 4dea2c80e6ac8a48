import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { compileHintBanner } from './scripts/compile-hints.js';
import { reducedMotionOnFirstRender } from './scripts/reduced-motion.js';

/**
 * One config for the console build and for every test project.
 * - `server`: the embedded API, tested through buildApp() (Node environment). Runs against
 *   SQLite by default and against PostgreSQL when TEST_DATABASE_URL is set.
 * - `web`: console units and machines (jsdom).
 * - `e2e`: the built console and server as `npm start` runs them (Chromium tests join later).
 * - `tooling`: checks that need neither a browser nor a build: the lint enforces the folder
 *   boundaries (tests/lint), the declared resources agree with the server and the menu seed
 *   (tests/consistency). Kept out of `e2e`, whose globalSetup builds the console.
 */
const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

/**
 * Files of the server, web and tooling projects run two at a time even on 2 cores (vitest's
 * default there is one): a server test file waits on its database and a web one on jsdom about
 * half its time, so the server suite takes ~55% of its one-at-a-time wall time. The e2e files
 * still run one at a time, after these and on their own (they need both cores for Chromium and
 * their server). Against PostgreSQL (TEST_DATABASE_URL) the same: each test app has a database of
 * its own (server/test/pg-admin.ts), so no worker sees another's schemas come and go.
 */
const unitWorkers = Math.max(2, availableParallelism());

/**
 * mantine-react-table imports @mantine/dates' DateInput for column filters, which the engine
 * turns off; given the real one, every list would load the calendar (issue 31). It gets the
 * engine's on-demand DateInput instead.
 */
function tableDatesOnDemand(): Plugin {
  const onDemand = fileURLToPath(
    new URL('./src/resources/engine/lazy-date-inputs.tsx', import.meta.url),
  );
  return {
    name: 'table-dates-on-demand',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '@mantine/dates' && importer?.includes('/node_modules/mantine-react-table/'))
        return onDemand;
      return null;
    },
  };
}

/** Mantine's core, its hooks, and the packages only they use (see codeSplitting below). */
const MANTINE_CORE = new RegExp(
  'node_modules/(' +
    [
      '@mantine/core',
      '@mantine/hooks',
      '@floating-ui',
      'react-remove-scroll',
      'react-remove-scroll-bar',
      'react-transition-group',
      'react-number-format',
      'react-textarea-autosize',
      'use-callback-ref',
      'use-sidecar',
      'react-style-singleton',
      'get-nonce',
      'detect-node-es',
      'clsx',
      'tslib',
    ].join('|') +
    ')/',
);

export default defineConfig({
  plugins: [react(), tableDatesOnDemand(), reducedMotionOnFirstRender()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically (React, the router, the store, the session
        // machines and the login page) travels as one chunk instead of ~35 small ones: on
        // HTTP/1.1 each small file costs a request slot and a round trip before /login paints.
        // Mantine's core and hooks and the small packages they use travel as one chunk too
        // (issue 31): split by default they were ~70 of the ~130 scripts before a list's rows,
        // each compressed on its own and each a preload link the entry appends. One chunk
        // carries a few components no list uses, and is still smaller as sent (reload of
        // /system/param: 416 -> 385 KB brotli, 133 -> 65 scripts). Not @mantine/dates, charts
        // or the table: those load with the screens that use them. The login page (the entry)
        // imports none of these.
        codeSplitting: {
          groups: [
            { name: 'initial', tags: ['$initial'] },
            { name: 'mantine', test: MANTINE_CORE },
          ],
        },
        // The table's chunk is compiled eagerly off the main thread (scripts/compile-hints.ts).
        postBanner: compileHintBanner,
      },
    },
  },
  server: {
    port: 5173,
    host: '127.0.0.1',
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          maxWorkers: unitWorkers,
          // A worker keeps the server's modules between its files instead of evaluating them
          // again for each (about 2.3 s a file, most of the suite's time on 2 cores: 503 s became
          // 167 s on SQLite). Every test app has its own database and context; what a module
          // keeps is keyed by them or, like the process-wide caches of a real server, holds for
          // any app (the suite passes in any file order on both databases).
          isolate: false,
          environment: 'node',
          include: ['server/**/*.test.ts'],
          // One migrated, seeded template per run; each test app starts from a copy of it.
          globalSetup: ['server/test/template-run.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          maxWorkers: unitWorkers,
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'machines/**/*.test.ts'],
          setupFiles: ['src/test/setup-dom.ts'],
          // Mantine under jsdom is slow on 2 shared cores (the CI machine runs the server suite
          // and Chromium beside it): a component test may take several seconds there.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'tests/lint/**', 'tests/consistency/**'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          // The browser's work runs on 2 cores beside the server: a second is short under load.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        extends: true,
        test: {
          name: 'tooling',
          maxWorkers: unitWorkers,
          environment: 'node',
          include: ['tests/lint/**/*.test.ts', 'tests/consistency/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
