import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support.js';
import { rollUpAdEvents } from './rollup.js';
import { adRollupWorker } from './worker.js';

/**
 * The demo's week of delivery events (db/seed/demo-ad-events.ts): stored already counted, and
 * every roll-up number, plan spend and profit flow equal to the raw events.
 */
describe('demo delivery events', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.ready();
    await adRollupWorker(t.app.ctx).stop();
  }, 60_000);
  afterAll(() => t.close());

  const sums = async (table: 'bladeAdRollupDay' | 'bladeAdRollupMinute') =>
    (
      await t.app.ctx.db
        .selectFrom(table)
        .select((eb) => [
          'tenantId',
          eb.fn.sum<string>('impressions').as('impressions'),
          eb.fn.sum<string>('clicks').as('clicks'),
          eb.fn.sum<string>('conversions').as('conversions'),
          eb.fn.sum<string>('cost').as('cost'),
        ])
        .groupBy('tenantId')
        .orderBy('tenantId')
        .execute()
    ).map((r) => [r.tenantId, ...[r.impressions, r.clicks, r.conversions, r.cost].map(Number)]);

  it('seeds a week of rolled events for both tenants, the roll-ups equal to them', async () => {
    const { db } = t.app.ctx;
    expect(await rollUpAdEvents(db)).toBe(0);
    const raw = await db
      .selectFrom('bladeAdEvent')
      .select(['tenantId', 'eventType', 'cost', 'planId', 'eventTime'])
      .execute();
    expect(raw.length).toBeGreaterThan(1_000);
    const want = new Map<string, number[]>();
    const spent = new Map<string, number>();
    for (const e of raw) {
      const c = want.get(e.tenantId) ?? [0, 0, 0, 0];
      const k = ['impression', 'click', 'conversion'].indexOf(e.eventType);
      if (k >= 0) c[k]! += 1;
      c[3]! += Number(e.cost);
      want.set(e.tenantId, c);
      spent.set(e.planId, (spent.get(e.planId) ?? 0) + Number(e.cost));
    }
    const expected = [...want.keys()].sort().map((k) => [k, ...want.get(k)!]);
    expect(expected.map((r) => r[0])).toEqual(['000000', '100001']);
    expect(await sums('bladeAdRollupDay')).toEqual(expected);
    expect(await sums('bladeAdRollupMinute')).toEqual(expected);
    const plans = await db
      .selectFrom('bladeAdPlan')
      .select(['id', 'spent', 'state'])
      .where('spent', '>', 0)
      .execute();
    expect(new Map(plans.map((p) => [p.id, Number(p.spent)]))).toEqual(
      new Map([...spent].filter(([, v]) => v > 0)),
    );
    expect(plans.every((p) => p.state === 'running')).toBe(true);
    const flows = await db
      .selectFrom('bladeAdProfitFlow')
      .select(['revenue', 'shareRate', 'shareAmount'])
      .execute();
    expect(flows.reduce((s, f) => s + Number(f.revenue), 0)).toBe(
      [...want.values()].reduce((s, c) => s + c[3]!, 0),
    );
    for (const f of flows)
      expect(Number(f.shareAmount)).toBe(
        Math.floor((Number(f.revenue) * Number(f.shareRate)) / 10_000),
      );
  });
});
