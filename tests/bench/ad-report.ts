import type { Insertable } from 'kysely';
import { DEMO_PASSWORD, DEMO_TENANT } from '../../server/db/seed/demo';
import type { AdProfitFlowTable, AdRollupTable } from '../../server/db/schema';
import { nextId } from '../../server/lib/ids';
import { nowText } from '../../server/lib/time';
import { AD_REPORT } from '../../src/contracts/platform-ad/ad-report';
import { quantile } from './harness';
import { benchApp } from './in-process';

const PLANS = 30;
const POSITIONS = 20;
const MASTERS = 4;
const DAYS = 90;
const REQUESTS = 200;
/** The target for a 90-day report's p95. */
const TARGET_MS = 100;
const TENANT = DEMO_TENANT;
const INSERT_CHUNK = 1_000;

const summary = (samples: number[]) =>
  `median ${quantile(samples, 0.5).toFixed(1)} ms, p95 ${quantile(samples, 0.95).toFixed(1)} ms (n=${String(samples.length)})`;
const dayOf = (offset: number) =>
  new Date(Date.now() - offset * 86400_000).toISOString().slice(0, 10);

/**
 * `npm run bench -- --ad-report`: the server in this process on the embedded SQLite database, the
 * day roll-up filled for 30 plans x 20 positions x 90 days (54,000 rows, 4 flow masters, each row
 * with its profit flow row) inserted directly. Prints the latency over loopback HTTP (median, p95
 * of 200 requests) of a 90-day history days list (POST report/days), the plan report (GET
 * report/plan) and the flow master report against the target (p95 <= 100 ms).
 */
export async function benchAdReport(): Promise<void> {
  const bench = await benchApp('ad-report');
  const { app } = bench;
  try {
    const { db } = app.ctx;
    const now = nowText();
    const audit = {
      createUser: null,
      createDept: null,
      createTime: now,
      updateUser: null,
      updateTime: null,
      status: 1,
      isDeleted: 0,
    };
    const advertiserId = (
      await db
        .selectFrom('bladeAdvertiser')
        .select('id')
        .where('tenantId', '=', TENANT)
        .executeTakeFirstOrThrow()
    ).id;
    const positions = Array.from({ length: POSITIONS }, () => nextId());
    const masters = Array.from({ length: MASTERS }, (_, i) => ({
      id: nextId(),
      tenantId: TENANT,
      masterName: `压测流量主${String(i + 1)}`,
      contactName: null,
      contactPhone: null,
      positionIds: positions.filter((_, k) => k % MASTERS === i).join(','),
      shareRate: 2500 + i * 500,
      settleAccount: null,
      enabled: 1,
      ...audit,
    }));
    await db.insertInto('bladeFlowMaster').values(masters).execute();
    const plans = Array.from({ length: PLANS }, (_, i) => ({
      id: nextId(),
      tenantId: TENANT,
      planName: `压测计划${String(i + 1)}`,
      advertiserId,
      materialIds: nextId(),
      positionIds: positions.join(','),
      lotIds: null,
      startDate: dayOf(DAYS),
      endDate: '2099-12-31',
      dailyBudget: 10_000_000,
      totalBudget: 1_000_000_000,
      bid: 100,
      state: 'running',
      pauseFlag: 0,
      remark: null,
      ...audit,
    }));
    await db.insertInto('bladeAdPlan').values(plans).execute();

    console.log(
      `## Ad reports: day roll-up of ${String(PLANS)} plans x ${String(POSITIONS)} positions x ${String(DAYS)} days, embedded SQLite`,
    );
    const t0 = performance.now();
    let rollups: Insertable<AdRollupTable>[] = [];
    let flows: Insertable<AdProfitFlowTable>[] = [];
    const flush = async () => {
      if (rollups.length) await db.insertInto('bladeAdRollupDay').values(rollups).execute();
      if (flows.length) await db.insertInto('bladeAdProfitFlow').values(flows).execute();
      rollups = [];
      flows = [];
    };
    let written = 0;
    for (let d = 0; d < DAYS; d++) {
      const bucket = dayOf(d);
      for (const [p, plan] of plans.entries())
        for (const [k, positionId] of positions.entries()) {
          const master = masters[k % MASTERS]!;
          const impressions = 100 + ((d * 31 + p * 7 + k) % 900);
          const cost = impressions * 3 + p;
          rollups.push({
            tenantId: TENANT,
            bucket,
            planId: plan.id,
            positionId,
            flowMasterId: master.id,
            lotId: '',
            impressions,
            clicks: Math.floor(impressions / 20),
            conversions: Math.floor(impressions / 200),
            cost,
          });
          flows.push({
            id: nextId(),
            tenantId: TENANT,
            flowMasterId: master.id,
            planId: plan.id,
            positionId,
            lotId: '',
            flowDate: bucket,
            revenue: cost,
            shareRate: master.shareRate,
            shareAmount: Math.floor((cost * master.shareRate) / 10_000),
            ...audit,
          });
          written++;
          if (rollups.length === INSERT_CHUNK) await flush();
        }
    }
    await flush();
    console.log(
      `seed: ${((performance.now() - t0) / 1000).toFixed(1)} s (${written.toLocaleString('en')} day rows and as many profit flow rows)`,
    );

    const { url, headers } = await bench.listenAs('admin', DEMO_PASSWORD, TENANT);
    const range = { startDate: dayOf(DAYS - 1), endDate: dayOf(0) };
    const timed = async (method: 'GET' | 'POST', call: string, query: Record<string, string>) => {
      const out: number[] = [];
      for (let i = 0; i < REQUESTS; i++) {
        const start = performance.now();
        const res =
          method === 'GET'
            ? await fetch(`${url}/api/${AD_REPORT}/${call}?${new URLSearchParams(query)}`, {
                headers,
              })
            : await fetch(`${url}/api/${AD_REPORT}/${call}`, {
                method: 'POST',
                headers: { ...headers, 'content-type': 'application/json' },
                body: JSON.stringify(query),
              });
        const body = (await res.json()) as { success: boolean };
        out.push(performance.now() - start);
        if (!res.ok || !body.success)
          throw new Error(`unexpected answer ${String(res.status)} ${JSON.stringify(body)}`);
      }
      return out.sort((a, b) => a - b);
    };
    const target = `(target p95 ≤ ${String(TARGET_MS)} ms)`;
    console.log(`history days, 90 days: ${summary(await timed('POST', 'days', range))} ${target}`);
    console.log(
      `history days, 90 days, one plan: ${summary(await timed('POST', 'days', { ...range, planId: plans[0]!.id }))}`,
    );
    console.log(
      `plan report, 90 days, page of 20: ${summary(await timed('GET', 'plan', { ...range, size: '20' }))} ${target}`,
    );
    console.log(
      `flow master report, 90 days: ${summary(await timed('GET', 'master', { ...range, size: '20' }))}`,
    );
  } finally {
    await bench.close();
  }
}
