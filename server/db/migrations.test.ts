import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from './database.js';

/**
 * The migrations are a hand-kept map (the server is bundled, so it cannot list its folder at
 * run time): a new file that is not added to it would silently never run.
 */
describe('migrations', () => {
  it('runs every file of migrations/ under its file name, and nothing else', () => {
    const dir = path.join(import.meta.dirname, 'migrations');
    const files = fs
      .readdirSync(dir)
      .filter((f) => /^\d{3}-.+\.ts$/.test(f) && !f.endsWith('.test.ts'))
      .map((f) => f.replace(/\.ts$/, ''));
    expect(Object.keys(MIGRATIONS).sort()).toEqual(files.sort());
  });
});
