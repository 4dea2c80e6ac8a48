import type { FastifyInstance } from 'fastify';
import { importRoutes } from '../../../lib/import/index.js';
import { tableRoutes } from '../../../lib/table/index.js';
import carTable from '../car/table.js';
import carSubscribeTable from '../car/subscribe-table.js';
import invoiceSettingTable from '../settings/invoice-table.js';
import { parkSettingRoutes } from '../settings/routes.js';
import { authCodeRoutes } from './auth-code.js';
import { parkLotImport } from './import.js';

/**
 * The parking master data beside the lot table (issue 28 item 1): cars, subscribed cars, the
 * lots' import, pay and invoice settings, and the suppliers' auth codes. (The lot list itself is
 * `tableRoutes(parkLotTable)`; loadingParkData is the parking driver's.)
 */
export default async function parkMasterRoutes(app: FastifyInstance): Promise<void> {
  await tableRoutes(carTable)(app);
  await tableRoutes(carSubscribeTable)(app);
  await tableRoutes(invoiceSettingTable)(app);
  await importRoutes(parkLotImport)(app);
  await parkSettingRoutes(app);
  await authCodeRoutes(app);
}
