import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { pricePlanLifecycle } from '../../../../machines/lifecycles/price-plan-machine.js';
import { PRICE_PLAN_REFUSALS } from '../../../../src/contracts/platform-client/price-plan.js';
import type { AppContext } from '../../../context.js';
import type { DB } from '../../../db/schema.js';
import { transitionOrConflict } from '../../../lib/lifecycle-guard.js';
import { PollingWorker } from '../../../lib/polling-worker.js';
import { clockText, PENDING } from './plans.js';

/**
 * The price-plan scheduler (issue 27 item 7): in every server process, polls for due plans
 * (pending, effective time <= now, of any tenant) and applies each EXACTLY ONCE. A plan is
 * claimed and applied in one transaction: the candidate is locked `FOR UPDATE SKIP LOCKED` on
 * PostgreSQL (SQLite write transactions are serial: BEGIN IMMEDIATE), moved pending -> applied by
 * a conditional UPDATE (so of several processes on one database only one moves it), and the
 * product's sale price set to the plan's new price (version + 1) in the same transaction: the
 * price and the plan's applied time are written together or not at all. A plan whose product was
 * removed meanwhile becomes void with a reason. Plans that fell due while no server ran are
 * applied at the first poll after a start.
 *
 * Order: a plan is a candidate only when no other pending plan of its product has an earlier
 * effective time (or the same time and a smaller id), so two plans of one product due at once
 * apply in effective-time order and the later one's price stays. On PostgreSQL a second process
 * that skips the locked earlier plan sees it still pending and leaves the later one alone.
 */

const APPLIED = transitionOrConflict(pricePlanLifecycle, PENDING, 'apply');
const VOID = transitionOrConflict(pricePlanLifecycle, PENDING, 'void');

/** What one claim did to one due plan ('lost': another process moved it first). */
export interface PlanOutcome {
  id: string;
  tenantId: string;
  productId: string;
  outcome: 'applied' | 'void' | 'lost';
  /** The sale price set (fen), when applied. */
  price?: number;
}

export interface PricePlanSchedulerOptions {
  /** Poll interval (ms); 1 s by default. */
  pollMs?: number;
  logger?: FastifyBaseLogger;
}

/**
 * The earliest plan due at `now`, applied (or voided when its product is gone) in `trx`, the
 * claiming transaction: what the scheduler does at each poll (and the demo at a simulated time).
 */
export async function claimDuePlan(
  trx: Kysely<DB>,
  postgres: boolean,
  now: string,
): Promise<PlanOutcome | undefined> {
  let next = trx
    .selectFrom('bladePricePlan as p')
    .select(['p.id', 'p.tenantId', 'p.productId'])
    .where('p.state', '=', PENDING)
    .where('p.isDeleted', '=', 0)
    .where('p.effectiveTime', '<=', now)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('bladePricePlan as q')
            .select('q.id')
            .whereRef('q.tenantId', '=', 'p.tenantId')
            .whereRef('q.productId', '=', 'p.productId')
            .where('q.state', '=', PENDING)
            .where('q.isDeleted', '=', 0)
            .where((eb) =>
              eb.or([
                eb('q.effectiveTime', '<', eb.ref('p.effectiveTime')),
                eb.and([
                  eb('q.effectiveTime', '=', eb.ref('p.effectiveTime')),
                  eb('q.id', '<', eb.ref('p.id')),
                ]),
              ]),
            ),
        ),
      ),
    )
    .orderBy('p.effectiveTime')
    .orderBy('p.id')
    .limit(1);
  if (postgres) next = next.forUpdate().skipLocked();
  const plan = await next.executeTakeFirst();
  if (!plan) return undefined;
  let product = trx
    .selectFrom('bladePsclientProduct')
    .select('id')
    .where('tenantId', '=', plan.tenantId)
    .where('id', '=', plan.productId)
    .where('isDeleted', '=', 0);
  // A removal of the product waits for this transaction (or this one sees it removed).
  if (postgres) product = product.forUpdate();
  const live = await product.executeTakeFirst();
  const move = trx
    .updateTable('bladePricePlan')
    .where('id', '=', plan.id)
    .where('state', '=', PENDING)
    .where('isDeleted', '=', 0)
    .where('effectiveTime', '<=', now);
  if (!live) {
    const voided = await move
      .set({
        state: VOID,
        voidTime: now,
        voidReason: PRICE_PLAN_REFUSALS.productRemoved.zh,
        version: sql<number>`version + 1`,
      })
      .executeTakeFirst();
    return { ...plan, outcome: Number(voided.numUpdatedRows) === 1 ? 'void' : 'lost' };
  }
  const claimed = await move
    .set((eb) => ({
      state: APPLIED,
      appliedTime: now,
      appliedPrice: eb.ref('newPrice'),
      version: sql<number>`version + 1`,
    }))
    .returning('newPrice')
    .executeTakeFirst();
  if (!claimed) return { ...plan, outcome: 'lost' };
  const price = Number(claimed.newPrice);
  await trx
    .updateTable('bladePsclientProduct')
    .set({ salePrice: price, updateTime: now, version: sql<number>`version + 1` })
    .where('tenantId', '=', plan.tenantId)
    .where('id', '=', plan.productId)
    .where('isDeleted', '=', 0)
    .execute();
  return { ...plan, outcome: 'applied', price };
}

export class PricePlanScheduler extends PollingWorker<PlanOutcome> {
  constructor(
    private readonly ctx: AppContext,
    options: PricePlanSchedulerOptions = {},
  ) {
    super('price-plan scheduler', options.pollMs ?? 1000, options.logger);
  }

  /** The earliest due plan, applied (or voided) in the transaction that claims it. */
  override async claim(): Promise<PlanOutcome | undefined> {
    const postgres = this.ctx.dialect === 'postgres';
    const now = clockText(this.ctx);
    return this.ctx.db.transaction().execute((trx) => claimDuePlan(trx, postgres, now));
  }

  /** The work was done by the claim; this only says so. */
  override async run(done: PlanOutcome): Promise<void> {
    if (done.outcome !== 'lost') this.logger?.info(done, `price plan ${done.outcome}`);
  }
}

const schedulers = new WeakMap<AppContext, PricePlanScheduler>();

/** The price-plan scheduler of a server (one per app; its routes create it). */
export function pricePlanScheduler(
  ctx: AppContext,
  options?: PricePlanSchedulerOptions,
): PricePlanScheduler {
  let scheduler = schedulers.get(ctx);
  if (!scheduler) {
    scheduler = new PricePlanScheduler(ctx, options);
    schedulers.set(ctx, scheduler);
  }
  return scheduler;
}
