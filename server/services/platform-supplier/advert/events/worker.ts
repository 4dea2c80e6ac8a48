import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../../../context.js';
import { PollingWorker } from '../../../../lib/polling-worker.js';
import { rollUpAdEvents, ROLLUP_BATCH } from './rollup.js';

/**
 * The roll-up job (issue 28 item 3): every second, and at once after an ingestion (`wake`), rolls
 * up batches of events until none waits. A "task" is one batch, claimed and counted in the same
 * transaction by `rollUpAdEvents` (SKIP LOCKED on PostgreSQL: several processes share the work).
 * One worker per server (`adRollupWorker`); the event routes start it when the server is ready
 * and stop it on close. Tests stop it and call `rollUpAdEvents` themselves (deterministic).
 */
export class AdRollupWorker extends PollingWorker<number> {
  constructor(
    private readonly ctx: Pick<AppContext, 'db'>,
    options: { pollMs?: number; logger?: FastifyBaseLogger; batch?: number } = {},
  ) {
    super('ad event roll-up', options.pollMs ?? 1_000, options.logger);
    this.batch = options.batch ?? ROLLUP_BATCH;
  }

  private readonly batch: number;

  /** Rolls up one batch; its size is the "task" (undefined: none waited). */
  override async claim(): Promise<number | undefined> {
    const n = await rollUpAdEvents(this.ctx.db, { batch: this.batch });
    return n > 0 ? n : undefined;
  }

  override async run(): Promise<void> {}
}

const workers = new WeakMap<object, AdRollupWorker>();

/** The roll-up worker of a server (one per app context). */
export function adRollupWorker(
  ctx: Pick<AppContext, 'db'>,
  options?: { logger?: FastifyBaseLogger },
): AdRollupWorker {
  let worker = workers.get(ctx);
  if (!worker) {
    worker = new AdRollupWorker(ctx, options);
    workers.set(ctx, worker);
  }
  return worker;
}
