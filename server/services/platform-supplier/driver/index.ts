import type { AppContext } from '../../../context.js';
import { notFound } from '../../../lib/errors.js';
import { httpDriver, NOT_CONFIGURED } from './http.js';
import { sandboxDriver } from './sandbox.js';
import { decryptInterfaceSecret } from './secret.js';
import { DriverError, type DriverSupplier, type SupplierDriver } from './types.js';

export * from './types.js';
export { encryptInterfaceSecret, decryptInterfaceSecret } from './secret.js';
export { signRequest } from './http.js';

/** What the drivers need of the server. */
export type DriverContext = Pick<AppContext, 'config' | 'db' | 'jwtSecret'>;

export interface DriverOptions {
  /** Overrides SUPPLIER_TIMEOUT_MS (tests). */
  timeoutMs?: number;
  /** Name resolution of the http driver (tests); the system's by default. */
  lookup?: (host: string) => Promise<{ address: string }[]>;
  /** The sandbox's failure draw for 0 < failureRate < 1 (tests); Math.random by default. */
  random?: () => number;
}

/**
 * The driver that answers for a supplier, by its `driver` column: `sandbox` (also when empty),
 * `http`; any other value throws DriverError `not-configured` (供应商接口未配置).
 */
export function supplierDriver(
  ctx: Pick<DriverContext, 'config'>,
  supplier: Pick<DriverSupplier, 'driver'>,
  options: DriverOptions = {},
): SupplierDriver {
  const timeoutMs = options.timeoutMs ?? ctx.config.supplierTimeoutMs;
  const kind = (supplier.driver ?? '').trim() || 'sandbox';
  if (kind === 'sandbox')
    return sandboxDriver({ timeoutMs, ...(options.random ? { random: options.random } : {}) });
  if (kind === 'http')
    return httpDriver({
      timeoutMs,
      allow: ctx.config.outboundAllowlist,
      ...(options.lookup ? { lookup: options.lookup } : {}),
    });
  throw new DriverError('not-configured', NOT_CONFIGURED);
}

/**
 * A supplier of the tenant, as the drivers take it (interface secret decrypted; null when it
 * cannot be read). Another tenant's supplier, a deleted one or an unknown id: 404 数据不存在.
 */
export async function driverSupplier(
  ctx: Pick<DriverContext, 'db' | 'jwtSecret'>,
  tenantId: string,
  supId: string,
): Promise<DriverSupplier> {
  const row = await ctx.db
    .selectFrom('bladeSup')
    .select([
      'id',
      'tenantId',
      'supCode',
      'driver',
      'interfaceEndpoint',
      'interfaceKey',
      'interfaceSecret',
    ])
    .where('id', '=', supId)
    .where('tenantId', '=', tenantId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!row) throw notFound();
  return { ...row, interfaceSecret: decryptInterfaceSecret(ctx, row.interfaceSecret) };
}
