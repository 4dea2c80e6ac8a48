import type { Kysely, Selectable } from 'kysely';
import { parseYuan } from '../../../../../src/contracts/money.js';
import {
  AD_EVENT_LIMITS,
  AD_EVENT_REFUSALS,
  AD_EVENT_TYPES,
  type AdEventIngestAnswer,
} from '../../../../../src/contracts/platform-ad/ad-event.js';
import { idsOf } from '../../../../../src/contracts/platform-ad/advert.js';
import type { AdEventTable, DB } from '../../../../db/schema.js';
import { nextId } from '../../../../lib/ids.js';
import { formatDateTime, parseDateTime } from '../../../../lib/time.js';

/**
 * Checks and stores a call's delivery events (issue 28 item 3): every event is checked on its own
 * (ids known in the tenant, type, time window, cost) and answered per event; the good ones are
 * inserted in multi-row statements with `on conflict do nothing` on (tenant, source, eventId), so
 * an event sent twice (in an earlier call or twice in this one) is stored once and counted as a
 * duplicate. The ids are read once per call (four queries), whatever the number of events.
 */

/** Rows per insert statement (13 parameters each). */
const CHUNK = 500;

/** A stored event as inserted: the table's row before the roll-up has counted it. */
type Row = Omit<Selectable<AdEventTable>, 'rolled'>;

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** The distinct string values of `key` among the events (what to look up). */
const valuesOf = (events: readonly unknown[], key: string) => [
  ...new Set(
    events
      .map((e) => (e && typeof e === 'object' ? str((e as Record<string, unknown>)[key]) : ''))
      .filter((v) => v.length > 0 && v.length <= 32),
  ),
];

async function knownIds(db: Kysely<DB>, tenantId: string, events: readonly unknown[]) {
  const plans = new Map<string, Set<string>>();
  const masters = new Map<string, Set<string>>();
  const lots = new Set<string>();
  const planIds = valuesOf(events, 'planId');
  if (planIds.length > 0)
    for (const p of await db
      .selectFrom('bladeAdPlan')
      .select(['id', 'positionIds'])
      .where('tenantId', '=', tenantId)
      .where('isDeleted', '=', 0)
      .where('id', 'in', planIds)
      .execute())
      plans.set(p.id, new Set(idsOf(p.positionIds)));
  const masterIds = valuesOf(events, 'flowMasterId');
  if (masterIds.length > 0)
    for (const m of await db
      .selectFrom('bladeFlowMaster')
      .select(['id', 'positionIds'])
      .where('tenantId', '=', tenantId)
      .where('isDeleted', '=', 0)
      .where('id', 'in', masterIds)
      .execute())
      masters.set(m.id, new Set(idsOf(m.positionIds)));
  const lotIds = valuesOf(events, 'lotId');
  if (lotIds.length > 0)
    for (const l of await db
      .selectFrom('bladeParkLot')
      .select('id')
      .where('tenantId', '=', tenantId)
      .where('isDeleted', '=', 0)
      .where('id', 'in', lotIds)
      .execute())
      lots.add(l.id);
  return { plans, masters, lots };
}

/** Epoch seconds of a 'yyyy-MM-dd HH:mm:ss' in the server's time zone. */
const secondsOf = (time: string) => {
  const [y, mo, d, h, mi, s] = time.split(/[- :]/).map(Number) as number[];
  return Math.floor(new Date(y!, mo! - 1, d!, h!, mi!, s!).getTime() / 1000);
};

/**
 * Checks `events` (the body's array, at most AD_EVENT_LIMITS.batch: the caller checks) of the
 * app `source` of `tenantId` and stores the good ones; `nowSeconds` is the server's clock.
 */
export async function ingestAdEvents(
  db: Kysely<DB>,
  tenantId: string,
  source: string,
  events: readonly unknown[],
  nowSeconds: number,
): Promise<AdEventIngestAnswer> {
  const known = await knownIds(db, tenantId, events);
  const rejected: AdEventIngestAnswer['rejected'] = [];
  const rows: Row[] = [];
  const seen = new Set<string>();
  let sameCall = 0;
  const received = formatDateTime(new Date(nowSeconds * 1000));
  const earliest = nowSeconds - AD_EVENT_LIMITS.pastDays * 86_400;
  const latest = nowSeconds + AD_EVENT_LIMITS.futureSeconds;

  events.forEach((raw, index) => {
    const e = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
    const eventId = str(e.eventId);
    const refuse = (why: { zh: string }) => rejected.push({ index, eventId, message: why.zh });
    if (!AD_EVENT_LIMITS.eventId.test(eventId)) return refuse(AD_EVENT_REFUSALS.eventId);
    const type = str(e.type);
    if (!(AD_EVENT_TYPES as readonly string[]).includes(type))
      return refuse(AD_EVENT_REFUSALS.type);
    const time =
      typeof e.time === 'string' && e.time.length === 19 ? parseDateTime(e.time) : undefined;
    if (!time) return refuse(AD_EVENT_REFUSALS.time);
    const at = secondsOf(time);
    if (at > latest) return refuse(AD_EVENT_REFUSALS.future);
    if (at < earliest) return refuse(AD_EVENT_REFUSALS.past);
    const cost = e.cost === undefined || e.cost === null || e.cost === '' ? 0 : parseYuan(e.cost);
    if (
      cost === undefined ||
      cost < 0 ||
      cost > AD_EVENT_LIMITS.costMaxFen ||
      (type !== 'cost' && cost !== 0)
    )
      return refuse(AD_EVENT_REFUSALS.cost);
    const planId = str(e.planId);
    const positions = known.plans.get(planId);
    if (!positions) return refuse(AD_EVENT_REFUSALS.plan);
    const positionId = str(e.positionId);
    if (!positions.has(positionId)) return refuse(AD_EVENT_REFUSALS.position);
    const flowMasterId = str(e.flowMasterId);
    if (!known.masters.get(flowMasterId)?.has(positionId)) return refuse(AD_EVENT_REFUSALS.master);
    const lotId = str(e.lotId);
    if (lotId && !known.lots.has(lotId)) return refuse(AD_EVENT_REFUSALS.lot);
    if (seen.has(eventId)) {
      sameCall += 1;
      return;
    }
    seen.add(eventId);
    rows.push({
      id: nextId(),
      tenantId,
      source,
      eventId,
      eventType: type,
      planId,
      positionId,
      flowMasterId,
      lotId,
      eventTime: time,
      cost,
      receivedTime: received,
    });
  });

  const accepted = await insertEvents(db, rows);
  return { accepted, duplicates: sameCall + rows.length - accepted, rejected };
}

/** Inserts events once each (a known (tenant, source, eventId) is skipped); answers how many. */
export async function insertEvents(db: Kysely<DB>, rows: readonly Row[]): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < rows.length; i += CHUNK) {
    const done = await db
      .insertInto('bladeAdEvent')
      .values(rows.slice(i, i + CHUNK))
      .onConflict((oc) => oc.columns(['tenantId', 'source', 'eventId']).doNothing())
      .returning('id')
      .execute();
    inserted += done.length;
  }
  return inserted;
}
