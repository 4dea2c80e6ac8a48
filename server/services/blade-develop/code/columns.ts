import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../../db/database.js';
import type { DB } from '../../../db/schema.js';

/** A column of an embedded table as the generator sees it. */
export interface TableColumn {
  /** As in the database: 'post_name'. */
  name: string;
  /** As the API and the console name it: 'postName'. */
  field: string;
  kind: 'text' | 'integer' | 'decimal';
  /** Text columns: the declared length (undefined: unbounded, e.g. `text`). */
  maxLength: number | undefined;
  notNull: boolean;
  /** A literal default (a number or a quoted text), when the column has one. */
  defaultValue: string | number | undefined;
  /** The column's comment (PostgreSQL `comment on column`; SQLite has none), the zh label. */
  comment: string | undefined;
}

/** A table or column name the generator accepts (also checked by the code submit). */
export const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

export const toCamel = (name: string) =>
  name.toLowerCase().replace(/_+([a-z0-9])/g, (_, c: string) => c.toUpperCase());

function kindOf(type: string): TableColumn['kind'] {
  const t = type.toLowerCase();
  if (/\b(tiny|small|medium|big)?int(eger|2|4|8)?\b|serial/.test(t)) return 'integer';
  if (/real|double|float|numeric|decimal/.test(t)) return 'decimal';
  if (t === 'boolean' || t === 'bool') return 'integer';
  return 'text';
}

/** SQLite's `dflt_value` / PostgreSQL's `column_default` as a literal, when it is one. */
function literal(raw: string | null | undefined): string | number | undefined {
  if (raw === null || raw === undefined) return undefined;
  const v = raw.trim().replace(/^\((.*)\)$/, '$1');
  if (/^-?\d+(\.\d+)?$/.test(v)) return Number(v);
  const quoted = /^'((?:[^']|'')*)'(::[\w\s]+)?$/.exec(v);
  return quoted ? quoted[1]!.replace(/''/g, "'") : undefined;
}

interface RawColumn {
  name: string;
  type: string;
  length: number | null;
  mandatory: number | boolean;
  dflt: string | null;
  remark: string | null;
}

/**
 * The columns of a table of the embedded database in their declared order, or undefined when no
 * such table exists. The name is a bound parameter on both databases (SQLite's
 * `pragma_table_info(?)`, PostgreSQL's information_schema), and is checked against IDENTIFIER
 * first.
 */
export async function readColumns(
  db: Kysely<DB>,
  dialect: Dialect,
  table: string,
): Promise<TableColumn[] | undefined> {
  if (!IDENTIFIER.test(table)) return undefined;
  // Aliases without underscores: the CamelCasePlugin leaves them as they are.
  const rows =
    dialect === 'postgres'
      ? (
          await sql<RawColumn>`
            select column_name as name, data_type as type, character_maximum_length as length,
              (is_nullable = 'NO') as mandatory, column_default as dflt,
              col_description(
                format('%I.%I', table_schema, table_name)::regclass, ordinal_position
              ) as remark
            from information_schema.columns
            where table_schema = current_schema() and table_name = ${table}
            order by ordinal_position
          `.execute(db)
        ).rows
      : (
          await sql<RawColumn>`
            select name, type, null as length, "notnull" as mandatory, dflt_value as dflt,
              null as remark
            from pragma_table_info(${table})
            where exists (
              select 1 from sqlite_master where type = 'table' and name = ${table}
            )
            order by cid
          `.execute(db)
        ).rows;
  if (rows.length === 0) return undefined;
  return rows.map((r) => {
    const kind = kindOf(r.type);
    const declared = /\((\d+)\)/.exec(r.type)?.[1];
    const length = r.length ?? (declared ? Number(declared) : null);
    return {
      name: r.name,
      field: toCamel(r.name),
      kind,
      maxLength: kind === 'text' && length ? Number(length) : undefined,
      notNull: r.mandatory === true || Number(r.mandatory) === 1,
      defaultValue: literal(r.dflt),
      // One line of the comment, as a label.
      comment:
        r.remark
          ?.trim()
          .split(/[\r\n]/)[0]
          ?.trim() || undefined,
    };
  });
}
