import type { FastifyInstance } from 'fastify';
import { tableRoutes } from '../../../lib/table/index.js';
import forbiddenDayRoutes from './forbidden-day-routes.js';
import formRoutes from './form-routes.js';
import goodMapRoutes from './good-map-routes.js';
import lookupRoutes from './lookup-routes.js';
import productTable from './table.js';
import warningRoutes from './warning-routes.js';

export { PRODUCT_READ, productOf } from './calls.js';

/**
 * The spec's calls of psclient-product beyond the engine's (issue 27 item 3): listAllClient,
 * listPicAndVideo, judge-product-code, exist-product-code, listGoodStoreMapping, shelfConfig,
 * the stock thresholds (add/warning/one, warning/one/get, client-product-warning-set), the media
 * the form offers (lookup-routes.ts, form-routes.ts, warning-routes.ts); and product-good-map
 * and forbidden-sale-day (their own files). Every query is bound to the token's tenant; another
 * tenant's product answers 404.
 */
export default async function clientProductRoutes(app: FastifyInstance): Promise<void> {
  await tableRoutes(productTable)(app);
  await goodMapRoutes(app);
  await forbiddenDayRoutes(app);
  await lookupRoutes(app);
  await formRoutes(app);
  await warningRoutes(app);
}
