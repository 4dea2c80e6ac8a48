import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The same PostgreSQL server and credentials, another database. */
export function onDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** One short connection for statements no pool should run (CREATE/DROP DATABASE). */
export async function withAdmin<T>(url: string, use: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await use(admin);
  } finally {
    await admin.end();
  }
}

export interface OwnDatabase {
  /** Its URL (schema public). */
  url: string;
  /** Drops it; close every pool on it first. */
  drop(): Promise<void>;
}

/**
 * A database of its own on the test cluster, empty or a copy of `template`. Test files on one
 * database in schemas of their own saw each other: Kysely's introspection (the migrator's too)
 * reads every schema, and one another worker dropped meanwhile failed it.
 */
export async function ownDatabase(url: string, template?: string): Promise<OwnDatabase> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  await withAdmin(url, (admin) =>
    admin.query(`create database ${name}${template ? ` template ${template}` : ''}`),
  );
  return {
    url: onDatabase(url, name),
    drop: async () => {
      await withAdmin(url, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}
