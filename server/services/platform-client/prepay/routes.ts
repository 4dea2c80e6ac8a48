import type { FastifyInstance } from 'fastify';
import { tableRoutes } from '../../../lib/table/index.js';
import moneyRoutes from './money-routes.js';
import { PREPAY_ORDER_TABLES } from './order-tables.js';
import settingRoutes from './setting-routes.js';
import appPrepayTable from './table.js';
import voucherRoutes from './voucher-routes.js';

/**
 * App prepay (issue 27 item 2; spec section 7 psclient-appPrepay, prepay-order, psclient-prepay),
 * as the supplier balances are served (platform-supplier/balance/routes.ts): every money move is
 * `changePrepay` inside one transaction behind an Idempotency-Key, field refusals come before any
 * work (so a refused key is freed), reads are bound to the token's tenant (another's id: 404).
 * The calls beyond the tables': money-routes.ts, setting-routes.ts, voucher-routes.ts.
 */
export default async function prepayRoutes(app: FastifyInstance): Promise<void> {
  await app.register(tableRoutes(appPrepayTable));
  for (const table of PREPAY_ORDER_TABLES) await app.register(tableRoutes(table));
  await moneyRoutes(app);
  await settingRoutes(app);
  await voucherRoutes(app);
}
