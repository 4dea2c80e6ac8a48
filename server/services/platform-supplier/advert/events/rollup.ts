import { PostgresAdapter, sql, type Kysely, type Selectable } from 'kysely';
import type { AdEventTable, DB } from '../../../../db/schema.js';
import { nextId } from '../../../../lib/ids.js';
import { nowText } from '../../../../lib/time.js';
import { pauseExhausted } from './budget.js';

/**
 * The delivery events' roll-up (issue 28 item 3). One transaction per batch: the oldest unrolled
 * events (PostgreSQL: FOR UPDATE SKIP LOCKED, so two processes take disjoint batches; SQLite: the
 * write transaction serialises), counted in memory per (tenant, minute | day, plan, position,
 * flow master, lot), added by upsert into blade_ad_rollup_minute / _day, marked rolled; each plan's
 * cost added to its `spent`; each flow master's revenue added to its profit flow row of the day
 * (share recomputed from the day's summed revenue: floor(revenue * share_rate / 10000), never a
 * sum of rounded shares); then the running plans whose budget is used up are paused (budget.ts).
 * Every write is in key order, so two concurrent batches lock rows in the same order.
 */

/** Events per transaction by default. */
export const ROLLUP_BATCH = 5_000;

interface Counts {
  impressions: number;
  clicks: number;
  conversions: number;
  cost: number;
}

/** What the roll-up reads of an event (PostgreSQL answers the bigint cost as text). */
export type EventRow = Pick<
  Selectable<AdEventTable>,
  'id' | 'tenantId' | 'eventType' | 'planId' | 'positionId' | 'flowMasterId' | 'lotId' | 'eventTime'
> & { cost: number | string };

const SEP = '\u0001';
const KEY_COLUMNS = [
  'tenantId',
  'bucket',
  'planId',
  'positionId',
  'flowMasterId',
  'lotId',
] as const;
/** Rows per multi-row statement (10 parameters each: well under both dialects' limits). */
const CHUNK = 500;

function add(map: Map<string, Counts>, key: string, e: EventRow, cost: number) {
  let c = map.get(key);
  if (!c) map.set(key, (c = { impressions: 0, clicks: 0, conversions: 0, cost: 0 }));
  if (e.eventType === 'impression') c.impressions += 1;
  else if (e.eventType === 'click') c.clicks += 1;
  else if (e.eventType === 'conversion') c.conversions += 1;
  c.cost += cost;
}

/** Sorted rows of a key -> counts map (key order = lock order). */
function rowsOf(map: Map<string, Counts>, sorted = true) {
  const keys = [...map.keys()];
  if (sorted) keys.sort();
  return keys.map((key) => {
    const [tenantId, bucket, planId, positionId, flowMasterId, lotId] = key.split(SEP) as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    return { tenantId, bucket, planId, positionId, flowMasterId, lotId, ...map.get(key)! };
  });
}

const chunks = <T>(rows: T[], size = CHUNK) =>
  Array.from({ length: Math.ceil(rows.length / size) }, (_, i) =>
    rows.slice(i * size, (i + 1) * size),
  );

/** Adds `rows` into a roll-up table: counts of an existing key are added to, never replaced. */
export async function upsertRollup(
  db: Kysely<DB>,
  table: 'bladeAdRollupMinute' | 'bladeAdRollupDay',
  rows: ReturnType<typeof rowsOf>,
): Promise<void> {
  const name = table === 'bladeAdRollupMinute' ? 'blade_ad_rollup_minute' : 'blade_ad_rollup_day';
  const plus = (column: string) =>
    sql<number>`${sql.raw(`${name}.${column} + excluded.${column}`)}`;
  for (const part of chunks(rows))
    await db
      .insertInto(table)
      .values(part)
      .onConflict((oc) =>
        oc.columns([...KEY_COLUMNS]).doUpdateSet({
          impressions: plus('impressions'),
          clicks: plus('clicks'),
          conversions: plus('conversions'),
          cost: plus('cost'),
        }),
      )
      .execute();
}

/** Counts events into roll-up rows per minute and per day, one at a time (the demo streams). */
export function aggregator() {
  const minute = new Map<string, Counts>();
  const day = new Map<string, Counts>();
  /** tenant -> plan -> cost */
  const spent = new Map<string, Map<string, number>>();
  return {
    add(e: EventRow) {
      const cost = Number(e.cost);
      const tail = `${SEP}${e.planId}${SEP}${e.positionId}${SEP}${e.flowMasterId}${SEP}${e.lotId}`;
      add(minute, `${e.tenantId}${SEP}${e.eventTime.slice(0, 16)}${tail}`, e, cost);
      add(day, `${e.tenantId}${SEP}${e.eventTime.slice(0, 10)}${tail}`, e, cost);
      if (cost !== 0) {
        let plans = spent.get(e.tenantId);
        if (!plans) spent.set(e.tenantId, (plans = new Map()));
        plans.set(e.planId, (plans.get(e.planId) ?? 0) + cost);
      }
    },
    /** The rows; `sorted` (lock order) unless told otherwise (the demo writes fresh tables). */
    result: (sorted = true) => ({
      minute: rowsOf(minute, sorted),
      day: rowsOf(day, sorted),
      spent,
    }),
  };
}

/** Counts a batch of events (the job's). */
export function aggregate(events: readonly EventRow[]) {
  const counter = aggregator();
  for (const e of events) counter.add(e);
  return counter.result();
}

/**
 * Writes counted roll-up rows, plan spend and profit flow (one transaction's part; the job's and
 * the demo seed's). Answers the tenants' plans that spent, for the budget check.
 */
