import { sql, type Kysely } from 'kysely';
import type { AppContext } from '../../../context.js';
import type { DB } from '../../../db/schema.js';
import { badRequest } from '../../../lib/errors.js';
import { fenToYuan } from '../../../../src/contracts/money.js';
import {
  BALANCE_TYPES,
  type SupBalance,
} from '../../../../src/contracts/platform-supplier/sup-balance.js';
import {
  GOOD_BALANCE_TYPES,
  type SupGoodBalance,
} from '../../../../src/contracts/platform-supplier/sup-good-balance.js';
import {
  CHANGE_TYPES,
  RECORD_MAX_DAYS,
  type BalanceRecordRow,
} from '../../../../src/contracts/platform-supplier/all-balance-record.js';
import {
  columnSql,
  filterConditions,
  pageParams,
  sortItems,
  type ListSpec,
  type QueryMap,
  type SortItem,
} from '../../../lib/query.js';
import { parseDateTime } from '../../../lib/time.js';

/**
 * The reads of the quota screens (issue 18 item 4): one query builder per list, used by the list,
 * the detail and the export so all three answer the same rows in the same order.
 */

type Db = Kysely<DB>;
const zh = (options: readonly { value: string; label: { zh: string } }[], value: unknown) =>
  options.find((o) => o.value === String(value))?.label.zh ?? '';
const yuanOrNull = (fen: unknown) =>
  fen === null || fen === undefined ? null : fenToYuan(Number(fen));
const below = (balance: unknown, warning: unknown) =>
  warning !== null && warning !== undefined && balance !== null && balance !== undefined
    ? Number(balance) < Number(warning)
      ? 1
      : 0
    : 0;

// ---------------------------------------------------------------- supplier balances

export const SUP_BALANCE_LIST: ListSpec = {
  filters: {
    supCode: { column: 's.supCode', default: 'like' },
    supName: { column: 's.supName', default: 'like' },
    supId: { column: 'b.supId', default: 'equal' },
    // The supplier's settlement type gives the balance's (sup-settlement.ts): 1 预付, 2 授信.
    balanceType: { column: 's.settlementType', default: 'equal', type: 'int' },
  },
  sorts: { balance: 'b.balance', updateTime: 'b.updateTime', supCode: 's.supCode' },
};
export const SUP_BALANCE_ORDER: SortItem[] = [
  { column: 's.supCode', direction: 'asc' },
  { column: 'b.id', direction: 'asc' },
];

export function supBalanceBase(db: Db, tenantId: string) {
  return db
    .selectFrom('bladeSupBalanceTotal as b')
    .innerJoin('bladeSup as s', (j) =>
      j.onRef('s.id', '=', 'b.supId').onRef('s.tenantId', '=', 'b.tenantId'),
    )
    .where('b.tenantId', '=', tenantId)
    .where('b.isDeleted', '=', 0);
}

const SUP_BALANCE_COLUMNS = [
  'b.id',
  'b.supId',
  's.supCode',
  's.supName',
  'b.balance',
  'b.overdraftLimit',
  'b.warningAmount',
  's.settlementType as balanceType',
  'b.createTime',
  'b.updateTime',
  'b.version',
] as const;

type SupBalanceFen = {
  id: string;
  supId: string;
  supCode: string;
  supName: string;
  balance: number;
  overdraftLimit: number;
  warningAmount: number | null;
  balanceType: number;
  createTime: string | null;
  updateTime: string | null;
  version: number;
};

export function presentSupBalance(r: SupBalanceFen): SupBalance {
  return {
    id: r.id,
    supId: r.supId,
    supCode: r.supCode,
    supName: r.supName,
    balance: fenToYuan(Number(r.balance)),
    overdraftLimit: fenToYuan(Number(r.overdraftLimit)),
    warningAmount: yuanOrNull(r.warningAmount),
    balanceType: Number(r.balanceType),
    balanceTypeName: zh(BALANCE_TYPES, r.balanceType),
    belowWarning: below(r.balance, r.warningAmount),
    createTime: r.createTime ?? '',
    updateTime: r.updateTime,
    version: Number(r.version),
  };
}

