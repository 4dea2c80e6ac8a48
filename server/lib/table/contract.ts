import { contractSheet } from '../export/sheet.js';
import type { z } from 'zod';
import {
  fieldEntries,
  type InputKey,
  type ResourceContract,
} from '../../../src/contracts/resource-contract.js';
import { SUPER_ADMIN } from '../../auth/index.js';
import { cachedForGrants } from '../../auth/grants-cache.js';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/schema.js';
import type { ListSpec, QueryMap } from '../query.js';
import {
  defineTable,
  type AccessRule,
  type AuditedTable,
  type BaseDef,
  type OwnColumn,
  type TableCall,
  type TableDef,
} from './define.js';
import { integerEquality } from './fields.js';
import { referenceNames, type NameColumn } from './references.js';
import {
  toggleOf,
  uniqueRules,
  withReferencesChecked,
  withRegion,
  withRegions,
  withYuan,
} from './contract-hooks.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- a contract of any row and fields */
type AnyContract = ResourceContract<any, any>;
type InputOf<C extends AnyContract> = InputKey<C['fields']>;
type ShapeOf<C extends AnyContract> = C['input'] extends z.ZodObject<infer S> ? S : never;

/** Submit fields the server checks its own way, by name (see `fieldInputs`). */
export type FieldInputs<C extends AnyContract> = { readonly [K in InputOf<C>]?: z.ZodType };

/** The submit schema of a contract table: the contract's, with the server's own fields. */
export type InputWith<C extends AnyContract, O> = z.ZodObject<
  Omit<ShapeOf<C>, keyof O> & { [K in keyof O]: O[K] extends z.ZodType ? O[K] : never }
>;

/**
 * A table declared from its resource contract (src/contracts/<service>/<resource>.ts): the path,
 * permission codes, written columns, submit checks, allowlisted filters and sorts and the export
 * sheet come from the contract; the declaration says only what is the server's own (the table,
 * the scope, who else may read, the default order and the hooks).
 */
export type ContractTableDef<
  T extends AuditedTable,
  C extends AnyContract,
  O extends FieldInputs<C> = FieldInputs<C>,
> = Pick<
  BaseDef<T, readonly OwnColumn<T>[], InputWith<C, O>>,
  | 'table'
  | 'scope'
  | 'defaultOrder'
  | 'decorate'
  | 'unique'
  | 'beforeList'
  | 'beforeSave'
  | 'beforeRemove'
  | 'select'
  | 'answerCache'
  | 'toRow'
  | 'narrow'
  | 'own'
> &
  ('version' extends keyof DB[T] ? { versioned: true } : { versioned?: never }) & {
    /** Its submit fields must be columns of the table (a compile error names the others). */
    contract: C;
    /** As `defineTable`'s (NoInfer: a generic scope hook must not decide the table). */
    dataScope?: NoInfer<BaseDef<T, readonly OwnColumn<T>[], InputWith<C, O>>['dataScope']>;
    /**
     * Submit fields the server checks its own way (a secret kept when the mask comes back, a
     * date normalised, an enum, an array sent comma-joined): these schemas replace the
     * contract's derived ones, in place. Build them from the contract's field (its messages and
     * lengths), e.g. `{password: secretField(contract.fields.password.maxLength)}`.
     */
    fieldInputs?: O;
    /**
     * Columns of the table no submit writes (a state, a balance, an audit time; a task's params
     * that `decorate` unpacks): written by the resource's own actions, read by the list, the
     * detail and the export.
     */
    readColumns?: readonly ReadColumn<T>[];
    /** Codes of other screens that read this list (pickers), besides its menu and view codes. */
    readers?: readonly string[];
    /**
     * Access other than the contract's codes (a missing button means the super administrator only),
     * e.g. `{add: SUPER_ADMIN, ...}` for a global table.
     */
    access?: Partial<Record<'read' | 'add' | 'edit' | 'remove', AccessRule>>;
    /**
     * Filters and sorts the contract's fields do not name (joined columns, ...). A filter named
     * here replaces the contract's of that name (e.g. `type: 'int'`: a non-integer matches
     * nothing instead of the whole-number check's 400).
     */
    list?: Partial<ListSpec>;
  };

/** A column of the table the engine reads besides the submit's (a state, a task's params). */
type ReadColumn<T extends AuditedTable> = OwnColumn<T>;

/** A compile error naming the contract's submit fields that are not columns of the table. */
type SubmitColumns<T extends AuditedTable, C extends AnyContract> =
  InputOf<C> extends OwnColumn<T> ? unknown : { notColumns: Exclude<InputOf<C>, OwnColumn<T>> };

/**
 * The list allowlist of a contract: its filtered and sortable fields, by their own names (a
 * referenced record's name by its subquery, `names`).
 */
export function contractList(
  contract: AnyContract,
  extra: Partial<ListSpec> = {},
  names: readonly NameColumn[] = [],
): ListSpec {
  const fields = fieldEntries(contract);
  const column = (name: string) => names.find((n) => n.field === name)?.expression ?? name;
  const aliases = Object.entries(contract.filterAliases ?? {}) as [
    string,
    { field: string; filter: 'like' | 'equal'; byServer?: true },
  ][];
  return {
    filters: {
      ...Object.fromEntries(
        fields.flatMap(([name, f]) =>
          f.filter ? [[name, { column: column(name), default: f.filter }]] : [],
        ),
      ),
      ...Object.fromEntries(
        aliases.map(([name, a]) => [
          name,
          { column: a.field, default: a.filter, ...(a.byServer ? { byServer: true } : {}) },
        ]),
      ),
      ...extra.filters,
    },
    sorts: {
      ...Object.fromEntries(
        fields.flatMap(([name, f]) => (f.sortable ? [[name, column(name)]] : [])),
      ),
      ...extra.sorts,
    },
  };
}

