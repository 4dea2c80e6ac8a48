import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AD_FIGURE_FIELDS,
  AD_FIGURE_KEYS,
  AD_REPORT,
  AD_REPORT_REFUSALS,
  ctrOf,
  type AdDays,
  type AdFigures,
  type AdReportPage,
  type AdTimes,
  type MasterReportRow,
  type PlanReportRow,
  type TransactionRow,
} from '../../../../../src/contracts/platform-ad/ad-report.js';
import { fenToYuan } from '../../../../../src/contracts/money.js';
import { nextId } from '../../../../lib/ids.js';
import { formatDateTime, nowText } from '../../../../lib/time.js';
import { createTestApp, data, DEMO_PASSWORD, type TestApp } from '../../../../test/support.js';
import { exportSheet } from '../../../../test/export-sheet.js';
import { rollUpAdEvents } from '../events/rollup.js';

/**
 * The ad reports (issue 28 item 3): raw delivery events are written straight into blade_ad_event
 * and rolled up by the roll-up job (never here); every number of the master, plan, transaction
 * and day reports, the statistics, the minutes and an export is then checked against sums of the
 * RAW events for the same filters (CTR and the flow masters' share too), with the refusals.
 */
const API = `/api/${AD_REPORT}`;
const T = '000000';
const OTHER = '100001';
const msg = (res: LightMyRequestResponse) => (res.json() as { msg: string }).msg;
const RANGE = { startDate: '2025-03-01', endDate: '2025-03-05' };
const DAYS = ['2025-03-01', '2025-03-02', '2025-03-03', '2025-03-05'];
const TYPES = ['impression', 'impression', 'impression', 'click', 'conversion', 'cost'] as const;

interface Fixture {
  planIds: string[];
  positionIds: string[];
  masterIds: string[];
  advertiserId: string;
}
interface Raw {
  eventType: string;
  planId: string;
  positionId: string;
  flowMasterId: string;
  lotId: string;
  eventTime: string;
  cost: number | string;
}
type Fen = Omit<AdFigures, 'ctr'>;

