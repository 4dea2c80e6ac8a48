import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESLint, type Linter } from 'eslint';

/**
 * The folder boundaries (design.md convention 6) fail the lint. Small fixture files are written
 * into a temporary tree laid out like the repository and linted with the project's own config,
 * anchored at that tree (import-x zones resolve against their `basePath`, not ESLint's cwd).
 */

const FIXTURE: Record<string, string> = {
  'tsconfig.json': JSON.stringify({
    compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', jsx: 'react-jsx' },
    include: ['src', 'server', 'machines'],
  }),

  // Floors: components (1) importing app (4) is a violation, also as `import type` or import().
  'src/app/y.ts': `export const y = 1;\nexport type Y = number;\n`,
  'src/components/x.tsx': `import { y } from '../app/y.js';\nexport const X = () => <b>{y}</b>;\n`,
  'src/components/type-up.ts': `import type { Y } from '../app/y.js';\nexport const t: Y = 1;\n`,
  'src/resources/lazy-up.ts': `export const load = () => import('../features/screen.js');\n`,
  'src/features/screen.ts': `export const screen = 1;\n`,
  // Tests are exempt from the floors.
  'src/components/x.test.tsx': `import { y } from '../app/y.js';\nexport const z = y;\n`,

  // Legal: a higher floor importing lower ones, and lib importing lib.
  'src/app/z.ts':
    `import { X } from '../components/x.js';\nimport { c } from '../lib/c.js';\n` +
    `import { screen } from '../features/screen.js';\nexport const z = [X, c, screen];\n`,
  'src/lib/c.ts': `import { d } from './d.js';\nexport const c = d;\n`,
  'src/lib/d.ts': `export const d = 1;\n`,
  'src/contracts/wire.ts': `export const wire = 1;\n`,

  // Cycles: static, and through a dynamic import().
  'src/lib/a.ts': `import { b } from './b.js';\nexport const a = () => b;\n`,
  'src/lib/b.ts': `import { a } from './a.js';\nexport const b = () => a;\n`,
  'src/features/p.ts': `export const p = () => import('./q.js');\n`,
  'src/features/q.ts': `import { p } from './p.js';\nexport const q = p;\n`,

  // The console never imports the server.
  'src/lib/uses-server.ts': `import { s } from '../../server/ok.js';\nexport const u = s;\n`,

  // Machines: no React, no store; from src/ only lib and contracts.
  'machines/m-machine.ts': `import { useState } from 'react';\nexport const m = useState;\n`,
  'machines/store-machine.ts': `import { configureStore } from '@reduxjs/toolkit';\nexport const m = configureStore;\n`,
  'machines/up-machine.ts': `import { y } from '../src/app/y.js';\nexport const m = y;\n`,
  'machines/ok-machine.ts':
    `import { c } from '../src/lib/c.js';\nimport { wire } from '../src/contracts/wire.js';\n` +
    `export const m = [c, wire];\n`,

  // No Suspense for code that loads on demand, no poll of a job outside the task machine.
  'src/features/suspends.tsx':
    `import { lazy, Suspense } from 'react';\nconst L = lazy(() => import('./screen.js'));\n` +
    `export const S = () => <Suspense><L /></Suspense>;\n`,
  'src/features/polls.ts':
    `export const options = { pollingInterval: 2000 };\n` +
    `export const timer = setInterval(() => {}, 1000);\n`,
  'src/features/polls.test.ts': `export const timer = setInterval(() => {}, 1000);\n`,

  // Server: from src/ only contracts.
  'server/s.ts': `import { y } from '../src/app/y.js';\nexport const s = y;\n`,
  'server/ok.ts': `import { wire } from '../src/contracts/wire.js';\nexport const s = wire;\n`,
};

type Found = { rule: string | null; message: string };
let root = '';
const found = new Map<string, Found[]>();

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'lint-boundaries-'));
  for (const [file, text] of Object.entries(FIXTURE)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  const configUrl = pathToFileURL(path.resolve(import.meta.dirname, '../../eslint.config.js'));
  const { configFor } = (await import(configUrl.href)) as {
    configFor: (root: string) => Linter.Config[];
  };
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: configFor(root),
  });
  for (const result of await eslint.lintFiles(['.'])) {
    found.set(
      path.relative(root, result.filePath),
      result.messages.map((m) => ({ rule: m.ruleId, message: m.message })),
    );
  }
}, 60_000);

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

const rulesOf = (file: string) => {
  expect(found.has(file), `${file} was linted`).toBe(true);
  return (found.get(file) ?? []).map((m) => m.rule);
};

describe('floors in src/', () => {
  it('a lower floor importing a higher one is an error that names the floors', () => {
    const messages = found.get('src/components/x.tsx') ?? [];
    expect(messages.map((m) => m.rule)).toEqual(['import-x/no-restricted-paths']);
    expect(messages[0]?.message).toMatch(/src\/components is floor 1: import floor 1 or lower/);
    expect(messages[0]?.message).toMatch(/0 lib\/state\/i18n\/contracts < 1 components/);
  });

  it('type-only and dynamic imports count', () => {
    expect(rulesOf('src/components/type-up.ts')).toEqual(['import-x/no-restricted-paths']);
    expect(rulesOf('src/resources/lazy-up.ts')).toEqual(['import-x/no-restricted-paths']);
  });

  it('test files are exempt', () => {
    expect(rulesOf('src/components/x.test.tsx')).toEqual([]);
  });

  it('legal imports pass', () => {
    for (const file of ['src/app/z.ts', 'src/lib/c.ts', 'machines/ok-machine.ts', 'server/ok.ts']) {
      expect(found.get(file), file).toEqual([]);
    }
  });

  it('src/ importing server/ is an error', () => {
    expect(rulesOf('src/lib/uses-server.ts')).toEqual(['import-x/no-restricted-paths']);
  });
});

describe('cycles', () => {
  it('a static cycle is an error', () => {
    expect(rulesOf('src/lib/a.ts')).toContain('import-x/no-cycle');
    expect(rulesOf('src/lib/b.ts')).toContain('import-x/no-cycle');
  });

  it('a cycle through a dynamic import() is an error', () => {
    expect(rulesOf('src/features/q.ts')).toContain('import-x/no-cycle');
  });
});

describe('machines/', () => {
  it('import no React and no store', () => {
    expect(rulesOf('machines/m-machine.ts')).toEqual(['no-restricted-imports']);
    expect(rulesOf('machines/store-machine.ts')).toEqual(['no-restricted-imports']);
  });

  it('import from src/ only lib and contracts', () => {
    expect(rulesOf('machines/up-machine.ts')).toEqual(['import-x/no-restricted-paths']);
  });
});

describe('server/', () => {
  it('imports from src/ only contracts', () => {
    expect(rulesOf('server/s.ts')).toEqual(
      expect.arrayContaining(['import-x/no-restricted-paths', 'no-restricted-imports']),
    );
  });
});

describe('loading and following jobs in src/', () => {
  it('lazy, Suspense (and use) from React are errors: a Suspense reveal waits up to 300 ms', () => {
    expect(rulesOf('src/features/suspends.tsx')).toEqual([
      'no-restricted-imports',
      'no-restricted-imports',
    ]);
  });

  it('an RTK poll or an interval is an error: jobs go through the task machine', () => {
    expect(rulesOf('src/features/polls.ts')).toEqual([
      'no-restricted-syntax',
      'no-restricted-syntax',
    ]);
    expect(rulesOf('src/features/polls.test.ts')).toEqual([]);
  });
});
