import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { AuditColumns, DB } from '../../db/schema.js';
import { perm, type Access, type AuthUser } from '../../auth/index.js';
import type { ListSpec, QueryMap } from '../query.js';
import type { Call, CallName } from '../../../src/contracts/resource-contract.js';
import type { NameColumn } from './references.js';
import type { DataVersionTable } from '../answer-cache.js';

/**
 * The server's mirror of the console's `defineResource`: one declaration of a simple table
 * resource; `tableRoutes` (routes.ts) turns it into GET list/detail(/select) and POST
 * submit/remove under `/api/<path>` with the platform's rules built in: tenant binding,
 * allowlisted filters and sorts (lib/query.ts), per-action permissions, audit columns, optimistic
 * locking, all-or-nothing logic delete. Anything beyond that stays in hand-written routes.
 */

/** Tables with an `id` and the audit columns (contract.md 4.0): the ones a declaration can serve. */
export type AuditedTable = {
  [K in keyof DB]: DB[K] extends AuditColumns & { id: string } ? K : never;
}[keyof DB];

export type Column<T extends AuditedTable> = keyof DB[T] & string;

/** Columns the engine selects and writes itself: a declaration neither lists nor writes them. */
export const MANAGED = [
  'id',
  'tenantId',
  'createUser',
  'createDept',
  'createTime',
  'updateUser',
  'updateTime',
  'status',
  'isDeleted',
  'version',
] as const;

/** The columns a declaration lists and writes. */
export type OwnColumn<T extends AuditedTable> = Exclude<Column<T>, (typeof MANAGED)[number]>;

/** Menu/button codes (any one admits), or an Access such as SUPER_ADMIN or SIGNED_IN. */
export type AccessRule = string | readonly string[] | Access;

/** What every hook receives: the caller, and the database (the transaction in beforeRemove). */
export interface TableCall {
  ctx: AppContext;
  db: Kysely<DB>;
  user: AuthUser;
  /**
   * What `decorate` answers for: the list, a detail, the select or an export (a phone masked in
   * the list and the sheet but whole in the detail). Absent in the write hooks.
   */
  use?: 'list' | 'detail' | 'select' | 'export';
}

/** A condition on the table's rows (a Kysely expression factory). */
export type RowFilter<T extends AuditedTable> = (
  eb: ExpressionBuilder<DB, T>,
) => Expression<SqlBool>;

/** A row as the engine selects it: the declared columns plus id, tenantId, audit and version. */
export type TableRow<T extends AuditedTable, C extends readonly Column<T>[]> = Pick<
  DB[T],
  C[number] | Extract<Column<T>, (typeof MANAGED)[number]>
>;

export interface BaseDef<
  T extends AuditedTable,
  C extends readonly OwnColumn<T>[],
  I extends z.ZodObject,