describe('ad reports', () => {
  let t: TestApp;
  let admin: string;
  let theirs: string;
  let mine: Fixture;
  let their: Fixture;

  const audit = () => ({
    createUser: null,
    createDept: null,
    createTime: nowText(),
    updateUser: null,
    updateTime: null,
    status: 1,
    isDeleted: 0,
  });

  /** Two positions, two flow masters (30 % and 12.5 %) and three plans of one advertiser. */
  const fixture = async (tenantId: string): Promise<Fixture> => {
    const { db } = t.app.ctx;
    const advertiserId = (
      await db
        .selectFrom('bladeAdvertiser')
        .select('id')
        .where('tenantId', '=', tenantId)
        .executeTakeFirstOrThrow()
    ).id;
    const positionIds = (
      await db
        .selectFrom('bladeAdPosition')
        .select('id')
        .where('tenantId', '=', tenantId)
        .orderBy('id')
        .limit(2)
        .execute()
    ).map((p) => p.id);
    const masterIds = [nextId(), nextId()];
    const planIds = [nextId(), nextId(), nextId()];
    for (const [i, id] of masterIds.entries())
      await db
        .insertInto('bladeFlowMaster')
        .values({
          id,
          tenantId,
          masterName: `报表流量主${i + 1}`,
          contactName: null,
          contactPhone: null,
          positionIds: positionIds[i]!,
          shareRate: [3000, 1250][i]!,
          settleAccount: null,
          enabled: 1,
          ...audit(),
        })
        .execute();
    for (const [i, id] of planIds.entries())
      await db
        .insertInto('bladeAdPlan')
        .values({
          id,
          tenantId,
          planName: `报表计划${i + 1}`,
          advertiserId: i < 2 ? advertiserId : nextId(),
          materialIds: nextId(),
          positionIds: positionIds.join(','),
          lotIds: null,
          startDate: '2025-01-01',
          endDate: '2099-12-31',
          dailyBudget: 100_000_000,
          totalBudget: 1_000_000_000,
          bid: 100,
          state: 'running',
          pauseFlag: 0,
          remark: null,
          ...audit(),
        })
        .execute();
    return { planIds, positionIds, masterIds, advertiserId };
  };

  /** `n` events spread over the fixture's plans, positions, lots and the given times. */
  const insertEvents = async (
    tenantId: string,
    f: Fixture,
    times: readonly string[],
    n: number,
  ) => {
    const rows = Array.from({ length: n }, (_, i) => {
      const type = TYPES[i % TYPES.length]!;
      const k = (i * 7919) % 1009;
      return {
        id: nextId(),
        tenantId,
        source: 'report-test',
        eventId: `r${nextId()}`,
        eventType: type,
        planId: f.planIds[i % 3]!,
        positionId: f.positionIds[(i >> 1) % 2]!,
        flowMasterId: f.masterIds[(i >> 2) % 2]!,
        lotId: i % 5 === 0 ? '' : `lot${i % 3}`,
        eventTime: times[k % times.length]!,
        cost: type === 'click' ? 37 + (k % 50) : type === 'cost' ? 1 + k * 13 : 0,
        receivedTime: nowText(),
      };
    });
    for (let i = 0; i < rows.length; i += 200)
      await t.app.ctx.db
        .insertInto('bladeAdEvent')
        .values(rows.slice(i, i + 200))
        .execute();
  };

  /** The raw events of a tenant between two times (inclusive, 'yyyy-MM-dd HH:mm:ss' prefixes). */
  const raw = async (tenantId: string, from: string, to: string): Promise<Raw[]> =>
    (
      await t.app.ctx.db
        .selectFrom('bladeAdEvent')
        .select(['eventType', 'planId', 'positionId', 'flowMasterId', 'lotId', 'eventTime', 'cost'])
        .where('tenantId', '=', tenantId)
        .where('eventTime', '>=', from)
        .where('eventTime', '<=', `${to}\uffff`)
        .execute()
    ).map((r) => ({ ...r, lotId: r.lotId as string }));

  const rates = async (tenantId: string) =>
    new Map(
      (
        await t.app.ctx.db
          .selectFrom('bladeFlowMaster')
          .select(['id', 'shareRate'])
          .where('tenantId', '=', tenantId)
          .execute()
      ).map((m) => [m.id, Number(m.shareRate)]),
    );

  /**
   * Figures summed from raw events: counts by type, cost, and the share: per flow master, plan,
   * position, lot and day, floor(cost × rate / 10000) (the profit flow's rule), summed.
   */
  const expected = (events: readonly Raw[], rate: Map<string, number>): AdFigures => {
    const fen: Fen = { impressions: 0, clicks: 0, conversions: 0, cost: 0, share: 0 };
    const shareKeys = new Map<string, { cost: number; master: string }>();
    for (const e of events) {
      if (e.eventType === 'impression') fen.impressions++;
      if (e.eventType === 'click') fen.clicks++;
      if (e.eventType === 'conversion') fen.conversions++;
      fen.cost += Number(e.cost);
      const key = [e.flowMasterId, e.planId, e.positionId, e.lotId, e.eventTime.slice(0, 10)].join(
        '|',
      );
      const s = shareKeys.get(key) ?? { cost: 0, master: e.flowMasterId };
      s.cost += Number(e.cost);
      shareKeys.set(key, s);
    }
    for (const s of shareKeys.values())
      fen.share += Math.floor((s.cost * (rate.get(s.master) ?? 0)) / 10000);
    return {
      impressions: fen.impressions,
      clicks: fen.clicks,
      ctr: ctrOf(fen.clicks, fen.impressions),
      conversions: fen.conversions,
      cost: fenToYuan(fen.cost),
      share: fenToYuan(fen.share),
    };
  };
  const pick = (row: AdFigures): AdFigures =>
    Object.fromEntries(AD_FIGURE_KEYS.map((k) => [k, row[k]])) as unknown as AdFigures;

  const get = async <R>(call: string, token: string, query: Record<string, string> = {}) => {
    const res = await t.get(`${API}/${call}`, token, { size: '500', ...query });
    expect(res.statusCode, res.body).toBe(200);
    return data<AdReportPage<R>>(res);
  };

  /** An export task run to its file: the sheet's rows (the header first). */
  const sheet = (call: string, body: Record<string, string>) =>
    exportSheet(t, { path: `${API}/${call}`, token: admin, body });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
    theirs = await t.tenantAdminToken();
    mine = await fixture(T);
    their = await fixture(OTHER);
    const times = DAYS.flatMap((d) => [`${d} 00:00:00`, `${d} 09:30:15`, `${d} 23:59:59`]);
    await insertEvents(T, mine, times, 1200);
    await insertEvents(OTHER, their, times, 300);
    while ((await rollUpAdEvents(t.app.ctx.db)) > 0);
  }, 120_000);
  afterAll(() => t.close());

  it('answers every master, plan and plan-day figure as the raw events sum them', async () => {
    const events = await raw(T, RANGE.startDate, RANGE.endDate);
    expect(events.length).toBe(1200);
    const rate = await rates(T);
    const masters = await get<MasterReportRow>('master', admin, RANGE);
    expect(masters.range).toEqual({ start: RANGE.startDate, end: RANGE.endDate });
    expect(pick(masters.sums)).toEqual(expected(events, rate));
    for (const id of mine.masterIds) {
      const row = masters.records.find((r) => r.id === id)!;
      expect(pick(row)).toEqual(
        expected(
          events.filter((e) => e.flowMasterId === id),
          rate,
        ),
      );
    }
    expect(masters.records.find((r) => r.id === mine.masterIds[0])!.shareRate).toBe(30);

    const plans = await get<PlanReportRow>('plan', admin, RANGE);
    expect(pick(plans.sums)).toEqual(expected(events, rate));
    for (const id of mine.planIds) {
      const row = plans.records.find((r) => r.id === id)!;
      expect(pick(row)).toEqual(
        expected(
          events.filter((e) => e.planId === id),
          rate,
        ),
      );
      expect([row.state, row.dailyBudget]).toEqual(['running', 1_000_000]);
    }

    const ofMaster = await get<PlanReportRow>('masterPlan', admin, {
      ...RANGE,
      flowMasterId: mine.masterIds[1]!,
    });
    expect(ofMaster.records.map((r) => r.id).sort()).toEqual([...mine.planIds].sort());
    for (const row of ofMaster.records)
      expect(pick(row)).toEqual(
        expected(
          events.filter((e) => e.planId === row.id && e.flowMasterId === mine.masterIds[1]),
          rate,
        ),
      );

    const deals = await get<TransactionRow>('transactions', admin, {
      ...RANGE,
      advertiserId: mine.advertiserId,
    });
    expect(deals.records.length).toBe(2 * DAYS.length);
    for (const row of deals.records)
      expect(pick(row)).toEqual(
        expected(
          events.filter((e) => e.planId === row.planId && e.eventTime.startsWith(row.statDate)),
          rate,
        ),
      );
    expect(deals.records[0]!.statDate).toBe('2025-03-05');
  });

  it('answers every day of the range, zeros for a day without events, and the statistics', async () => {
    const events = await raw(T, RANGE.startDate, RANGE.endDate);
    const rate = await rates(T);
    const plan = mine.planIds[0]!;
    const res = await t.post(`${API}/days`, admin, { ...RANGE, planId: plan });
    expect(res.statusCode, res.body).toBe(200);
    const days = data<AdDays>(res);
    expect(days.days.map((d) => d.day)).toEqual(
      [...DAYS.slice(0, 3), '2025-03-04', '2025-03-05'].sort(),
    );
    for (const d of days.days) {
      const { day, ...figures } = d;
      expect(figures).toEqual(
        expected(
          events.filter((e) => e.planId === plan && e.eventTime.startsWith(day)),
          rate,
        ),
      );
    }
    expect(days.days.find((d) => d.day === '2025-03-04')!.impressions).toBe(0);
    // The console's range filter sends the ends with their times: the same days.
    const timed = await t.post(`${API}/days`, admin, {
      startDate: '2025-03-01 00:00:00',
      endDate: '2025-03-05 23:59:59',
      planId: plan,
    });
    expect(data<AdDays>(timed)).toEqual(days);
    const stats = data<{ sums: AdFigures }>(
      await t.get(`${API}/queryStatistics`, admin, {
        ...RANGE,
        positionId: mine.positionIds[0]!,
        flowMasterId: mine.masterIds[0]!,
      }),
    );
    expect(stats.sums).toEqual(
      expected(
        events.filter(
          (e) => e.positionId === mine.positionIds[0] && e.flowMasterId === mine.masterIds[0],
        ),
        rate,
      ),
    );
  });

  it("equals the flow masters' profit flow in its share", async () => {
    const flow = await t.app.ctx.db
      .selectFrom('bladeAdProfitFlow')
      .select((eb) => eb.fn.sum<string | number>('shareAmount').as('share'))
      .where('tenantId', '=', T)
      .where('flowMasterId', '=', mine.masterIds[0]!)
      .where('flowDate', '>=', RANGE.startDate)
      .where('flowDate', '<=', RANGE.endDate)
      .executeTakeFirstOrThrow();
    const masters = await get<MasterReportRow>('master', admin, {
      ...RANGE,
      flowMasterId: mine.masterIds[0]!,
    });
    expect(masters.records.map((r) => r.id)).toEqual([mine.masterIds[0]]);
    expect(masters.records[0]!.share).toBe(fenToYuan(Number(flow.share)));
    expect(masters.records[0]!.share).toBeGreaterThan(0);
  });

  it('answers the minutes of the last hour, zeros included, as the raw events sum them', async () => {
    const now = new Date(t.app.ctx.now() * 1000);
    const at = (minutesAgo: number, second = 5) =>
      formatDateTime(new Date(now.getTime() - minutesAgo * 60_000)).slice(0, 17) +
      String(second).padStart(2, '0');
    await insertEvents(T, mine, [at(2), at(2, 40), at(10), at(30), at(75)], 150);
    while ((await rollUpAdEvents(t.app.ctx.db)) > 0);
    const times = data<AdTimes>(await t.post(`${API}/times`, admin, {}));
    expect(times.minutes.length).toBe(60);
    const events = (await raw(T, `${times.from}:00`, `${times.to}:59`)).filter(
      (e) => e.eventTime.slice(0, 16) >= times.from && e.eventTime.slice(0, 16) <= times.to,
    );
    expect(events.length).toBeGreaterThan(0);
    const { share: _, ...want } = expected(events, new Map());
    expect(times.sums).toEqual(want);
    // Every minute, those without events as zeros.
    for (const { minute, ...row } of times.minutes) {
      const { share: _s, ...wantMinute } = expected(
        events.filter((e) => e.eventTime.startsWith(minute)),
        new Map(),
      );
      expect([minute, row]).toEqual([minute, wantMinute]);
    }
    expect(times.minutes.find((m) => m.minute === at(2).slice(0, 16))!.impressions).toBeGreaterThan(
      0,
    );
    // A given hour: its 60 minutes.
    const hour = data<AdTimes>(await t.post(`${API}/times`, admin, { hour: '2025-03-01 09' }));
    expect([hour.from, hour.to]).toEqual(['2025-03-01 09:00', '2025-03-01 09:59']);
    expect(hour.sums.impressions).toBe(
      (await raw(T, '2025-03-01 09:00:00', '2025-03-01 09:59:59')).filter(
        (e) => e.eventType === 'impression',
      ).length,
    );
  });

  it('exports the master report with the numbers of the raw events', async () => {
    const events = await raw(T, RANGE.startDate, RANGE.endDate);
    const rate = await rates(T);
    const body = await sheet('exportMaster', { ...RANGE, excelType: 'ad-master-report' });
    const head = body.shift()!;
    expect(head).toEqual([
      '流量主',
      '分成比例(%)',
      ...AD_FIGURE_KEYS.map((k) => AD_FIGURE_FIELDS[k].label.zh),
    ]);
    for (const [i, id] of mine.masterIds.entries()) {
      const row = body.find((r) => r[0] === `报表流量主${i + 1}`)!;
      const want = expected(
        events.filter((e) => e.flowMasterId === id),
        rate,
      );
      expect(row.slice(2).map(Number)).toEqual(AD_FIGURE_KEYS.map((k) => want[k]));
    }
    const refused = await t.post(`${API}/exportMaster`, admin, {
      startDate: '2024-01-01',
      endDate: '2025-01-01',
    });
    expect([refused.statusCode, msg(refused)]).toEqual([400, AD_REPORT_REFUSALS.rangeOver.zh]);
  });

  it('exports the history days (zeros included) with the numbers of the raw events', async () => {
    const events = await raw(T, RANGE.startDate, RANGE.endDate);
    const rate = await rates(T);
    const plan = mine.planIds[1]!;
    const body = await sheet('exportDays', {
      ...RANGE,
      planId: plan,
      excelType: 'ad-history-report',
    });
    expect(body.shift()).toEqual([
      '日期',
      ...AD_FIGURE_KEYS.map((k) => AD_FIGURE_FIELDS[k].label.zh),
    ]);
    expect(body.map((r) => r[0])).toEqual([
      '2025-03-01',
      '2025-03-02',
      '2025-03-03',
      '2025-03-04',
      '2025-03-05',
    ]);
    for (const row of body) {
      const want = expected(
        events.filter((e) => e.planId === plan && e.eventTime.startsWith(String(row[0]))),
        rate,
      );
      expect(row.slice(1).map(Number)).toEqual(AD_FIGURE_KEYS.map((k) => want[k]));
    }
  });

  it("keeps each tenant to its own events and refuses another tenant's ids", async () => {
    const events = await raw(OTHER, RANGE.startDate, RANGE.endDate);
    expect(events.length).toBe(300);
    const plans = await get<PlanReportRow>('plan', theirs, RANGE);
    expect(pick(plans.sums)).toEqual(expected(events, await rates(OTHER)));
    expect(plans.records.some((r) => mine.planIds.includes(r.id))).toBe(false);
    const masters = await get<MasterReportRow>('master', theirs, RANGE);
    expect(masters.records.some((r) => mine.masterIds.includes(r.id))).toBe(false);
    const res = await t.get(`${API}/plan`, theirs, { ...RANGE, planId: mine.planIds[0]! });
    expect([res.statusCode, msg(res)]).toEqual([400, `planId:${AD_REPORT_REFUSALS.idsUnknown.zh}`]);
    const days = await t.post(`${API}/days`, admin, { ...RANGE, flowMasterId: their.masterIds[0] });
    expect(days.statusCode).toBe(400);
  });

  it('refuses bad dates, reversed and over-90-day ranges, and callers without the view button', async () => {
    const bad = await t.get(`${API}/master`, admin, { startDate: '2025-02-30' });
    expect([bad.statusCode, msg(bad)]).toEqual([400, `startDate:${AD_REPORT_REFUSALS.date.zh}`]);
    const odd = await t.post(`${API}/days`, admin, { endDate: '2025/03/01' });
    expect([odd.statusCode, msg(odd)]).toEqual([400, `endDate:${AD_REPORT_REFUSALS.date.zh}`]);
    const long = await t.get(`${API}/plan`, admin, {
      startDate: '2025-01-01',
      endDate: '2025-04-01',
    });
    expect([long.statusCode, msg(long)]).toEqual([400, AD_REPORT_REFUSALS.rangeOver.zh]);
    const ninety = await t.get(`${API}/plan`, admin, {
      startDate: '2025-01-01',
      endDate: '2025-03-31',
    });
    expect(ninety.statusCode).toBe(200);
    const back = await t.post(`${API}/days`, admin, {
      startDate: '2025-03-05',
      endDate: '2025-03-01',
    });
    expect([back.statusCode, msg(back)]).toEqual([400, AD_REPORT_REFUSALS.period.zh]);
    const hour = await t.post(`${API}/times`, admin, { hour: '2025-03-01 24' });
    expect([hour.statusCode, msg(hour)]).toEqual([400, `hour:${AD_REPORT_REFUSALS.hour.zh}`]);
    const master = await t.get(`${API}/masterPlan`, admin, RANGE);
    expect(master.statusCode).toBe(400);
    const defaults = await get<MasterReportRow>('master', admin);
    const today = formatDateTime(new Date(t.app.ctx.now() * 1000)).slice(0, 10);
    expect(defaults.range.end).toBe(today);

    // The screen without its view button: its calls refused, another report's still answered.
    const { db } = t.app.ctx;
    const roles = (
      await db
        .selectFrom('bladeUser')
        .select('roleId')
        .where('tenantId', '=', OTHER)
        .where('account', '=', 'admin')
        .executeTakeFirstOrThrow()
    ).roleId.split(',');
    const view = await db
      .selectFrom('bladeMenu')
      .select('id')
      .where('code', '=', 'flow_master_report_view')
      .execute();
    await db
      .deleteFrom('bladeRoleMenu')
      .where('roleId', 'in', roles)
      .where(
        'menuId',
        'in',
        view.map((v) => v.id),
      )
      .execute();
    const lacking = await t.tenantAdminToken();
    expect((await t.get(`${API}/master`, lacking, RANGE)).statusCode).toBe(403);
    expect((await t.get(`${API}/masterPlan`, lacking, RANGE)).statusCode).toBe(403);
    expect((await t.get(`${API}/plan`, lacking, RANGE)).statusCode).toBe(200);

    const finance = await t.login('finance', DEMO_PASSWORD);
    for (const [method, call] of [
      ['GET', 'master'],
      ['GET', 'masterPlan'],
      ['GET', 'plan'],
      ['GET', 'transactions'],
      ['GET', 'queryStatistics'],
      ['POST', 'days'],
      ['POST', 'times'],
      ['POST', 'exportMaster'],
      ['POST', 'exportPlan'],
      ['POST', 'exportDays'],
      ['POST', 'exportTimes'],
      ['POST', 'exportTransactions'],
    ] as const) {
      const res =
        method === 'GET'
          ? await t.get(`${API}/${call}`, finance, RANGE)
          : await t.post(`${API}/${call}`, finance, RANGE);
      expect([call, res.statusCode]).toEqual([call, 403]);
    }
  });
});
