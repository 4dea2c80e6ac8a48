import type { Kysely } from 'kysely';
import type {
  CodeFindHit,
  CodeTrace,
  CouponGood,
  SupBatchCouponCode,
  SupCouponCode,
  SupCouponCodeRecovery,
  SupCouponCodeUsed,
} from '../../../../src/contracts/platform-supplier/coupon-code.js';
import { FIND_MAX } from '../../../../src/contracts/platform-supplier/coupon-code.js';
import {
  couponCodeLifecycle,
  type CouponCodeState,
} from '../../../../machines/lifecycles/coupon-code-machine.js';
import type { DB } from '../../../db/schema.js';
import { notFound } from '../../../lib/errors.js';
import {
  columnSql,
  filterConditions,
  pageParams,
  paged,
  sortItems,
  type ListSpec,
  type Page,
  type QueryMap,
  type SortItem,
} from '../../../lib/query.js';
import { chunks } from '../../../lib/chunks.js';
import { codeIdsOf, recoveryLabel, shownCode, sourceLabel, type CodeCall } from './common.js';

/** Coupon-code goods (dictionary sup_good_type 1) hold stock in codes. */
export const COUPON_CODE_GOOD = 1;

const BY_NEWEST: SortItem[] = [
  { column: 'createTime', direction: 'desc' },
  { column: 'id', direction: 'desc' },
];
const newest = (alias: string): SortItem[] =>
  BY_NEWEST.map((s) => ({ ...s, column: `${alias}.${s.column}` }));

/* Batches */

export const BATCH_SPEC: ListSpec = {
  filters: {
    batchNo: { column: 'b.batchNo' },
    supId: { column: 'b.supId', default: 'equal' },
    goodId: { column: 'b.goodId', default: 'equal' },
    source: { column: 'b.source', default: 'equal' },
    createTime: { column: 'b.createTime' },
  },
  sorts: { batchNo: 'b.batchNo', totalCount: 'b.totalCount', createTime: 'b.createTime' },
};

export function batchBase(db: Kysely<DB>, tenantId: string) {
  return db
    .selectFrom('bladeSupBatchCouponCode as b')
    .leftJoin('bladeSup as s', 's.id', 'b.supId')
    .leftJoin('bladeSupGood as g', 'g.id', 'b.goodId')
    .where('b.tenantId', '=', tenantId)
    .where('b.isDeleted', '=', 0);
}

export const batchColumns = [
  'b.id',
  'b.batchNo',
  'b.supId',
  's.supName',
  'b.goodId',
  'g.goodName',
  'b.source',
  'b.totalCount',
  'b.validStart',
  'b.validEnd',
  'b.fileName',
  'b.createTime',
] as const;

type BatchRow = {
  id: string;
  batchNo: string;
  supId: string;
  supName: string | null;
  goodId: string;
  goodName: string | null;
  source: string;
  totalCount: number;
  validStart: string | null;
  validEnd: string | null;
  fileName: string | null;
  createTime: string | null;
};

type StateCounts = { [S in CouponCodeState as `${S}Count`]: number };

/**
 * A count for every state of couponCodeLifecycle (a state added to the machine is counted, and
 * the contract must name its field): the counts of a batch sum to its total (issue 25 item 5).
 */
function stateCounts(per: Record<string, number>): StateCounts {
  return Object.fromEntries(
    (Object.keys(couponCodeLifecycle.states) as CouponCodeState[]).map((state) => [
      `${state}Count`,
      per[state] ?? 0,
    ]),
  ) as StateCounts;
}

