import type { AppContext } from '../../../context.js';
import { httpPayDriver, WECHAT_PAY_BASE_URL } from './http.js';
import { sandboxPayDriver } from './sandbox.js';
import { PayDriverError, type PayDriver, type PayMerchant } from './types.js';

export * from './types.js';
export { sandboxNotice, sandboxTransactionId } from './sandbox.js';
export { sealSecret, openSecret } from './secret.js';

export interface PayDriverOptions {
  /** Name resolution of the http driver (tests). */
  lookup?: (host: string) => Promise<{ address: string }[]>;
  /** Overrides WECHAT_PAY_BASE_URL (tests). */
  baseUrl?: string;
}

/** WECHAT_PAY_TIMEOUT_MS, default 10 s. */
const timeoutMs = () => {
  const n = Number(process.env.WECHAT_PAY_TIMEOUT_MS);
  return Number.isInteger(n) && n > 0 ? n : 10_000;
};

/**
 * The driver of a merchant setting: `sandbox` (also when empty) or `http` (WeChat pay API v3 at
 * WECHAT_PAY_BASE_URL); anything else is not configured.
 */
export function payDriver(
  ctx: Pick<AppContext, 'config'>,
  merchant: Pick<PayMerchant, 'driver'>,
  options: PayDriverOptions = {},
): PayDriver {
  const kind = merchant.driver.trim() || 'sandbox';
  if (kind === 'sandbox') return sandboxPayDriver;
  if (kind === 'http')
    return httpPayDriver({
      baseUrl: options.baseUrl ?? process.env.WECHAT_PAY_BASE_URL ?? WECHAT_PAY_BASE_URL,
      timeoutMs: timeoutMs(),
      allow: ctx.config.outboundAllowlist,
      ...(options.lookup ? { lookup: options.lookup } : {}),
    });
  throw new PayDriverError('notConfigured');
}
