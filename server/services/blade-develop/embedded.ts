import type { Dialect } from '../../db/database.js';

/**
 * The embedded database as a data source: migration 009 records it (name '内置数据库') with the
 * driver of the dialect the server runs on and this url. The code generator reads table columns
 * from the embedded database only, so a data source is "the embedded one" when its driver and url
 * are these (whatever it has been renamed to).
 */
export const EMBEDDED_DATASOURCE: Readonly<Record<Dialect, { driverClass: string; url: string }>> =
  {
    sqlite: { driverClass: 'org.sqlite.JDBC', url: 'jdbc:sqlite:embedded' },
    postgres: { driverClass: 'org.postgresql.Driver', url: 'jdbc:postgresql:embedded' },
  };

export function isEmbeddedDatasource(
  row: { driverClass: string; url: string },
  dialect: Dialect,
): boolean {
  const embedded = EMBEDDED_DATASOURCE[dialect];
  return row.driverClass === embedded.driverClass && row.url.trim() === embedded.url;
}