export async function listSupBalances(ctx: AppContext, tenantId: string, query: QueryMap) {
  const base = supBalanceBase(ctx.db, tenantId);
  const filtered = filterConditions(query, SUP_BALANCE_LIST, ctx.dialect).reduce(
    (qb, c) => qb.where(c),
    base,
  );
  const { current, size } = pageParams(query);
  const total = Number(
    (await filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0,
  );
  let q = filtered.select([...SUP_BALANCE_COLUMNS]);
  const sorts = sortItems(query, SUP_BALANCE_LIST);
  for (const s of sorts.length ? sorts : SUP_BALANCE_ORDER)
    q = q.orderBy(columnSql(s.column), s.direction);
  const rows = await q
    .limit(size)
    .offset((current - 1) * size)
    .execute();
  return {
    records: rows.map((r) => presentSupBalance(r as SupBalanceFen)),
    total,
    size,
    current,
    pages: Math.ceil(total / size),
  };
}

export async function supBalanceById(db: Db, tenantId: string, id: string) {
  const row = await supBalanceBase(db, tenantId)
    .select([...SUP_BALANCE_COLUMNS])
    .where('b.id', '=', id)
    .executeTakeFirst();
  return row ? presentSupBalance(row as SupBalanceFen) : undefined;
}

// ---------------------------------------------------------------- goods' quotas

export const GOOD_BALANCE_LIST: ListSpec = {
  filters: {
    supId: { column: 'g.supId', default: 'equal' },
    goodCode: { column: 'g.goodCode', default: 'like' },
    goodName: { column: 'g.goodName', default: 'like' },
  },
  sorts: { goodCode: 'g.goodCode', balance: 'q.balance' },
};
/** The list's documented query: balanceType is filtered by hand (no row counts as 1). */
export const GOOD_BALANCE_DOC: ListSpec = {
  ...GOOD_BALANCE_LIST,
  filters: {
    ...GOOD_BALANCE_LIST.filters,
    balanceType: { column: 'q.balanceType', default: 'equal', type: 'int' },
  },
};
const GOOD_BALANCE_ORDER: SortItem[] = [
  { column: 'g.goodCode', direction: 'asc' },
  { column: 'g.id', direction: 'asc' },
];

export function goodBalanceBase(db: Db, tenantId: string, query: QueryMap = {}) {
  let q = db
    .selectFrom('bladeSupGood as g')
    .innerJoin('bladeSup as s', (j) =>
      j.onRef('s.id', '=', 'g.supId').onRef('s.tenantId', '=', 'g.tenantId'),
    )
    .leftJoin('bladeSupGoodBalanceTotal as q', (j) =>
      j
        .onRef('q.goodId', '=', 'g.id')
        .onRef('q.tenantId', '=', 'g.tenantId')
        .on('q.isDeleted', '=', 0),
    )
    .where('g.tenantId', '=', tenantId)
    .where('g.isDeleted', '=', 0)
    .where('s.isDeleted', '=', 0);
  const type = query.balanceType ?? query.balanceType_equal;
  if (type === '2' || type === 2) q = q.where('q.balanceType', '=', 2);
  else if (type === '1' || type === 1)
    q = q.where((eb) => eb.or([eb('q.balanceType', 'is', null), eb('q.balanceType', '=', 1)]));
  else if (type !== undefined && type !== '') q = q.where(sql<boolean>`1 = 0`);
  return q;
}

const GOOD_BALANCE_COLUMNS = [
  'g.id',
  'g.goodCode',
  'g.goodName',
  'g.supId',
  's.supName',
  'q.id as balanceId',
  'q.balanceType',
  'q.balance',
  'q.overdraftLimit',
  'q.warningAmount',
  'q.updateTime',
] as const;

type GoodBalanceFen = {
  id: string;
  goodCode: string;
  goodName: string;
  supId: string;
  supName: string;
  balanceId: string | null;
  balanceType: number | null;
  balance: number | null;
  overdraftLimit: number | null;
  warningAmount: number | null;
  updateTime: string | null;
};

export function presentGoodBalance(r: GoodBalanceFen): SupGoodBalance {
  const type = r.balanceType === null ? 1 : Number(r.balanceType);
  return {
    id: r.id,
    goodId: r.id,
    goodCode: r.goodCode,
    goodName: r.goodName,
    supId: r.supId,
    supName: r.supName,
    balanceId: r.balanceId,
    balanceType: type,
    balanceTypeName: zh(GOOD_BALANCE_TYPES, type),
    balance: yuanOrNull(r.balance),
    overdraftLimit: yuanOrNull(r.overdraftLimit),
    warningAmount: yuanOrNull(r.warningAmount),
    belowWarning: type === 2 ? below(r.balance, r.warningAmount) : 0,
    updateTime: r.updateTime,
  };
}

function goodBalanceQuery(ctx: AppContext, tenantId: string, query: QueryMap) {
  return filterConditions(query, GOOD_BALANCE_LIST, ctx.dialect).reduce(
    (qb, c) => qb.where(c),
    goodBalanceBase(ctx.db, tenantId, query),
  );
}

function goodBalanceSorted(ctx: AppContext, tenantId: string, query: QueryMap) {
  let q = goodBalanceQuery(ctx, tenantId, query).select([...GOOD_BALANCE_COLUMNS]);
  const sorts = sortItems(query, GOOD_BALANCE_LIST);
  for (const s of sorts.length ? [...sorts, ...GOOD_BALANCE_ORDER] : GOOD_BALANCE_ORDER)
    q = q.orderBy(columnSql(s.column), s.direction);
  return q;
}

export async function countGoodBalances(ctx: AppContext, tenantId: string, query: QueryMap) {
  const row = await goodBalanceQuery(ctx, tenantId, query)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function goodBalancePage(
  ctx: AppContext,
  tenantId: string,
  query: QueryMap,
  limit: number,
  offset: number,
) {
  const rows = await goodBalanceSorted(ctx, tenantId, query).limit(limit).offset(offset).execute();
  return rows.map((r) => presentGoodBalance(r as GoodBalanceFen));
}

export async function listGoodBalances(ctx: AppContext, tenantId: string, query: QueryMap) {
  const { current, size } = pageParams(query);
  const total = await countGoodBalances(ctx, tenantId, query);
  const records = await goodBalancePage(ctx, tenantId, query, size, (current - 1) * size);
  return { records, total, size, current, pages: Math.ceil(total / size) };
}

export async function goodBalanceById(db: Db, tenantId: string, goodId: string) {
  const row = await goodBalanceBase(db, tenantId)
    .select([...GOOD_BALANCE_COLUMNS])
    .where('g.id', '=', goodId)
    .executeTakeFirst();
  return row ? presentGoodBalance(row as GoodBalanceFen) : undefined;
}

// ---------------------------------------------------------------- both ledgers

/** The documented filters of the change list (each ledger applies them to its own rows). */
export const RECORD_LIST: ListSpec = {
  filters: {
    supId: { column: 'r.supId', default: 'equal' },
    goodId: { column: 'r.goodId', default: 'equal' },
    goodCode: { column: 'rg.goodCode', default: 'like' },
    changeType: { column: 'r.changeType', default: 'equal' },
    createTime: { column: 'r.createTime', default: 'equal' },
  },
  sorts: {},
};
/** The supplier ledger has no good: a good filter leaves it out. */
const SUP_RECORD_LIST: ListSpec = {
  filters: {
    supId: RECORD_LIST.filters.supId!,
    changeType: RECORD_LIST.filters.changeType!,
    createTime: RECORD_LIST.filters.createTime!,
  },
  sorts: {},
};
const RECORD_ORDER: SortItem[] = [
  { column: 'x.createTime', direction: 'desc' },
  { column: 'x.id', direction: 'desc' },
];
const GOOD_FILTER = /^good(Id|Code)(_[a-z]+)?$/;
const filtersGood = (query: QueryMap) =>
  Object.entries(query).some(
    ([name, value]) => GOOD_FILTER.test(name) && value !== undefined && value !== '',
  );

export const RANGE_TOO_LONG = `时间范围不能超过${RECORD_MAX_DAYS}天`;

/** Refuses a time range longer than 31 days (both ends given). */
export function checkRecordRange(query: QueryMap): void {
  const pick = (...names: string[]) => {
    for (const n of names) {
      const v = query[n];
      if (typeof v === 'string' && v !== '') return parseDateTime(v);
    }
    return undefined;
  };
  const start = pick('createTime_datege', 'createTime_dategt');
  const end = pick('createTime_datele', 'createTime_datelt');
  if (!start || !end) return;
  const ms = (text: string) => Date.parse(`${text.replace(' ', 'T')}Z`);
  if (ms(end) - ms(start) > RECORD_MAX_DAYS * 86_400_000) throw badRequest(RANGE_TOO_LONG);
}

/** A position in the list's order (createTime desc, id desc): rows after it (the export's keyset). */
export interface RecordCursor {
  createTime: string;
  id: string;
}

/**
 * One ledger's matching rows, newest first, at most `limit` of them: the filters, the order and
 * the limit are applied inside the ledger, so each reads its (tenant, create_time) or (tenant,
 * owner, create_time) index instead of both ledgers being merged and sorted whole.
 */
function ledgerRows(
  ctx: AppContext,
  tenantId: string,
  kind: 'supplier' | 'good',
  query: QueryMap,
  limit: number | undefined,
  after?: RecordCursor,
) {
  const db = ctx.db;
  const q =
    kind === 'supplier'
      ? db
          .selectFrom('bladeSupBalanceRecord as r')
          .select([sql<string>`'supplier'`.as('kind'), sql<string>`''`.as('goodId')])
      : db
          .selectFrom('bladeSupGoodBalanceRecord as r')
          .leftJoin('bladeSupGood as rg', 'rg.id', 'r.goodId')
          .select([sql<string>`'good'`.as('kind'), 'r.goodId']);
  let branch = q
    .select([
      'r.id',
      'r.supId',
      'r.changeType',
      'r.amount',
      'r.balanceAfter',
      'r.reason',
      'r.sourceNo',
      'r.attachId',
      'r.fileName',
      'r.createUser',
      'r.createTime',
    ])
    .where('r.tenantId', '=', tenantId);
  for (const c of filterConditions(
    query,
    kind === 'supplier' ? SUP_RECORD_LIST : RECORD_LIST,
    ctx.dialect,
  ))
    branch = branch.where(c);
  if (kind === 'supplier' && filtersGood(query)) branch = branch.where(sql<boolean>`1 = 0`);
  if (after)
    branch = branch.where((eb) =>
      eb.or([
        eb('r.createTime', '<', after.createTime),
        eb.and([eb('r.createTime', '=', after.createTime), eb('r.id', '<', after.id)]),
      ]),
    );
  // Totals (no limit) need no order.
  if (limit === undefined) return branch;
  return branch.orderBy('r.createTime', 'desc').orderBy('r.id', 'desc').limit(limit);
}

/** Both ledgers' first `limit` matching rows merged, with names, in the list's order. */
function mergedRows(
  ctx: AppContext,
  tenantId: string,
  query: QueryMap,
  limit: number | undefined,
  after?: RecordCursor,
) {
  const db = ctx.db;
  // Wrapped: a member of a UNION may not carry its own ORDER BY / LIMIT (SQLite).
  const sup = db
    .selectFrom(ledgerRows(ctx, tenantId, 'supplier', query, limit, after).as('a'))
    .selectAll();
  const good = db
    .selectFrom(ledgerRows(ctx, tenantId, 'good', query, limit, after).as('b'))
    .selectAll();
  return db
    .selectFrom(sup.unionAll(good).as('x'))
    .leftJoin('bladeSup as s', 's.id', 'x.supId')
    .leftJoin('bladeSupGood as g', 'g.id', 'x.goodId')
    .leftJoin('bladeUser as u', 'u.id', 'x.createUser');
}

/** Any one change by id (either ledger), with names. */
export function recordBase(db: Db, tenantId: string) {
  const sup = db
    .selectFrom('bladeSupBalanceRecord as r')
    .select([sql<string>`'supplier'`.as('kind'), sql<string>`''`.as('goodId')])
    .select(['r.id', 'r.supId', 'r.changeType', 'r.amount', 'r.balanceAfter', 'r.reason'])
    .select(['r.sourceNo', 'r.attachId', 'r.fileName', 'r.createUser', 'r.createTime'])
    .where('r.tenantId', '=', tenantId);
  const good = db
    .selectFrom('bladeSupGoodBalanceRecord as r')
    .select([sql<string>`'good'`.as('kind'), 'r.goodId'])
    .select(['r.id', 'r.supId', 'r.changeType', 'r.amount', 'r.balanceAfter', 'r.reason'])
    .select(['r.sourceNo', 'r.attachId', 'r.fileName', 'r.createUser', 'r.createTime'])
    .where('r.tenantId', '=', tenantId);
  return db
    .selectFrom(sup.unionAll(good).as('x'))
    .leftJoin('bladeSup as s', 's.id', 'x.supId')
    .leftJoin('bladeSupGood as g', 'g.id', 'x.goodId')
    .leftJoin('bladeUser as u', 'u.id', 'x.createUser');
}

const RECORD_COLUMNS = [
  'x.id',
  'x.kind',
  'x.supId',
  's.supName',
  'x.goodId',
  'g.goodName',
  'x.changeType',
  'x.amount',
  'x.balanceAfter',
  'x.reason',
  'x.sourceNo',
  'x.attachId',
  'x.fileName',
  'u.realName',
  'u.account',
  'x.createTime',
] as const;

type RecordFen = {
  id: string;
  kind: string;
  supId: string;
  supName: string | null;
  goodId: string;
  goodName: string | null;
  changeType: string;
  amount: number;
  balanceAfter: number;
  reason: string | null;
  sourceNo: string | null;
  attachId: string | null;
  fileName: string | null;
  realName: string | null;
  account: string | null;
  createTime: string;
};

function presentRecord(r: RecordFen): BalanceRecordRow {
  return {
    id: r.id,
    kind: r.kind,
    supId: r.supId,
    supName: r.supName ?? '',
    goodId: r.goodId ?? '',
    goodName: r.goodName ?? '',
    changeType: r.changeType,
    changeTypeName: zh(CHANGE_TYPES, r.changeType),
    amount: fenToYuan(Number(r.amount)),
    balanceAfter: fenToYuan(Number(r.balanceAfter)),
    reason: r.reason,
    sourceNo: r.sourceNo,
    hasFile: r.attachId ? 1 : 0,
    fileName: r.fileName,
    createUserName: r.realName || r.account || '',
    createTime: r.createTime,
  };
}

/**
 * Matching changes of both ledgers, each counted on its own index. (A sum of every matching
 * amount would read each row: ~300 ms per 100,000 changes on SQLite, so the footer sums the page.)
 */
export async function countRecords(ctx: AppContext, tenantId: string, query: QueryMap) {
  let count = 0;
  for (const kind of ['supplier', 'good'] as const) {
    const row = await ctx.db
      .selectFrom(ledgerRows(ctx, tenantId, kind, query, undefined).as('l'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    count += Number(row?.n ?? 0);
  }
  return count;
}

async function recordRows(
  ctx: AppContext,
  tenantId: string,
  query: QueryMap,
  limit: number,
  offset: number,
  after?: RecordCursor,
) {
  let q = mergedRows(ctx, tenantId, query, offset + limit, after).select([...RECORD_COLUMNS]);
  for (const s of RECORD_ORDER) q = q.orderBy(columnSql(s.column), s.direction);
  const rows = await q.limit(limit).offset(offset).execute();
  return rows.map((r) => presentRecord(r as RecordFen));
}

export function recordPage(
  ctx: AppContext,
  tenantId: string,
  query: QueryMap,
  limit: number,
  offset: number,
) {
  return recordRows(ctx, tenantId, query, limit, offset);
}

/** The export's batches: keyset on (createTime, id), so a long export never re-reads a page. */
export function recordsAfter(
  ctx: AppContext,
  tenantId: string,
  query: QueryMap,
  limit: number,
  after: RecordCursor | undefined,
) {
  return recordRows(ctx, tenantId, query, limit, 0, after);
}

/** A page of changes, newest first. */
export async function listRecords(ctx: AppContext, tenantId: string, query: QueryMap) {
  checkRecordRange(query);
  const { current, size } = pageParams(query);
  const total = await countRecords(ctx, tenantId, query);
  const records = await recordPage(ctx, tenantId, query, size, (current - 1) * size);
  return { records, total, size, current, pages: Math.ceil(total / size) };
}

export async function recordById(ctx: AppContext, tenantId: string, id: string) {
  const row = await recordBase(ctx.db, tenantId)
    .select([...RECORD_COLUMNS])
    .where('x.id', '=', id)
    .executeTakeFirst();
  return row ? { row: presentRecord(row as RecordFen), attachId: row.attachId } : undefined;
}