export async function applyAggregate(
  db: Kysely<DB>,
  agg: ReturnType<typeof aggregate>,
  /** How roll-up rows are written: added by upsert, unless the caller knows they are new. */
  writeRollup: typeof upsertRollup = upsertRollup,
): Promise<void> {
  await writeRollup(db, 'bladeAdRollupMinute', agg.minute);
  await writeRollup(db, 'bladeAdRollupDay', agg.day);
  for (const tenantId of [...agg.spent.keys()].sort()) {
    const plans = agg.spent.get(tenantId)!;
    for (const planId of [...plans.keys()].sort())
      await db
        .updateTable('bladeAdPlan')
        .set({ spent: sql<number>`spent + ${plans.get(planId)!}` })
        .where('tenantId', '=', tenantId)
        .where('id', '=', planId)
        .execute();
  }
  await addProfitFlow(db, agg.day);
}

/** Adds the day rows' cost (the revenue) to the flow masters' profit flow rows of those days. */
async function addProfitFlow(db: Kysely<DB>, day: ReturnType<typeof rowsOf>) {
  const earning = day.filter((r) => r.cost !== 0);
  if (earning.length === 0) return;
  const rates = new Map<string, number>();
  for (const tenantId of new Set(earning.map((r) => r.tenantId))) {
    const ids = [
      ...new Set(earning.filter((r) => r.tenantId === tenantId).map((r) => r.flowMasterId)),
    ];
    for (const part of chunks(ids))
      for (const m of await db
        .selectFrom('bladeFlowMaster')
        .select(['id', 'shareRate'])
        .where('tenantId', '=', tenantId)
        .where('id', 'in', part)
        .execute())
        rates.set(`${tenantId}${SEP}${m.id}`, Number(m.shareRate));
  }
  const now = nowText();
  // Sorted by the unique key's columns (tenant, master, plan, position, lot, day): lock order.
  const rows = earning
    .map((r) => {
      const shareRate = rates.get(`${r.tenantId}${SEP}${r.flowMasterId}`) ?? 0;
      return {
        id: nextId(),
        tenantId: r.tenantId,
        flowMasterId: r.flowMasterId,
        planId: r.planId,
        positionId: r.positionId,
        lotId: r.lotId,
        flowDate: r.bucket,
        revenue: r.cost,
        shareRate,
        shareAmount: Math.floor((r.cost * shareRate) / 10_000),
        createUser: null,
        createDept: null,
        createTime: now,
        updateUser: null,
        updateTime: null,
        status: 1,
        isDeleted: 0,
      };
    })
    .sort((a, b) =>
      [a.tenantId, a.flowMasterId, a.planId, a.positionId, a.lotId, a.flowDate]
        .join(SEP)
        .localeCompare(
          [b.tenantId, b.flowMasterId, b.planId, b.positionId, b.lotId, b.flowDate].join(SEP),
        ),
    );
  const f = 'blade_ad_profit_flow';
  for (const part of chunks(rows, 200))
    await db
      .insertInto('bladeAdProfitFlow')
      .values(part)
      .onConflict((oc) =>
        oc
          .columns(['tenantId', 'flowMasterId', 'planId', 'positionId', 'lotId', 'flowDate'])
          .doUpdateSet({
            revenue: sql<number>`${sql.raw(`${f}.revenue + excluded.revenue`)}`,
            // Integer division of non-negative integers on both dialects: the floor.
            shareAmount: sql<number>`${sql.raw(`(${f}.revenue + excluded.revenue) * ${f}.share_rate / 10000`)}`,
            updateTime: now,
          }),
      )
      .execute();
}

export const isPostgres = (db: Kysely<DB>) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Rolls up one batch of unrolled events (oldest id first) in one transaction of its own (`db` is
 * the database, not a transaction); answers how many were counted (0: none waited). Call until 0
 * to count everything (the worker does). Safe to run from several processes at once.
 */
export async function rollUpAdEvents(
  db: Kysely<DB>,
  opts: { batch?: number } = {},
): Promise<number> {
  const batch = Math.max(1, Math.floor(opts.batch ?? ROLLUP_BATCH));
  const postgres = isPostgres(db);
  // Most polls find nothing: asked first outside a transaction (on SQLite a write transaction
  // takes the database's write lock, which other processes would wait for every second).
  const waiting = await db
    .selectFrom('bladeAdEvent')
    .select('id')
    .where(sql<boolean>`rolled = 0`)
    .limit(1)
    .executeTakeFirst();
  if (!waiting) return 0;
  return db.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom('bladeAdEvent')
      .select([
        'id',
        'tenantId',
        'eventType',
        'planId',
        'positionId',
        'flowMasterId',
        'lotId',
        'eventTime',
        'cost',
      ])
      // A literal 0, so SQLite plans the partial index once (live-rows-plugin.ts explains).
      .where(sql<boolean>`rolled = 0`)
      .orderBy('id')
      .limit(batch);
    if (postgres) query = query.forUpdate().skipLocked();
    const events = await query.execute();
    if (events.length === 0) return 0;
    const agg = aggregate(events);
    await applyAggregate(trx, agg);
    for (const part of chunks(
      events.map((e) => e.id),
      2_000,
    ))
      await trx.updateTable('bladeAdEvent').set({ rolled: 1 }).where('id', 'in', part).execute();
    for (const tenantId of [...agg.spent.keys()].sort())
      await pauseExhausted(trx, tenantId, [...agg.spent.get(tenantId)!.keys()].sort());
    return events.length;
  });
}
