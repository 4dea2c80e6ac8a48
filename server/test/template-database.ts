import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { inject } from 'vitest';
import { prepareDatabase } from '../app.js';
import { loadConfig, type ServerConfig } from '../config.js';
import { openDatabase, type Database } from '../db/database.js';
import { onDatabase, ownDatabase, withAdmin } from './pg-admin.js';
import type { TemplateRun } from './template-run.js';

/**
 * Test apps start from a copy of a database that is migrated and seeded once per suite run,
 * instead of migrating and seeding their own: the demo seed took about 3 s per app on SQLite and
 * 9 s on PostgreSQL, most of the suite's time. The copy is an in-memory SQLite database opened
 * from the template's image, or a PostgreSQL database created with the template as its TEMPLATE.
 *
 * A template lives for one run (template-run.ts makes and removes it), so a change to a migration
 * or a seed is always seen. Demo rows are dated when the template is seeded, at most one run
 * before a test reads them; the demo client orders are not in it (each app places its own,
 * through its own clock).
 */

declare module 'vitest' {
  export interface ProvidedContext {
    templateRun: TemplateRun;
  }
}

/** What the start-up seeds read: apps that agree on these start from the same template. */
export type SeedConfig = Pick<ServerConfig, 'demoData' | 'demoOrders' | 'adminPassword'>;

export interface TemplateCopy {
  database: Database;
  /** The signing secret the template's sealed demo rows were written with. */
  jwtSecret: string;
  /** PostgreSQL: the URL of the copy (a second app on it opens its own pool). */
  databaseUrl?: string;
  /** Removes the copy (PostgreSQL: drops its database); call after closing the database. */
  drop(): Promise<void>;
}

/**
 * A fresh database for one test app, copied from this run's template for `seed`; undefined when
 * the run made no template place (a test file run outside the server project).
 */
export async function copyOfTemplate(
  seed: SeedConfig,
  rsaPrivateKeyPem: string,
  databaseUrl: string | undefined,
): Promise<TemplateCopy | undefined> {
  const run = inject('templateRun') as TemplateRun | undefined;
  if (!run) return undefined;
  const key = createHash('sha256')
    .update(JSON.stringify([seed.demoData, seed.demoOrders, seed.adminPassword ?? null]))
    .digest('hex')
    .slice(0, 12);
  // Derived, not stored: every test process of the run computes the same secret for a template.
  const jwtSecret = createHash('sha256').update(`${run.id}:${key}:jwt`).digest('hex');
  const prepare = async (database: Database) => {
    await prepareDatabase(
      database,
      { jwtSecret, rsaPrivateKeyPem },
      { ...loadConfig(), ...seed, dataDir: run.dir },
    );
    await database.close();
  };
  return databaseUrl
    ? postgresCopy(run, key, databaseUrl, prepare, jwtSecret)
    : sqliteCopy(run, key, prepare, jwtSecret);
}

const images = new Map<string, Buffer>();

async function sqliteCopy(
  run: TemplateRun,
  key: string,
  prepare: (database: Database) => Promise<void>,
  jwtSecret: string,
): Promise<TemplateCopy> {
  const file = path.join(run.dir, `${key}.sqlite`);
  if (!fs.existsSync(file)) {
    // Two test processes may build the same template at once: each builds its own file and
    // renames it into place, which is atomic, so a reader never sees half a template.
    const building = `${file}.${String(process.pid)}-${randomBytes(4).toString('hex')}`;
    await prepare(await openDatabase({ sqliteFile: building }));
    fs.renameSync(building, file);
  }
  let image = images.get(file);
  if (!image) {
    image = fs.readFileSync(file);
    // The template was written in WAL mode (header bytes 18 and 19 are 2); an image opened in
    // memory must say "rollback journal" (1) or SQLite refuses it.
    image[18] = 1;
    image[19] = 1;
    images.set(file, image);
  }
  const database = await openDatabase({ sqliteImage: image });
  return { database, jwtSecret, drop: async () => {} };
}

async function postgresCopy(
  run: TemplateRun,
  key: string,
  url: string,
  prepare: (database: Database) => Promise<void>,
  jwtSecret: string,
): Promise<TemplateCopy> {
  const template = `tpl_${run.id}_${key}`;
  await withAdmin(url, async (admin) => {
    const found = await admin.query('select 1 from pg_database where datname = $1', [template]);
    if (found.rowCount) return;
    const building = `${template}_b${String(process.pid)}`;
    await admin.query(`create database ${building}`);
    await prepare(
      await openDatabase({ databaseUrl: onDatabase(url, building), pgSchema: 'public' }),
    );
    await renameOrDrop(admin, building, template);
  });
  const own = await ownDatabase(url, template);
  const database = await openDatabase({ databaseUrl: own.url, pgSchema: 'public' });
  return { database, jwtSecret, databaseUrl: own.url, drop: own.drop };
}

/**
 * Renames the built template into place. Its pool's backends may still be ending (55006, in
 * use): wait for them. Another process may have put the same template in place first (42P04,
 * or 23505 on pg_database's name index when both renames run at the same moment): keep theirs
 * and drop this one.
 */
async function renameOrDrop(admin: pg.Client, building: string, template: string): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await admin.query(`alter database ${building} rename to ${template}`);
      return;
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === '42P04' || code === '23505') {
        await admin.query(`drop database ${building} with (force)`);
        return;
      }
      if (code !== '55006' || attempt === 50) throw err;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
