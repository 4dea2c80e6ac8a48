import type { FastifyBaseLogger } from 'fastify';
import { CALLBACK_DOC } from '../../../../src/contracts/platform-client/open-api.js';
import type { AppContext } from '../../../context.js';
import { nextId } from '../../../lib/ids.js';
import {
  assertOutboundResolved,
  endpointHost,
  isRefusedHost,
  outboundRefusal,
} from '../../../lib/outbound.js';
import { PollingWorker } from '../../../lib/polling-worker.js';
import { nowText } from '../../../lib/time.js';
import { appSecretOf } from '../app/secret.js';
import { signWith } from '../open-api/signing.js';

/**
 * Delivers the callback outbox (issue 27 item 4): each due event is claimed from the database
 * (a conditional UPDATE of its lease, so of several processes one sends it), POSTed as signed
 * JSON to the app's callback URL, and recorded as an attempt. A 2xx answer acknowledges it;
 * anything else (an error status, a timeout, a refused address) schedules the next attempt after
 * BACKOFF_MS, until MAX_ATTEMPTS, when it is given up as `failed` (an operator may resend it).
 * Every attempt of one event carries the same X-Event-Id, so a receiver deduplicates by it.
 */

/** Waits before attempt 2, 3, ... (ms): 10 s, 30 s, 1 min, 5 min, 15 min, 30 min, then 1 h. */
export const BACKOFF_MS = CALLBACK_DOC.backoffMs;
export const MAX_ATTEMPTS = CALLBACK_DOC.maxAttempts;
const LEASE_MS = 60_000;
const TIMEOUT_MS = 10_000;

export interface CallbackWorkerOptions {
  pollMs?: number;
  logger?: FastifyBaseLogger;
  /** The wait before attempt n + 1 after n failed ones (tests shorten it). */
  backoff?: (attempts: number) => number;
}

interface Due {
  id: string;
  eventId: string;
  appId: string;
  payload: string;
  attempts: number;
}

export const NO_CALLBACK_URL = '应用未配置回调地址';

/**
 * The sandbox receiver (domain.md "External systems are drivers"): a callback URL
 * `sandbox://receiver` is answered in this process as an app would, 200 after a short delay, so
 * the demo's apps and a fresh install have deliveries to show without a service of their own.
 * `sandbox://fail` answers 503 every time (to see retries and resend).
 */
export const SANDBOX_SCHEME = 'sandbox://';
async function sandboxReceiver(url: string, _event: Due) {
  await new Promise((r) => setTimeout(r, 5));
  return url === `${SANDBOX_SCHEME}fail`
    ? { status: 503, error: 'HTTP 503' }
    : { status: 200, error: null };
}

export class CallbackWorker extends PollingWorker<Due> {
  private readonly backoff: (attempts: number) => number;

  constructor(
    private readonly ctx: AppContext,
    options: CallbackWorkerOptions = {},
  ) {
    super('callback worker', options.pollMs ?? 1000, options.logger);
    this.backoff = options.backoff ?? ((n) => BACKOFF_MS[Math.min(n - 1, BACKOFF_MS.length - 1)]!);
  }

  override async claim(): Promise<Due | undefined> {
    const now = Date.now();
    const due = await this.ctx.db
      .selectFrom('bladeCallbackOutbox')
      .select(['id', 'eventId', 'appId', 'payload', 'attempts', 'claimedUntil'])
      .where('state', '=', 'pending')
      .where('nextAttemptAt', '<=', now)
      .where('claimedUntil', '<', now)
      .orderBy('nextAttemptAt')
      .limit(1)
      .executeTakeFirst();
    if (!due) return undefined;
    const won = await this.ctx.db
      .updateTable('bladeCallbackOutbox')
      .set({ claimedUntil: now + LEASE_MS })
      .where('id', '=', due.id)
      .where('state', '=', 'pending')
      .where('claimedUntil', '=', due.claimedUntil)
      .executeTakeFirst();
    if (Number(won.numUpdatedRows) !== 1) return this.claim();
    return { ...due, attempts: Number(due.attempts) };
  }

