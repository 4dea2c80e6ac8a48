import type { FastifyBaseLogger } from 'fastify';
import { FAILURE_REASONS } from '../../../../src/contracts/server-texts.js';
import type { AppContext } from '../../../context.js';
import { PollingWorker } from '../../../lib/polling-worker.js';
import { formatDateTime, nowText } from '../../../lib/time.js';
import { failClientOrder } from './fail-order.js';

/**
 * Orders left `fulfilling` by a process that died between charging the prepay and the
 * fulfilment's commit (place-order.ts step 2 -> 3): after RECOVER_AFTER_SECONDS without a move
 * they are failed, their prepay returned and a place-order-fail opened, like any failure (an
 * operator may reissue). A fulfilment still running that late (a supplier interface past its
 * timeout) finds the order failed when it commits and rolls back, so nothing is issued twice.
 */
export const RECOVER_AFTER_SECONDS = 120;

export class ClientOrderRecovery extends PollingWorker<{ id: string; tenantId: string }> {
  constructor(
    private readonly ctx: AppContext,
    options: { pollMs?: number; logger?: FastifyBaseLogger; afterSeconds?: number } = {},
  ) {
    super('client order recovery', options.pollMs ?? 30_000, options.logger);
    this.afterSeconds = options.afterSeconds ?? RECOVER_AFTER_SECONDS;
  }

  private readonly afterSeconds: number;

  override async claim() {
    const cutoff = formatDateTime(new Date((this.ctx.now() - this.afterSeconds) * 1000));
    return this.ctx.db
      .selectFrom('bladeClientProductOrder')
      .select(['id', 'tenantId'])
      .where('state', '=', 'fulfilling')
      .where('isDeleted', '=', 0)
      .where((eb) =>
        eb.or([
          eb.and([eb('updateTime', 'is', null), eb('createTime', '<', cutoff)]),
          eb('updateTime', '<', cutoff),
        ]),
      )
      .orderBy('createTime')
      .limit(1)
      .executeTakeFirst();
  }

  override async run(order: { id: string; tenantId: string }) {
    const failed = await this.ctx.db
      .transaction()
      .execute((trx) =>
        failClientOrder(trx, order, FAILURE_REASONS.fulfilInterrupted.zh, nowText(), null),
      );
    if (!failed) {
      // Moved meanwhile by someone else: touch nothing; the next poll looks again.
      return;
    }
    this.logger?.warn({ orderId: order.id }, 'client order recovered as failed');
  }
}