/** Batches with their counts per state: one grouped query for the given batches. */
export async function withCounts(
  db: Kysely<DB>,
  tenantId: string,
  rows: BatchRow[],
): Promise<SupBatchCouponCode[]> {
  const counts = new Map<string, Record<string, number>>();
  for (const ids of chunks(rows.map((r) => r.id))) {
    if (ids.length === 0) continue;
    const found = await db
      .selectFrom('bladeSupCouponCode')
      .select(['batchId', 'state', (eb) => eb.fn.countAll<number>().as('n')])
      .where('tenantId', '=', tenantId)
      .where('batchId', 'in', ids)
      .where('isDeleted', '=', 0)
      .groupBy(['batchId', 'state'])
      .execute();
    for (const f of found) {
      const per = counts.get(f.batchId) ?? {};
      per[f.state] = Number(f.n);
      counts.set(f.batchId, per);
    }
  }
  return rows.map((r) => {
    const per = counts.get(r.id) ?? {};
    return {
      id: r.id,
      batchNo: r.batchNo,
      supId: r.supId,
      supName: r.supName ?? '',
      goodId: r.goodId,
      goodName: r.goodName ?? '',
      source: r.source,
      sourceName: sourceLabel(r.source),
      totalCount: Number(r.totalCount),
      ...stateCounts(per),
      validStart: r.validStart,
      validEnd: r.validEnd,
      fileName: r.fileName,
      createTime: r.createTime ?? '',
    };
  });
}

export async function batchPage(
  call: CodeCall,
  query: QueryMap,
): Promise<Page<SupBatchCouponCode>> {
  const { ctx, user } = call;
  const page = await paged(
    batchBase(ctx.db, user.tenantId),
    (qb) => qb.select(batchColumns),
    query,
    BATCH_SPEC,
    ctx.dialect,
    newest('b'),
  );
  return { ...page, records: await withCounts(ctx.db, user.tenantId, page.records as BatchRow[]) };
}

/* Codes */

export const CODE_SPEC: ListSpec = {
  filters: {
    batchId: { column: 'c.batchId', default: 'equal' },
    supId: { column: 'c.supId', default: 'equal' },
    goodId: { column: 'c.goodId', default: 'equal' },
    state: { column: 'c.state', default: 'equal' },
    validEnd: { column: 'c.validEnd' },
    createTime: { column: 'c.createTime' },
  },
  sorts: { validEnd: 'c.validEnd', createTime: 'c.createTime' },
};

export const USED_SPEC: ListSpec = {
  filters: {
    batchId: { column: 'c.batchId', default: 'equal' },
    supId: { column: 'c.supId', default: 'equal' },
    goodId: { column: 'c.goodId', default: 'equal' },
    state: { column: 'c.state', default: 'equal' },
    usedTime: { column: 'c.usedTime' },
    issueTime: { column: 'c.issueTime' },
  },
  sorts: { usedTime: 'c.usedTime', issueTime: 'c.issueTime', createTime: 'c.createTime' },
};

/**
 * The tenant's codes with their names; `codeIds` (the codes an encrypted exact `couponCode2`
 * names, `codeIdsOf`) narrows them.
 */
export function codeBase(call: CodeCall, codeIds?: string[]) {
  let qb = call.ctx.db
    .selectFrom('bladeSupCouponCode as c')
    .leftJoin('bladeSup as s', 's.id', 'c.supId')
    .leftJoin('bladeSupGood as g', 'g.id', 'c.goodId')
    .leftJoin('bladeSupBatchCouponCode as b', 'b.id', 'c.batchId')
    .leftJoin('bladeSupOrder as o', 'o.id', 'c.orderId')
    .where('c.tenantId', '=', call.user.tenantId)
    .where('c.isDeleted', '=', 0);
  if (codeIds) qb = qb.where('c.id', 'in', codeIds.length ? codeIds : ['']);
  return qb;
}

export const codeColumns = [
  'c.id',
  'c.batchId',
  'b.batchNo',
  'c.supId',
  's.supName',
  'c.goodId',
  'g.goodName',
  'c.codeCipher',
  'c.codeMask',
  'c.pinCipher',
  'c.validStart',
  'c.validEnd',
  'c.state',
  'c.orderId',
  'o.orderNo',
  'c.issueTime',
  'c.usedTime',
  'c.invalidTime',
  'c.createTime',
] as const;

export interface CodeRow {
  id: string;
  batchId: string;
  batchNo: string | null;
  supId: string;
  supName: string | null;
  goodId: string;
  goodName: string | null;
  codeCipher: string;
  codeMask: string;
  pinCipher: string | null;
  validStart: string | null;
  validEnd: string | null;
  state: string;
  orderId: string | null;
  orderNo: string | null;
  issueTime: string | null;
  usedTime: string | null;
  invalidTime: string | null;
  createTime: string | null;
}

