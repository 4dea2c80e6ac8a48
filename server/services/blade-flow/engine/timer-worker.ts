import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../../context.js';
import { ApiError } from '../../../lib/errors.js';
import { PollingWorker } from '../../../lib/polling-worker.js';
import { fireTimer } from './runner.js';

/**
 * The workflow timer worker (issue 29 item 3): timers fire from the database, never from an
 * in-memory timer. In every server process it polls for a waiting timer whose due time has
 * passed (of any tenant, its definition not suspended: a suspended process's timers wait),
 * claims it with a conditional update and a lease (PostgreSQL: `for update skip locked`), then
 * runs the instance's 'fire timer' step (runner.ts): the recovered engine re-arms the timer with
 * no time left, it fires, and the step's transaction marks the timer fired. A timer due while no
 * server ran fires at the first poll after a start; of several processes only one fires it (the
 * claim, and the step's conditional write on the instance's version).
 */

/** How long a claim holds before another process may take the timer again (ms). */
const LEASE_MS = 60_000;

interface ClaimedTimer {
  id: string;
  tenantId: string;
  instanceId: string;
}

export interface TimerWorkerOptions {
  pollMs?: number;
  logger?: FastifyBaseLogger;
}

export class FlowTimerWorker extends PollingWorker<ClaimedTimer> {
  private readonly owner = randomUUID();

  constructor(
    private readonly ctx: AppContext,
    options: TimerWorkerOptions = {},
  ) {
    super('workflow timers', options.pollMs ?? 1000, options.logger);
  }

  override async claim(): Promise<ClaimedTimer | undefined> {
    const postgres = this.ctx.dialect === 'postgres';
    const now = Date.now();
    return this.ctx.db.transaction().execute(async (trx) => {
      let next = trx
        .selectFrom('bladeFlowTimer as t')
        .innerJoin('bladeFlowInstance as i', 'i.id', 't.instanceId')
        .innerJoin('bladeFlowDefinition as d', 'd.id', 'i.definitionId')
        .select(['t.id', 't.tenantId', 't.instanceId'])
        .where('t.state', '=', 'waiting')
        .where('t.dueAt', '<=', now)
        .where((eb) => eb.or([eb('t.claimedUntil', 'is', null), eb('t.claimedUntil', '<', now)]))
        .where('d.suspended', '=', 0)
        .orderBy('t.dueAt')
        .orderBy('t.id')
        .limit(1);
      if (postgres) next = next.forUpdate('t').skipLocked();
      const timer = await next.executeTakeFirst();
      if (!timer) return undefined;
      const claimed = await trx
        .updateTable('bladeFlowTimer')
        .set({ claimedBy: this.owner, claimedUntil: now + LEASE_MS })
        .where('id', '=', timer.id)
        .where('state', '=', 'waiting')
        .where((eb) => eb.or([eb('claimedUntil', 'is', null), eb('claimedUntil', '<', now)]))
        .executeTakeFirst();
      return Number(claimed.numUpdatedRows) === 1 ? timer : undefined;
    });
  }

  override async run(timer: ClaimedTimer): Promise<void> {
    try {
      await fireTimer(this.ctx, timer);
    } catch (err) {
      // An instance no longer running (deleted, ended) or stepped by another process: the
      // timer is done with here either way.
      if (err instanceof ApiError) this.logger?.warn({ err, timer }, 'workflow timer not fired');
      else this.logger?.error({ err, timer }, 'workflow timer failed');
    }
    // Still waiting after the step (the instance ended some other way): not fired again.
    await this.ctx.db
      .updateTable('bladeFlowTimer')
      .set({ state: 'cancelled' })
      .where('id', '=', timer.id)
      .where('state', '=', 'waiting')
      .where('claimedBy', '=', this.owner)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('bladeFlowInstance as i')
              .select('i.id')
              .whereRef('i.id', '=', 'bladeFlowTimer.instanceId')
              .where('i.state', '=', 'running'),
          ),
        ),
      )
      .execute();
  }
}

const workers = new WeakMap<AppContext, FlowTimerWorker>();

/** The workflow timer worker of a server (one per app; engine/routes.ts creates it). */
export function flowTimerWorker(ctx: AppContext, options?: TimerWorkerOptions): FlowTimerWorker {
  let worker = workers.get(ctx);
  if (!worker) {
    worker = new FlowTimerWorker(ctx, options);
    workers.set(ctx, worker);
  }
  return worker;
}