> {
  /** Service path without /api: 'blade-system/post'. */
  path: string;
  /** Kysely table name (camelCase): 'bladePost'. */
  table: T;
  /**
   * 'tenant': every query, update, remove and insert is bound to the caller's tenant (a tenantId
   * in the body or query is ignored). 'global': one set of rows for every tenant.
   */
  scope: DB[T] extends { tenantId: string } ? 'tenant' | 'global' : 'global';
  /** read covers list, detail and select. Global tables: writes must be SUPER_ADMIN. */
  access: { read: AccessRule; add: AccessRule; edit: AccessRule; remove: AccessRule };
  /** The resource's own columns; id, tenantId, the audit columns and version are added. */
  columns: C;
  /** Allowlisted filters and sorts of GET list (lib/query.ts). */
  list: ListSpec;
  /** Order of list and select without a declared sort, e.g. `{ sort: 'asc', id: 'asc' }`. */
  defaultOrder: Partial<Record<Column<T>, 'asc' | 'desc'>>;
  /** The submit body without id and version (the engine reads those); unknown keys are dropped. */
  input: I;
  /**
   * Columns written from the parsed input (default: the input's keys); undefined becomes null, a
   * key left out is not written (an update keeps it). May be async (e.g. hashing a secret) and
   * may read the database through `call` (e.g. completing a package's menus with their parents).
   */
  toRow?: (
    input: z.infer<I>,
    call: TableCall,
  ) =>
    | Partial<{ [K in OwnColumn<T>]: DB[T][K] }>
    | Promise<Partial<{ [K in OwnColumn<T>]: DB[T][K] }>>;
  /** Derived fields of list, detail and select answers (before nulls are written as ""). */
  decorate?: (call: TableCall, rows: TableRow<T, C>[]) => Promise<object[]> | object[];
  /**
   * Column sets unique among the live rows of the tenant (global: of the table): else 409
   * `field:message` (field: the last column unless named). Back each with a unique index
   * (db/unique.ts `liveUniqueIndex`): a write that loses the race is answered the same way.
   */
  unique?: readonly { columns: readonly OwnColumn<T>[]; message: string; field?: string }[];
  /**
   * A list condition the server works out from the query (an encrypted code's digests, a keyword
   * over several columns): applied to the list and its export on top of the allowlisted filters.
   */
  narrow?: (call: TableCall, query: QueryMap) => Promise<RowFilter<T> | undefined>;
  /**
   * Calls the declaration's own routes serve instead of the engine (a submit that queues a task,
   * a remove with its own rules): the engine registers the others.
   */
  own?: readonly CallName[];
  /** Columns the list answers that no submit writes (contract.ts `readColumns`). */
  readColumns?: readonly OwnColumn<T>[];
  /**
   * The switch column the `enable` call sets (`?ids=&<column>=1|0`, all or nothing), who may, and
   * the refusal of any other value.
   */
  toggle?: { column: OwnColumn<T>; access: AccessRule; invalid: string };
  /** Calls by the spec's names (contract `calls`): path under `path` and method. */
  calls?: Partial<Record<CallName, Call>>;
  /** Names of referenced records answered with each row (lib/table/references.ts). */
  names?: readonly NameColumn[];
  /** Throws to refuse a list query (e.g. `integerEquality('category')`). */
  beforeList?: (query: QueryMap) => void;
  /** After validation and the permission check, before the write (check references, ...). */
  beforeSave?: (call: TableCall, input: z.infer<I>, id: string | undefined) => Promise<void>;
  /** Inside the remove transaction, once every id is known to be a live, visible row. */
  beforeRemove?: (call: TableCall, ids: string[]) => Promise<void>;
  /** Adds GET select: every visible row in the default order, unpaged (pickers). */
  select?: boolean;
  /**
   * The tables the list's answer is built from (snake_case, lib/answer-cache.ts): a session's
   * list answer is served again while none of them changes. Not for lists whose answer depends
   * on the clock. answer-cache.test.ts checks the list reads no other table.
   */
  answerCache?: readonly DataVersionTable[];
  /**
   * Data-scope hook point (blade_scope_data / blade_role_scope: nothing enforces them yet).
   * Resolved once per request; the filter narrows list, select, detail, update and remove on top
   * of the tenant, so a row outside it answers 404 like another tenant's. Inserts are not
   * narrowed. Returning undefined means no narrowing.
   */
  dataScope?: (call: TableCall) => Promise<RowFilter<T> | undefined> | RowFilter<T> | undefined;
  /**
   * Adds `POST <service>/excel/export/async` (lib/export): the list as filtered, sorted, scoped
   * and tenant-bound for the caller, written to .xlsx by the export worker.
   */
  export?: TableExport;
}

/** One column of an export sheet. */
export interface TableExportColumn {
  /** A selected column, or a field `decorate` adds (e.g. a dictionary name). */
  field: string;
  /** The header (zh). */
  header: string;
  /** Width in characters (default 20). */
  width?: number;
  /** Excel's number format of its number cells (money: MONEY_FORMAT, lib/export/xlsx.ts). */
  numFmt?: string;
  /**
   * The cell from the field's value and the decorated row (default: the value). Strings stay
   * text, numbers numbers; anything else is written as its JSON text, never a formula.
   */
  format?: (value: unknown, row: Record<string, unknown>) => unknown;
}

export interface TableExport {
  /** What the console sends as `excelType` (default: the last segment of `path`). */
  excelType?: string;
  /** Service whose `excel/export/async` starts it (default: `path`). */
  service?: string;
  /** The file's name without extension (zh), e.g. '岗位列表'. */
  fileName: string;
  /** Who may export (the screen's export button code); default `access.read`. */
  access?: AccessRule;
  columns: readonly TableExportColumn[];
}

/** A table with a `version` column must say `versioned: true`: its updates lock optimistically. */
export type TableDef<
  T extends AuditedTable = AuditedTable,
  C extends readonly OwnColumn<T>[] = readonly OwnColumn<T>[],
  I extends z.ZodObject = z.ZodObject,
> = BaseDef<T, C, I> &
  ('version' extends keyof DB[T] ? { versioned: true } : { versioned?: never });

export const accessOf = (rule: AccessRule): Access =>
  typeof rule === 'string' ? perm(rule) : 'kind' in rule ? rule : perm(...rule);

/** Declares a table resource (checked at start-up); serve it with `tableRoutes(def)`. */
export function defineTable<
  T extends AuditedTable,
  const C extends readonly OwnColumn<T>[],
  I extends z.ZodObject,
>(def: TableDef<T, C, I>): TableDef<T, C, I> {
  const writes = [def.access.add, def.access.edit, def.access.remove].map(accessOf);
  if ((def.scope as string) === 'global' && writes.some((a) => a.kind !== 'super'))
    throw new Error(`${def.path}: a global table is written by the super administrator only`);
  if (def.export && def.export.columns.length === 0)
    throw new Error(`${def.path}: an export needs at least one column`);
  const reads = [def.access.read, ...(def.export?.access ? [def.export.access] : [])];
  if ([...writes, ...reads.map(accessOf)].some((a) => a.kind === 'public'))
    throw new Error(`${def.path}: table routes need a signed-in caller`);
  return def;
}