export function presentCode(call: CodeCall, plain: boolean, r: CodeRow): SupCouponCode {
  return {
    id: r.id,
    batchId: r.batchId,
    batchNo: r.batchNo ?? '',
    supId: r.supId,
    supName: r.supName ?? '',
    goodId: r.goodId,
    goodName: r.goodName ?? '',
    ...shownCode(call.ctx, plain, r),
    codeMask: r.codeMask,
    validStart: r.validStart,
    validEnd: r.validEnd,
    state: r.state,
    orderId: r.orderId,
    orderNo: r.orderNo,
    issueTime: r.issueTime,
    usedTime: r.usedTime,
    invalidTime: r.invalidTime,
    createTime: r.createTime ?? '',
  };
}

/**
 * A page of codes: counted on the codes alone (every filter is a column of theirs; the joined
 * names would cost four look-ups per counted row), the page's rows read with their names.
 */
async function pagedCodes(
  call: CodeCall,
  query: QueryMap,
  spec: ListSpec,
  states?: string[],
): Promise<Page<CodeRow>> {
  const { db, dialect } = call.ctx;
  const codeIds = await codeIdsOf(call, query.couponCode2);
  const conditions = filterConditions(query, spec, dialect);
  let counted = db
    .selectFrom('bladeSupCouponCode as c')
    .where('c.tenantId', '=', call.user.tenantId)
    .where('c.isDeleted', '=', 0);
  let rows = codeBase(call, codeIds);
  if (codeIds) counted = counted.where('c.id', 'in', codeIds.length ? codeIds : ['']);
  if (states) {
    counted = counted.where('c.state', 'in', states);
    rows = rows.where('c.state', 'in', states);
  }
  for (const c of conditions) {
    counted = counted.where(c);
    rows = rows.where(c);
  }
  const { current, size } = pageParams(query);
  const total = Number(
    (await counted.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0,
  );
  const sorts = sortItems(query, spec);
  let selected = rows.select(codeColumns);
  for (const s of sorts.length ? sorts : newest('c'))
    selected = selected.orderBy(columnSql(s.column), s.direction);
  const records = (await selected
    .limit(size)
    .offset((current - 1) * size)
    .execute()) as CodeRow[];
  return { records, total, size, current, pages: Math.ceil(total / size) };
}

export async function codePage(
  call: CodeCall,
  query: QueryMap,
  plain: boolean,
): Promise<Page<SupCouponCode>> {
  const page = await pagedCodes(call, query, CODE_SPEC);
  return { ...page, records: page.records.map((r) => presentCode(call, plain, r)) };
}

export async function codeById(call: CodeCall, id: string, plain: boolean) {
  const row = await codeBase(call).select(codeColumns).where('c.id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return presentCode(call, plain, row as CodeRow);
}

/** The latest redemption that is not cancelled, per code. */
async function latestExchanges(call: CodeCall, codeIds: string[]) {
  const latest = new Map<
    string,
    { storeCode: string | null; storeName: string | null; exchangeTime: string }
  >();
  for (const ids of chunks(codeIds)) {
    if (ids.length === 0) continue;
    const rows = await call.ctx.db
      .selectFrom('bladeSupCouponCodeExchange')
      .select(['codeId', 'storeCode', 'storeName', 'exchangeTime'])
      .where('tenantId', '=', call.user.tenantId)
      .where('codeId', 'in', ids)
      .where('cancelled', '=', 0)
      .where('isDeleted', '=', 0)
      .orderBy('exchangeTime', 'asc')
      .orderBy('id', 'asc')
      .execute();
    for (const r of rows) latest.set(r.codeId, r);
  }
  return latest;
}

export async function usedPage(
  call: CodeCall,
  query: QueryMap,
  plain: boolean,
): Promise<Page<SupCouponCodeUsed>> {
  const page = await pagedCodes(call, query, USED_SPEC, ['issued', 'used']);
  const rows = page.records;
  const latest = await latestExchanges(
    call,
    rows.map((r) => r.id),
  );
  return {
    ...page,
    records: rows.map((r) => {
      const e = latest.get(r.id);
      return {
        ...presentCode(call, plain, r),
        storeCode: e?.storeCode ?? null,
        storeName: e?.storeName ?? null,
        exchangeTime: e?.exchangeTime ?? null,
      };
    }),
  };
}

/* Recovery records */

export const RECOVERY_SPEC: ListSpec = {
  filters: {
    state: { column: 'r.state', default: 'equal' },
    supId: { column: 'r.supId', default: 'equal' },
    goodId: { column: 'r.goodId', default: 'equal' },
    createTime: { column: 'r.createTime' },
  },
  sorts: { createTime: 'r.createTime', handleTime: 'r.handleTime' },
};

export function recoveryBase(db: Kysely<DB>, tenantId: string) {
  return db
    .selectFrom('bladeSupCouponCodeRecovery as r')
    .innerJoin('bladeSupCouponCode as c', 'c.id', 'r.codeId')
    .leftJoin('bladeSup as s', 's.id', 'r.supId')
    .leftJoin('bladeSupGood as g', 'g.id', 'r.goodId')
    .leftJoin('bladeSupOrder as o', 'o.id', 'r.orderId')
    .leftJoin('bladeSupReturnOrder as ro', 'ro.id', 'r.returnOrderId')
    .leftJoin('bladeUser as u', 'u.id', 'r.handleUser')
    .where('r.tenantId', '=', tenantId)
    .where('r.isDeleted', '=', 0);
}

export const recoveryColumns = [
  'r.id',
  'r.codeId',
  'c.codeCipher',
  'c.codeMask',
  'r.supId',
  's.supName',
  'r.goodId',
  'g.goodName',
  'r.orderId',
  'o.orderNo',
  'r.returnOrderId',
  'ro.returnNo',
  'r.state',
  'c.state as codeState',
  'r.handleUser',
  'u.realName as handleUserName',
  'r.handleTime',
  'r.remark',
  'r.createTime',
] as const;

export interface RecoveryRow {
  id: string;
  codeId: string;
  codeCipher: string;
  codeMask: string;
  supId: string;
  supName: string | null;
  goodId: string;
  goodName: string | null;
  orderId: string | null;
  orderNo: string | null;
  returnOrderId: string | null;
  returnNo: string | null;
  state: string;
  codeState: string;
  handleUser: string | null;
  handleUserName: string | null;
  handleTime: string | null;
  remark: string | null;
  createTime: string | null;
}

export function presentRecovery(
  call: CodeCall,
  plain: boolean,
  r: RecoveryRow,
): SupCouponCodeRecovery {
  return {
    id: r.id,
    codeId: r.codeId,
    couponCode: shownCode(call.ctx, plain, r).couponCode,
    codeMask: r.codeMask,
    supId: r.supId,
    supName: r.supName ?? '',
    goodId: r.goodId,
    goodName: r.goodName ?? '',
    orderId: r.orderId,
    orderNo: r.orderNo,
    returnOrderId: r.returnOrderId,
    returnNo: r.returnNo,
    state: r.state,
    stateName: recoveryLabel(r.state),
    codeState: r.codeState,
    handleUser: r.handleUser,
    handleUserName: r.handleUserName,
    handleTime: r.handleTime,
    remark: r.remark,
    createTime: r.createTime ?? '',
  };
}

export async function recoveryPage(
  call: CodeCall,
  query: QueryMap,
  plain: boolean,
): Promise<Page<SupCouponCodeRecovery>> {
  const page = await paged(
    recoveryBase(call.ctx.db, call.user.tenantId),
    (qb) => qb.select(recoveryColumns),
    query,
    RECOVERY_SPEC,
    call.ctx.dialect,
    newest('r'),
  );
  return {
    ...page,
    records: (page.records as RecoveryRow[]).map((r) => presentRecovery(call, plain, r)),
  };
}

/* Goods, find, trace */

export async function couponGoods(call: CodeCall): Promise<CouponGood[]> {
  return call.ctx.db
    .selectFrom('bladeSupGood as g')
    .innerJoin('bladeSup as s', 's.id', 'g.supId')
    .select(['g.id', 'g.goodCode', 'g.goodName', 'g.supId', 's.supName'])
    .where('g.tenantId', '=', call.user.tenantId)
    .where('g.isDeleted', '=', 0)
    .where('s.isDeleted', '=', 0)
    .where('g.goodType', '=', COUPON_CODE_GOOD)
    .orderBy('s.supName')
    .orderBy('g.goodName')
    .orderBy('g.id')
    .limit(5000)
    .execute();
}

/** The palette's c: look-up: at most FIND_MAX codes with exactly that value. */
export async function findCodes(call: CodeCall, cipher: unknown): Promise<CodeFindHit[]> {
  const ids = (await codeIdsOf(call, cipher ?? '')) ?? [];
  if (ids.length === 0) return [];
  const rows = await call.ctx.db
    .selectFrom('bladeSupCouponCode as c')
    .leftJoin('bladeSup as s', 's.id', 'c.supId')
    .leftJoin('bladeSupGood as g', 'g.id', 'c.goodId')
    .select(['c.id', 'c.codeMask', 'g.goodName', 's.supName', 'c.state'])
    .where('c.tenantId', '=', call.user.tenantId)
    .where('c.id', 'in', ids)
    .where('c.isDeleted', '=', 0)
    .orderBy('c.id', 'desc')
    .limit(FIND_MAX)
    .execute();
  return rows.map((r) => ({ ...r, goodName: r.goodName ?? '', supName: r.supName ?? '' }));
}

/** One code's whole history: batch, orders, redemptions, recovery records. */
export async function traceCode(call: CodeCall, id: string, plain: boolean): Promise<CodeTrace> {
  const { db } = call.ctx;
  const tenantId = call.user.tenantId;
  const code = await codeById(call, id, plain);
  const batch = await db
    .selectFrom('bladeSupBatchCouponCode')
    .select(['id', 'batchNo', 'source', 'fileName', 'createTime'])
    .where('id', '=', code.batchId)
    .where('tenantId', '=', tenantId)
    .executeTakeFirst();
  const exchanges = await db
    .selectFrom('bladeSupCouponCodeExchange')
    .select([
      'id',
      'orderId',
      'storeCode',
      'storeName',
      'exchangeTime',
      'source',
      'cancelled',
      'cancelTime',
    ])
    .where('tenantId', '=', tenantId)
    .where('codeId', '=', id)
    .where('isDeleted', '=', 0)
    .orderBy('exchangeTime')
    .orderBy('id')
    .execute();
  const recoveries = await db
    .selectFrom('bladeSupCouponCodeRecovery')
    .select(['id', 'orderId', 'returnOrderId', 'state', 'handleTime', 'remark', 'createTime'])
    .where('tenantId', '=', tenantId)
    .where('codeId', '=', id)
    .where('isDeleted', '=', 0)
    .orderBy('createTime')
    .orderBy('id')
    .execute();
  // Every order the code went to: the current one, and those of its redemptions and recoveries.
  const orderIds = [
    ...new Set(
      [
        code.orderId,
        ...exchanges.map((e) => e.orderId),
        ...recoveries.map((r) => r.orderId),
      ].filter((v): v is string => !!v),
    ),
  ];
  const orders = orderIds.length
    ? await db
        .selectFrom('bladeSupOrder')
        .select([
          'id',
          'orderNo',
          'clientOrderId',
          'clientId',
          'appId',
          'state',
          'createTime',
          'finishTime',
        ])
        .where('tenantId', '=', tenantId)
        .where('id', 'in', orderIds)
        .orderBy('createTime')
        .orderBy('id')
        .execute()
    : [];
  return {
    code,
    batch: batch
      ? {
          id: batch.id,
          batchNo: batch.batchNo,
          source: batch.source,
          sourceName: sourceLabel(batch.source),
          fileName: batch.fileName,
          createTime: batch.createTime ?? '',
        }
      : null,
    orders: orders.map((o) => ({ ...o, createTime: o.createTime ?? '' })),
    exchanges: exchanges.map((e) => ({
      id: e.id,
      storeCode: e.storeCode,
      storeName: e.storeName,
      exchangeTime: e.exchangeTime,
      source: e.source,
      cancelled: Number(e.cancelled),
      cancelTime: e.cancelTime,
    })),
    recoveries: recoveries.map((r) => ({
      ...r,
      stateName: recoveryLabel(r.state),
      createTime: r.createTime ?? '',
    })),
  };
}
