import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database.js';
import { FALLBACK_CHECKPOINT_PAGES } from './wal-checkpointer.js';

/**
 * wal-checkpointer.ts: the server's connection no longer copies the WAL back into the database
 * file in a commit (its automatic checkpoint is only a far bound); the worker thread does.
 */
describe('WAL checkpoints in a worker thread', () => {
  let dir = '';
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  it('copies committed pages into the database file without a checkpoint in the commits', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'quanyi-wal-'));
    const file = path.join(dir, 'quanyi.db');
    database = await openDatabase({ sqliteFile: file });
    const { db } = database;
    const auto = await sql<{ walAutocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db);
    expect(auto.rows[0]?.walAutocheckpoint).toBe(FALLBACK_CHECKPOINT_PAGES);
    await sql`create table t (id integer primary key, v text)`.execute(db);
    const before = statSync(file).size;
    // About 1,200 pages of 4 KiB: past SQLite's default automatic checkpoint (1,000 pages), below
    // the bound this connection keeps, so only the worker can have written them to the file.
    const row = 'x'.repeat(4000);
    for (let i = 0; i < 1200; i++) await sql`insert into t (v) values (${row})`.execute(db);
    const grown = await waitFor(() => statSync(file).size > before + 4_000_000);
    expect(grown).toBe(true);
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(0);
  });

  it('keeps the process alive while it stops: code after close() runs', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'quanyi-wal-'));
    // A process doing nothing else (as a WORKERS primary closing its database before it forks).
    const script = `
      const { openDatabase } = await import('./server/db/database.ts');
      const database = await openDatabase({ sqliteFile: ${JSON.stringify(path.join(dir, 'q.db'))} });
      await database.close();
      console.log('after close');`;
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        cwd: fileURLToPath(new URL('../..', import.meta.url)),
        encoding: 'utf8',
      },
    );
    expect(out).toContain('after close');
  });
});

async function waitFor(check: () => boolean, ms = 5000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}
