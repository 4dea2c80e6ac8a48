import { Migrator, type Migration } from 'kysely';
import { MIGRATIONS, openDatabase, type Database } from '../db/database.js';
import { ownDatabase } from './pg-admin.js';

/**
 * A database for a migration's own test, on SQLite in memory or (TEST_DATABASE_URL) in a
 * PostgreSQL database of its own: `migrateTo` runs a chosen set of migrations (all but the one
 * under test, to write the rows it must cope with, then all of them); `close` drops the database.
 */
export interface MigrationDatabase {
  database: Database;
  migrateTo(migrations: Readonly<Record<string, Migration>>): Promise<void>;
  close(): Promise<void>;
}

/** Every migration but `name`. */
export const allBut = (name: string): Record<string, Migration> =>
  Object.fromEntries(Object.entries(MIGRATIONS).filter(([n]) => n !== name));

export async function migrationDatabase(): Promise<MigrationDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  const own = url ? await ownDatabase(url) : undefined;
  const schema = own ? 'public' : undefined;
  const database = await openDatabase({
    databaseUrl: own?.url,
    sqliteFile: ':memory:',
    ...(schema ? { pgSchema: schema } : {}),
  });
  return {
    database,
    async migrateTo(migrations) {
      const migrator = new Migrator({
        db: database.db,
        provider: { getMigrations: async () => migrations },
        ...(schema ? { migrationTableSchema: schema } : {}),
        allowUnorderedMigrations: true,
      });
      const { error, results } = await migrator.migrateToLatest();
      const failed = results?.find((r) => r.status === 'Error');
      if (error || failed)
        throw new Error(`migration ${failed?.migrationName ?? ''}: ${String(error)}`);
    },
    async close() {
      await database.close();
      await own?.drop();
    },
  };
}
