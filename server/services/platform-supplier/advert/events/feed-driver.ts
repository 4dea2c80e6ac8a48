import type { Kysely } from 'kysely';
import { formatYuan } from '../../../../../src/contracts/money.js';
import type {
  AdEventInput,
  AdEventType,
} from '../../../../../src/contracts/platform-ad/ad-event.js';
import { idsOf } from '../../../../../src/contracts/platform-ad/advert.js';
import type { DB } from '../../../../db/schema.js';
import { formatDateTime } from '../../../../lib/time.js';

/**
 * The delivery feed's driver (domain.md "External systems are drivers"). `sandbox` generates
 * realistic events for a tenant's running plans, deterministic for a seed: per plan and day,
 * impressions, about 2 % of them clicks and 5 % of the clicks conversions, and a cost event per
 * click at the plan's bid (kept under 60 % of the daily budget, so a demo week does not exhaust
 * it). Used by the demo seed, the tests and the bench. `http` is the signed ingestion call itself
 * (routes.ts): a real feed pushes to it, nothing here pulls.
 */
export type FeedMode = 'sandbox' | 'http';

/** What the sandbox needs of a running plan: where its events may come from. */
export interface FeedPlan {
  id: string;
  bid: number;
  dailyBudget: number;
  /** [positionId, flowMasterId] pairs of the plan's positions that have a master. */
  slots: [string, string][];
  /** The plan's lots ('' = none). */
  lots: string[];
}

/** One generated event; cost in fen. */
export interface FeedEvent {
  eventId: string;
  type: AdEventType;
  planId: string;
  positionId: string;
  flowMasterId: string;
  lotId: string;
  time: string;
  costFen: number;
}

/** The running plans of a tenant with a position owned by a flow master. */
export async function feedPlans(db: Kysely<DB>, tenantId: string): Promise<FeedPlan[]> {
  const masters = await db
    .selectFrom('bladeFlowMaster')
    .select(['id', 'positionIds'])
    .where('tenantId', '=', tenantId)
    .where('isDeleted', '=', 0)
    .orderBy('id')
    .execute();
  const ownerOf = new Map<string, string>();
  for (const m of masters)
    for (const p of idsOf(m.positionIds)) if (!ownerOf.has(p)) ownerOf.set(p, m.id);
  const plans = await db
    .selectFrom('bladeAdPlan')
    .select(['id', 'bid', 'dailyBudget', 'positionIds', 'lotIds'])
    .where('tenantId', '=', tenantId)
    .where('isDeleted', '=', 0)
    .where('state', '=', 'running')
    .orderBy('id')
    .execute();
  return plans
    .map((p) => ({
      id: p.id,
      bid: Number(p.bid),
      dailyBudget: Number(p.dailyBudget),
      slots: idsOf(p.positionIds)
        .filter((pos) => ownerOf.has(pos))
        .map((pos): [string, string] => [pos, ownerOf.get(pos)!]),
      lots: idsOf(p.lotIds).length > 0 ? idsOf(p.lotIds) : [''],
    }))
    .filter((p) => p.slots.length > 0);
}

/** A small seeded generator (mulberry32): the same seed, the same events. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SandboxOptions {
  seed?: number;
  /** The first and last moment events may have (server time). */
  from: Date;
  to: Date;
  /** Impressions per plan and day (clicks and conversions follow). */
  impressionsPerDay: number;
  /** Prefix of the event ids (unique per run: a feed's ids are unique per source). */
  idPrefix?: string;
}

/** Generates the sandbox feed's events, day by day and plan by plan (not in time order). */
export function* sandboxEvents(
  plans: readonly FeedPlan[],
  o: SandboxOptions,
): Generator<FeedEvent> {
  const random = seeded(o.seed ?? 28);
  const prefix = o.idPrefix ?? `sb${o.seed ?? 28}`;
  let n = 0;
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
  const dayMs = 86_400_000;
  const start = new Date(o.from.getFullYear(), o.from.getMonth(), o.from.getDate()).getTime();
  for (let day = start; day <= o.to.getTime(); day += dayMs) {
    const lo = Math.max(day, o.from.getTime());
    const hi = Math.min(day + dayMs - 1, o.to.getTime());
    if (hi < lo) continue;
    const share = (hi - lo) / dayMs;
    for (const plan of plans) {
      const impressions = Math.round(o.impressionsPerDay * share * (0.7 + random() * 0.6));
      const maxClicks = Math.floor((plan.dailyBudget * 0.6 * share) / Math.max(1, plan.bid));
      let clicks = 0;
      for (let i = 0; i < impressions; i++) {
        const [positionId, flowMasterId] = pick(plan.slots);
        const base = {
          planId: plan.id,
          positionId,
          flowMasterId,
          lotId: pick(plan.lots),
          time: formatDateTime(new Date(lo + Math.floor(random() * (hi - lo)))),
        };
        const event = (type: AdEventType, costFen = 0): FeedEvent => ({
          eventId: `${prefix}-${(n++).toString(36)}`,
          type,
          ...base,
          costFen,
        });
        yield event('impression');
        if (clicks < maxClicks && random() < 0.02) {
          clicks += 1;
          yield event('click');
          yield event('cost', plan.bid);
          if (random() < 0.05) yield event('conversion');
        }
      }
    }
  }
}

/** A generated event as the ingestion call takes it (cost in yuan). */
export const wireOf = (e: FeedEvent): AdEventInput => ({
  eventId: e.eventId,
  type: e.type,
  planId: e.planId,
  positionId: e.positionId,
  flowMasterId: e.flowMasterId,
  ...(e.lotId ? { lotId: e.lotId } : {}),
  time: e.time,
  ...(e.type === 'cost' ? { cost: formatYuan(e.costFen) } : {}),
});
