import type { Kysely } from 'kysely';
import { isDay } from '../../../../../src/contracts/platform-ad/advert.js';
import {
  AD_REPORT_DEFAULT_DAYS,
  AD_REPORT_MAX_DAYS,
  AD_REPORT_REFUSALS,
  ctrOf,
  type AdCounts,
  type AdFigures,
  type AdReportRange,
  type DayRow,
  type MasterReportRow,
  type MinuteRow,
  type PlanReportRow,
  type TransactionRow,
} from '../../../../../src/contracts/platform-ad/ad-report.js';
import { AD_PLAN_STATE_CHOICES } from '../../../../../src/contracts/platform-ad/ad-plan.js';
import { fenToYuan } from '../../../../../src/contracts/money.js';
import type { DB } from '../../../../db/schema.js';
import { chunks } from '../../../../lib/chunks.js';
import { badRequest } from '../../../../lib/errors.js';
import type { QueryMap } from '../../../../lib/query.js';
import { formatDateTime } from '../../../../lib/time.js';

/**
 * The ad reports' reading (issue 28 item 3): the filters checked against the caller's tenant, one
 * grouped read of the day (or minute) roll-up per call, and every report shaped from it here:
 * the master, plan and transaction rows, the days, the sums. Counts and money in fen until the
 * answer (yuan).
 */
type Db = Kysely<DB>;

export interface ReportFilter {
  tenantId: string;
  range: AdReportRange;
  /** Only these plans (planId, advertiserId or state narrowed them); undefined = every plan. */
  planIds?: string[];
  flowMasterId?: string;
  positionId?: string;
}

/** Fen figures of a group of roll-up rows. */
export interface Fen {
  impressions: number;
  clicks: number;
  conversions: number;
  cost: number;
  share: number;
}

/** One (flow master, plan, day) of the day roll-up, with its share. */
export interface Group extends Fen {
  flowMasterId: string;
  planId: string;
  bucket: string;
}

export const ZERO: Readonly<Fen> = { impressions: 0, clicks: 0, conversions: 0, cost: 0, share: 0 };

export function add(a: Fen, b: Fen): Fen {
  return {
    impressions: a.impressions + b.impressions,
    clicks: a.clicks + b.clicks,
    conversions: a.conversions + b.conversions,
    cost: a.cost + b.cost,
    share: a.share + b.share,
  };
}

/** The wire figures (yuan, CTR). */
export function figures(f: Fen): AdFigures {
  return { ...counts(f), share: fenToYuan(f.share) };
}

export function counts(f: Omit<Fen, 'share'>): AdCounts {
  return {
    impressions: f.impressions,
    clicks: f.clicks,
    ctr: ctrOf(f.clicks, f.impressions),
    conversions: f.conversions,
    cost: fenToYuan(f.cost),
  };
}

// ---- filters -----------------------------------------------------------------------------

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayText = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** A query value as one trimmed string ('' when absent). */
function text(query: QueryMap, name: string): string {
  const v = query[name];
  const one = Array.isArray(v) ? v[0] : v;
  return one === undefined || one === null ? '' : String(one).trim();
}

/** 'yyyy-MM-dd' of a real day, a time part allowed (and dropped); '' stays ''. */
function dayParam(query: QueryMap, name: string): string {
  const v = text(query, name);
  if (v === '') return '';
  const day = v.slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/.test(v) || !isDay(day))
    throw badRequest(`${name}:${AD_REPORT_REFUSALS.date.zh}`);
  return day;
}

/** The days asked for: both ends included, at most AD_REPORT_MAX_DAYS, else 400. */
export function rangeOf(query: QueryMap, today: string): AdReportRange {
  const start = dayParam(query, 'startDate');
  const end = dayParam(query, 'endDate');
  const last = end || today;
  const first = start || dayText(dayNumber(last) - AD_REPORT_DEFAULT_DAYS + 1);
  if (dayNumber(first) > dayNumber(last)) throw badRequest(AD_REPORT_REFUSALS.period.zh);
  if (dayNumber(last) - dayNumber(first) + 1 > AD_REPORT_MAX_DAYS)
    throw badRequest(AD_REPORT_REFUSALS.rangeOver.zh);
  return { start: first, end: last };
}