/** Declares a table from a contract; checked like `defineTable`, served by `tableRoutes`. */
export function defineContractTable<
  T extends AuditedTable,
  C extends AnyContract,
  O extends FieldInputs<C> = Record<never, never>,
  const Stored extends boolean = true,
>(
  def: ContractTableDef<T, C, O> & {
    /**
     * false: the submit's fields are not columns of the table (a task's range, kept in its
     * params): the engine neither reads nor writes them, and the declaration's own route submits.
     */
    inputColumns?: Stored;
  } & (Stored extends false
      ? unknown // the submit's fields live elsewhere (a task's params): its own route writes them
      : SubmitColumns<T, C>),
): TableDef<T> {
  const {
    contract,
    readers = [],
    access = {},
    list,
    beforeList,
    fieldInputs,
    readColumns = [],
    inputColumns,
    ...rest
  } = def;
  const { codes } = contract;
  if (inputColumns === false && !rest.own?.includes('submit'))
    throw new Error(`${contract.service}: fields that are not columns need their own submit`);
  const fields = fieldEntries(contract);
  // Money: fen at rest, yuan on the wire (contracts/money.ts). A yuan filter would need its own
  // conversion: none is declared yet, so one is refused here rather than compared in fen.
  const money = fields.filter(([, f]) => f.kind === 'money').map(([name]) => name);
  const moneyFilter = fields.find(([, f]) => f.kind === 'money' && f.filter);
  if (moneyFilter) throw new Error(`${contract.service}: money field ${moneyFilter[0]} filters`);
  const tenant = (rest.scope as string) === 'tenant';
  const names = referenceNames(contract, rest.table, tenant);
  const regions = fields.some(([, f]) => f.region);
  const decorate = withYuan(money, regions ? withRegions(rest.decorate) : rest.decorate);
  // Whole-number filters take equality on a whole number only (PostgreSQL would answer 500),
  // unless the declaration's own filter of that name says otherwise.
  const numeric = fields
    .filter(([, f]) => f.filter && ['integer', 'money', 'switch'].includes(f.kind ?? 'text'))
    .map(([name]) => name)
    .filter((name) => !list?.filters?.[name]);
  const numericCheck = numeric.length > 0 ? integerEquality(...numeric) : undefined;
  const exportColumns = contractSheet(contract);
  const resolved = {
    ...rest,
    ...(decorate ? { decorate } : {}),
    path: contract.service,
    access: {
      read: access.read ?? [codes.menu, ...(codes.view ? [codes.view] : []), ...readers],
      add: access.add ?? codes.add ?? SUPER_ADMIN,
      edit: access.edit ?? codes.edit ?? SUPER_ADMIN,
      remove: access.remove ?? codes.remove ?? SUPER_ADMIN,
    },
    // The submit's fields are the table's columns, unless the declaration says they are not.
    columns: inputColumns === false ? [] : contract.inputKeys,
    readColumns,
    ...toggleOf(contract),
    calls: contract.resolvedCalls,
    names,
    unique: [...uniqueRules(contract), ...(rest.unique ?? [])],
    ...(regions ? { toRow: withRegion(rest.toRow) } : {}),
    beforeSave: withReferencesChecked(contract, rest.beforeSave),
    select: rest.select ?? contract.calls?.select !== undefined,
    list: contractList(contract, list, names),
    input: fieldInputs ? contract.input.extend(fieldInputs as z.ZodRawShape) : contract.input,
    beforeList:
      numericCheck && beforeList
        ? (query: QueryMap) => (numericCheck(query), beforeList(query))
        : (numericCheck ?? beforeList),
    export: contract.export && {
      excelType: contract.export.excelType,
      fileName: contract.export.fileName,
      access: codes.export ?? codes.menu,
      columns: exportColumns,
    },
  } as unknown as TableDef<T>;
  return defineTable(resolved);
}

/**
 * Names of dictionary `code` (dictKey -> dictValue). With the request's grants version they are
 * cached for it (a dictionary edit moves it: migration 056), so an edit shows at the next
 * request on every process; without one they are read each time. Shared: never change the map.
 */
export async function dictNames(
  ctx: Pick<AppContext, 'db'>,
  code: string,
  grantsVersion?: number,
): Promise<ReadonlyMap<string, string>> {
  return cachedForGrants(ctx.db, grantsVersion, `dict:${code}`, async () => {
    const rows = await ctx.db
      .selectFrom('bladeDict')
      .select(['dictKey', 'dictValue'])
      .where('code', '=', code)
      .where('parentId', '<>', '0')
      .where('isDeleted', '=', 0)
      .execute();
    return new Map(rows.map((r) => [r.dictKey, r.dictValue]));
  });
}

/**
 * A `decorate` hook adding the dictionary name of each field that names a `dict` in the
 * contract: `dictLabels(contract, {category: 'categoryName'})`.
 */
export function dictLabels(contract: AnyContract, targets: Readonly<Record<string, string>>) {
  const specs = new Map(fieldEntries(contract));
  return async (call: TableCall, rows: object[]): Promise<object[]> => {
    const maps = await Promise.all(
      Object.keys(targets).map(async (field) => {
        const dict = specs.get(field)?.dict;
        if (!dict) throw new Error(`${contract.service}: ${field} names no dictionary`);
        return [field, await dictNames(call.ctx, dict, call.user.grantsVersion)] as const;
      }),
    );
    return rows.map((row) => {
      const named: Record<string, unknown> = { ...row };
      for (const [field, names] of maps)
        named[targets[field]!] = names.get(String((row as Record<string, unknown>)[field])) ?? '';
      return named;
    });
  };
}
