import type { AppContext } from '../../../context.js';
import { PARKING_DRIVER_TEXTS } from '../../../../src/contracts/platform-parking/park-bill.js';
import { httpParkingDriver } from './http.js';
import { sandboxParkingDriver } from './sandbox.js';
import { DriverError, type ParkingDriver } from './types.js';

export * from './types.js';

/**
 * The driver of a lot's `operator`: `sandbox` (also when empty) or `http`, whose endpoint, key
 * and secret are the server's (config.parking: the lot table keeps no credentials); anything
 * else: DriverError `not-configured`.
 */
export function parkingDriver(
  ctx: Pick<AppContext, 'config'>,
  operator: string | null | undefined,
): ParkingDriver {
  const timeoutMs = ctx.config.supplierTimeoutMs;
  const kind = (operator ?? '').trim() || 'sandbox';
  const { sandbox, endpoint, key, secret } = ctx.config.parking;
  if (kind === 'sandbox') return sandboxParkingDriver({ timeoutMs, settings: sandbox });
  if (kind === 'http')
    return httpParkingDriver({
      timeoutMs,
      allow: ctx.config.outboundAllowlist,
      settings: { endpoint, key, secret },
    });
  throw new DriverError('not-configured', PARKING_DRIVER_TEXTS.notConfigured.zh);
}