/** Every day of a range, in order. */
export function daysOf(range: AdReportRange): string[] {
  const out: string[] = [];
  for (let d = dayNumber(range.start); d <= dayNumber(range.end); d++) out.push(dayText(d));
  return out;
}

type IdTable = 'bladeAdPlan' | 'bladeAdvertiser' | 'bladeFlowMaster' | 'bladeAdPosition';

/** An id of a record of the tenant (removed ones too: their events still count), else 400. */
async function knownId(
  db: Db,
  tenantId: string,
  table: IdTable,
  query: QueryMap,
  name: string,
): Promise<string | undefined> {
  const id = text(query, name);
  if (id === '') return undefined;
  const found =
    id.length <= 32 &&
    (await db
      .selectFrom(table)
      .select('id')
      .where('tenantId', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst());
  if (!found) throw badRequest(`${name}:${AD_REPORT_REFUSALS.idsUnknown.zh}`);
  return id;
}

/**
 * The allowlisted filters of a report call: startDate, endDate, planId, advertiserId, state,
 * flowMasterId, positionId (other parameters are ignored); ids must be the tenant's.
 */
export async function readFilter(
  db: Db,
  tenantId: string,
  query: QueryMap,
  today: string,
): Promise<ReportFilter> {
  const range = rangeOf(query, today);
  const planId = await knownId(db, tenantId, 'bladeAdPlan', query, 'planId');
  const advertiserId = await knownId(db, tenantId, 'bladeAdvertiser', query, 'advertiserId');
  const flowMasterId = await knownId(db, tenantId, 'bladeFlowMaster', query, 'flowMasterId');
  const positionId = await knownId(db, tenantId, 'bladeAdPosition', query, 'positionId');
  const state = text(query, 'state');
  if (state && !Object.hasOwn(AD_PLAN_STATE_CHOICES, state))
    throw badRequest(`state:${AD_REPORT_REFUSALS.state.zh}`);
  let planIds: string[] | undefined;
  if (advertiserId || state) {
    let q = db.selectFrom('bladeAdPlan').select('id').where('tenantId', '=', tenantId);
    if (advertiserId) q = q.where('advertiserId', '=', advertiserId);
    if (state) q = q.where('state', '=', state).where('isDeleted', '=', 0);
    if (planId) q = q.where('id', '=', planId);
    planIds = (await q.execute()).map((r) => r.id);
  } else if (planId) planIds = [planId];
  return {
    tenantId,
    range,
    ...(planIds ? { planIds } : {}),
    ...(flowMasterId ? { flowMasterId } : {}),
    ...(positionId ? { positionId } : {}),
  };
}

/** The server's today and the current minute. */
export const clockOf = (nowSeconds: number) => {
  const now = formatDateTime(new Date(nowSeconds * 1000));
  return { today: now.slice(0, 10), minute: now.slice(0, 16) };
};

// ---- reading -----------------------------------------------------------------------------

type RollupTable = 'bladeAdRollupDay' | 'bladeAdRollupMinute';

/** What the groups are keyed by (the rest is summed away): each report asks for its own. */
export type GroupKey = 'flowMasterId' | 'planId' | 'bucket';

/** The roll-up over [from, to] for the filter, summed per `by` in SQL. */
async function grouped(
  db: Db,
  table: RollupTable,
  f: ReportFilter,
  from: string,
  to: string,
  by: readonly GroupKey[],
): Promise<Group[]> {
  if (f.planIds?.length === 0) return [];
  const parts = f.planIds ? chunks(f.planIds) : [undefined];
  const out: Group[] = [];
  for (const part of parts) {
    let q = db
      .selectFrom(table)
      .select((eb) => [
        eb.fn.sum<string | number>('impressions').as('impressions'),
        eb.fn.sum<string | number>('clicks').as('clicks'),
        eb.fn.sum<string | number>('conversions').as('conversions'),
        eb.fn.sum<string | number>('cost').as('cost'),
      ])
      .where('tenantId', '=', f.tenantId)
      .where('bucket', '>=', from)
      .where('bucket', '<=', to);
    if (part) q = q.where('planId', 'in', part);
    if (f.flowMasterId) q = q.where('flowMasterId', '=', f.flowMasterId);
    if (f.positionId) q = q.where('positionId', '=', f.positionId);
    if (by.length > 0) q = q.select(by as never).groupBy(by as never);
    for (const r of (await q.execute()) as unknown as (Partial<Record<GroupKey, string>> &
      Record<string, unknown>)[])
      out.push({
        flowMasterId: r.flowMasterId ?? '',
        planId: r.planId ?? '',
        bucket: r.bucket ?? '',
        impressions: Number(r.impressions ?? 0),
        clicks: Number(r.clicks ?? 0),
        conversions: Number(r.conversions ?? 0),
        cost: Number(r.cost ?? 0),
        share: 0,
      });
  }
  return out;
}

/** The tenant's flow masters' names and rates (basis points), removed ones too. */
async function mastersOf(db: Db, tenantId: string) {
  const rows = await db
    .selectFrom('bladeFlowMaster')
    .select(['id', 'masterName', 'shareRate', 'isDeleted'])
    .where('tenantId', '=', tenantId)
    .execute();
  return new Map(rows.map((r) => [r.id, { ...r, shareRate: Number(r.shareRate) }]));
}

/**
 * The day roll-up's groups of the filter per `by`, each with its share: the flow masters' profit
 * flow of those plans and days (blade_ad_profit_flow, written by the roll-up with the rate of the
 * day), so the report's share is what the profit flow holds. A profit flow without events still
 * counts, as a group without events.
 */
export async function dayGroups(
  db: Db,
  f: ReportFilter,
  by: readonly GroupKey[] = ['flowMasterId', 'planId', 'bucket'],
): Promise<Group[]> {
  if (f.planIds?.length === 0) return [];
  const rows = await grouped(db, 'bladeAdRollupDay', f, f.range.start, f.range.end, by);
  const out = new Map<string, Group>();
  const key = (g: Pick<Group, GroupKey>) => `${g.flowMasterId}\u0001${g.planId}\u0001${g.bucket}`;
  for (const r of rows) {
    const had = out.get(key(r));
    out.set(key(r), had ? { ...had, ...add(had, r) } : r);
  }
  const columns = by.map((k) => (k === 'bucket' ? 'flowDate' : k));
  for (const part of f.planIds ? chunks(f.planIds) : [undefined]) {
    let q = db
      .selectFrom('bladeAdProfitFlow')
      .select((eb) => eb.fn.sum<string | number>('shareAmount').as('share'))
      .where('tenantId', '=', f.tenantId)
      .where('isDeleted', '=', 0)
      .where('flowDate', '>=', f.range.start)
      .where('flowDate', '<=', f.range.end);
    if (part) q = q.where('planId', 'in', part);
    if (f.flowMasterId) q = q.where('flowMasterId', '=', f.flowMasterId);
    if (f.positionId) q = q.where('positionId', '=', f.positionId);
    if (columns.length > 0) q = q.select(columns as never).groupBy(columns as never);
    for (const r of (await q.execute()) as Record<string, string | number | null>[]) {
      if (r.share === null) continue;
      const at = {
        flowMasterId: String(r.flowMasterId ?? ''),
        planId: String(r.planId ?? ''),
        bucket: String(r.flowDate ?? ''),
      };
      const g = out.get(key(at)) ?? { ...ZERO, ...at };
      out.set(key(at), { ...g, share: g.share + Number(r.share) });
    }
  }
  return [...out.values()];
}

/** Sums of groups by a key. */
export function sumBy<K>(groups: readonly Group[], key: (g: Group) => K): Map<K, Fen> {
  const out = new Map<K, Fen>();
  for (const g of groups) out.set(key(g), add(out.get(key(g)) ?? ZERO, g));
  return out;
}

export const total = (groups: readonly Group[]): Fen => groups.reduce<Fen>(add, ZERO);

/** Per flow master: the live ones (narrowed by the filter) and any other with events. */
export async function masterRows(db: Db, f: ReportFilter, groups: readonly Group[]) {
  const byMaster = sumBy(groups, (g) => g.flowMasterId);
  const masters = await mastersOf(db, f.tenantId);
  const ids = [...masters.values()]
    .filter((m) => m.isDeleted === 0 || byMaster.has(m.id))
    .filter((m) => !f.flowMasterId || m.id === f.flowMasterId)
    .map((m) => m.id);
  for (const id of byMaster.keys()) if (!masters.has(id)) ids.push(id);
  const rows: (MasterReportRow & { fen: Fen })[] = ids.map((id) => {
    const m = masters.get(id);
    const fen = byMaster.get(id) ?? ZERO;
    return {
      id,
      flowMasterId: id,
      masterName: m?.masterName ?? id,
      shareRate: (m?.shareRate ?? 0) / 100,
      ...figures(fen),
      fen,
    };
  });
  return rows.sort(
    (a, b) =>
      b.fen.cost - a.fen.cost ||
      b.fen.impressions - a.fen.impressions ||
      a.masterName.localeCompare(b.masterName),
  );
}

/** The tenant's plans by id with their advertiser's name. */
async function plansOf(db: Db, tenantId: string, ids?: readonly string[]) {
  const base = () =>
    db
      .selectFrom('bladeAdPlan as p')
      .leftJoin('bladeAdvertiser as a', (j) =>
        j.onRef('a.id', '=', 'p.advertiserId').on('a.tenantId', '=', tenantId),
      )
      .select([
        'p.id',
        'p.planName',
        'p.advertiserId',
        'a.advertiserName',
        'p.state',
        'p.dailyBudget',
        'p.totalBudget',
        'p.spent',
        'p.isDeleted',
        'p.createTime',
      ])
      .where('p.tenantId', '=', tenantId);
  const rows = [];
  if (ids === undefined) rows.push(...(await base().execute()));
  else
    for (const part of chunks([...new Set(ids)]))
      rows.push(...(await base().where('p.id', 'in', part).execute()));
  return new Map(rows.map((r) => [r.id, r]));
}

type PlanInfo = Awaited<ReturnType<typeof plansOf>> extends Map<string, infer P> ? P : never;

function planRow(id: string, p: PlanInfo | undefined, fen: Fen): PlanReportRow & { fen: Fen } {
  return {
    id,
    planId: id,
    planName: p?.planName ?? id,
    advertiserId: p?.advertiserId ?? '',
    advertiserName: p?.advertiserName ?? '',
    state: p?.state ?? '',
    dailyBudget: fenToYuan(Number(p?.dailyBudget ?? 0)),
    totalBudget: fenToYuan(Number(p?.totalBudget ?? 0)),
    spent: fenToYuan(Number(p?.spent ?? 0)),
    ...figures(fen),
    fen,
  };
}

const byCost = (a: { fen: Fen; planName: string }, b: { fen: Fen; planName: string }) =>
  b.fen.cost - a.fen.cost ||
  b.fen.impressions - a.fen.impressions ||
  a.planName.localeCompare(b.planName);

/**
 * Per plan: the live plans the filter names (all of them without one) and any other with events;
 * with a flow master or position filter only the plans with events there.
 */
export async function planRows(db: Db, f: ReportFilter, groups: readonly Group[]) {
  const byPlan = sumBy(groups, (g) => g.planId);
  const plans = await plansOf(db, f.tenantId, f.planIds);
  const narrowed = Boolean(f.flowMasterId || f.positionId);
  const ids = new Set(byPlan.keys());
  if (!narrowed) for (const p of plans.values()) if (p.isDeleted === 0) ids.add(p.id);
  const missing = [...ids].filter((id) => !plans.has(id));
  if (missing.length > 0)
    for (const [id, p] of await plansOf(db, f.tenantId, missing)) plans.set(id, p);
  return [...ids].map((id) => planRow(id, plans.get(id), byPlan.get(id) ?? ZERO)).sort(byCost);
}

/** One row per plan and day with events, latest day first. */
export async function transactionRows(db: Db, f: ReportFilter, groups: readonly Group[]) {
  const byPlanDay = sumBy(groups, (g) => `${g.planId}_${g.bucket}`);
  const plans = await plansOf(
    db,
    f.tenantId,
    groups.map((g) => g.planId),
  );
  const rows: (TransactionRow & { fen: Fen })[] = [...byPlanDay].map(([id, fen]) => {
    const [planId, statDate] = id.split('_') as [string, string];
    const p = plans.get(planId);
    return {
      id,
      statDate,
      planId,
      planName: p?.planName ?? planId,
      advertiserId: p?.advertiserId ?? '',
      advertiserName: p?.advertiserName ?? '',
      ...figures(fen),
      fen,
    };
  });
  return rows.sort((a, b) => b.statDate.localeCompare(a.statDate) || byCost(a, b));
}

/** Every day of the range, zeros where nothing happened. */
export function dayRows(f: ReportFilter, groups: readonly Group[]): DayRow[] {
  const byDay = sumBy(groups, (g) => g.bucket);
  return daysOf(f.range).map((day) => ({ day, ...figures(byDay.get(day) ?? ZERO) }));
}

/** 'yyyy-MM-dd HH:mm' plus `n` minutes (server time). */
function minutePlus(minute: string, n: number): string {
  const [d, hm] = minute.split(' ') as [string, string];
  const [h, m] = hm.split(':').map(Number) as [number, number];
  const [y, mo, day] = d.split('-').map(Number) as [number, number, number];
  return formatDateTime(new Date(y, mo - 1, day, h, m + n)).slice(0, 16);
}

/** The minutes asked for: of `hour` ('yyyy-MM-dd HH'), else the 60 ending with `now`. */
export function minutesOf(query: QueryMap, nowMinute: string): string[] {
  const hour = text(query, 'hour');
  let first: string;
  if (hour) {
    const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2})(:00)?$/.exec(hour);
    if (!m || !isDay(m[1]!) || Number(m[2]) > 23)
      throw badRequest(`hour:${AD_REPORT_REFUSALS.hour.zh}`);
    first = `${m[1]} ${m[2]}:00`;
  } else first = minutePlus(nowMinute, -59);
  return Array.from({ length: 60 }, (_, i) => minutePlus(first, i));
}

/** Per minute (zeros where nothing happened). */
export async function minuteRows(
  db: Db,
  f: ReportFilter,
  minutes: readonly string[],
): Promise<{ rows: MinuteRow[]; sums: AdCounts }> {
  const rows = await grouped(
    db,
    'bladeAdRollupMinute',
    f,
    minutes[0]!,
    minutes[minutes.length - 1]!,
    ['bucket'],
  );
  const byMinute = new Map<string, Fen>();
  for (const r of rows)
    byMinute.set(r.bucket, add(byMinute.get(r.bucket) ?? ZERO, { ...r, share: 0 }));
  const sum = [...byMinute.values()].reduce<Fen>(add, ZERO);
  return {
    rows: minutes.map((minute) => ({ minute, ...counts(byMinute.get(minute) ?? ZERO) })),
    sums: counts(sum),
  };
}
