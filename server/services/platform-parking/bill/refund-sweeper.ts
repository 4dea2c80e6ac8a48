import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../../context.js';
import { PollingWorker } from '../../../lib/polling-worker.js';
import { formatDateTime, nowText } from '../../../lib/time.js';
import { settleRefund, type BillRefundRow } from './refund.js';

/** How long a refund waits for the operator's answer before the sweep asks again. */
export const ASK_AGAIN_AFTER_SECONDS = 60;

/**
 * Bill refunds the operator has not answered (a timeout, the operator down, the process gone
 * between the hold and the answer): asked again with the same refund number, which the operator
 * refunds once, until it answers done or refused (bill/refund.ts). Each ask is claimed by moving
 * the refund's updateTime (conditional on the value read), so of several processes one asks.
 */
export class BillRefundSweeper extends PollingWorker<BillRefundRow> {
  private readonly afterSeconds: number;

  constructor(
    private readonly ctx: AppContext,
    options: { pollMs?: number; logger?: FastifyBaseLogger; afterSeconds?: number } = {},
  ) {
    super('bill refund sweep', options.pollMs ?? 30_000, options.logger);
    this.afterSeconds = options.afterSeconds ?? ASK_AGAIN_AFTER_SECONDS;
  }

  override async claim(): Promise<BillRefundRow | undefined> {
    const cutoff = formatDateTime(new Date((this.ctx.now() - this.afterSeconds) * 1000));
    for (;;) {
      const waiting = await this.ctx.db
        .selectFrom('bladeParkBillRefund')
        .selectAll()
        .where('state', '=', 'requested')
        .where('createTime', '<', cutoff)
        .where((eb) => eb.or([eb('updateTime', 'is', null), eb('updateTime', '<', cutoff)]))
        .orderBy('createTime')
        .limit(1)
        .executeTakeFirst();
      if (!waiting) return undefined;
      const now = nowText();
      const claimed = await this.ctx.db
        .updateTable('bladeParkBillRefund')
        .set({ updateTime: now })
        .where('id', '=', waiting.id)
        .where('state', '=', 'requested')
        .where((eb) =>
          waiting.updateTime === null
            ? eb('updateTime', 'is', null)
            : eb('updateTime', '=', waiting.updateTime),
        )
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 1) return { ...waiting, updateTime: now };
    }
  }

  override async run(refund: BillRefundRow): Promise<void> {
    const settled = await settleRefund(this.ctx, refund);
    if (settled)
      this.logger?.info({ refundNo: refund.refundNo, state: settled.state }, 'bill refund settled');
    else this.logger?.warn({ refundNo: refund.refundNo }, 'bill refund still unanswered');
  }
}