  override async run(event: Due): Promise<void> {
    const attempt = event.attempts + 1;
    const started = Date.now();
    const outcome = await this.deliver(event).catch((err: unknown) => ({
      status: null,
      error: err instanceof Error ? err.message : String(err),
    }));
    const now = Date.now();
    const acknowledged = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
    await this.ctx.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('bladeCallbackAttempt')
        .values({
          id: nextId(),
          outboxId: event.id,
          attempt,
          httpStatus: outcome.status,
          error: outcome.error?.slice(0, 500) ?? null,
          durationMs: now - started,
          createTime: nowText(),
        })
        .execute();
      await trx
        .updateTable('bladeCallbackOutbox')
        .set({
          attempts: attempt,
          lastStatus: outcome.status,
          lastError: outcome.error?.slice(0, 500) ?? null,
          claimedUntil: 0,
          ...(acknowledged
            ? { state: 'delivered', deliveredTime: nowText() }
            : attempt >= MAX_ATTEMPTS
              ? { state: 'failed' }
              : { nextAttemptAt: now + this.backoff(attempt) }),
        })
        .where('id', '=', event.id)
        .execute();
    });
  }

  private async deliver(event: Due): Promise<{ status: number | null; error: string | null }> {
    const app = await this.ctx.db
      .selectFrom('bladePsclientApp')
      .select(['id', 'callbackUrl', 'secretSalt'])
      .where('id', '=', event.appId)
      .executeTakeFirst();
    if (!app?.callbackUrl) return { status: null, error: NO_CALLBACK_URL };
    if (app.callbackUrl.startsWith(SANDBOX_SCHEME)) return sandboxReceiver(app.callbackUrl, event);
    const host = endpointHost(app.callbackUrl);
    const allow = this.ctx.config.outboundAllowlist;
    if (!host || isRefusedHost(host, allow))
      return { status: null, error: outboundRefusal('回调地址') };
    await assertOutboundResolved(host, allow);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signature = signWith(appSecretOf(this.ctx, app), `${timestamp}\n${event.payload}`);
    const response = await fetch(app.callbackUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-event-id': event.eventId,
        'x-timestamp': timestamp,
        'x-signature': signature,
      },
      body: event.payload,
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await response.body?.cancel().catch(() => undefined);
    return {
      status: response.status,
      error: response.ok ? null : `HTTP ${response.status}`,
    };
  }
}

const workers = new WeakMap<AppContext, CallbackWorker>();

/** The callback worker of a server (one per app; the client routes start and stop it). */
export function callbackWorker(ctx: AppContext, options?: CallbackWorkerOptions): CallbackWorker {
  let worker = workers.get(ctx);
  if (!worker) {
    worker = new CallbackWorker(ctx, options);
    workers.set(ctx, worker);
  }
  return worker;
}

/**
 * Resends an order's latest event (an operator's resend): a delivered or given-up event becomes
 * due again now, keeping its event id (the app deduplicates by it). False when the order has none.
 */
export async function resendCallback(
  ctx: Pick<AppContext, 'db'>,
  tenantId: string,
  orderId: string,
): Promise<boolean> {
  const latest = await ctx.db
    .selectFrom('bladeCallbackOutbox')
    .select('id')
    .where('tenantId', '=', tenantId)
    .where('orderId', '=', orderId)
    .orderBy('createTime', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!latest) return false;
  return requeueCallback(ctx, tenantId, latest.id);
}

/** Makes one event of the tenant due again now (its id kept); false when there is none. */
export async function requeueCallback(
  ctx: Pick<AppContext, 'db'>,
  tenantId: string,
  outboxId: string,
): Promise<boolean> {
  const moved = await ctx.db
    .updateTable('bladeCallbackOutbox')
    .set({ state: 'pending', nextAttemptAt: Date.now(), claimedUntil: 0, deliveredTime: null })
    .where('tenantId', '=', tenantId)
    .where('id', '=', outboxId)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}
