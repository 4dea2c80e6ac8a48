import type { FastifyInstance } from 'fastify';
import { tableRoutes } from '../../../lib/table/index.js';
import { enableRoutes } from '../settings.js';
import ossTable from './table.js';

/**
 * blade-resource/oss settings: list/detail/submit/remove (table.ts) and enable/disable (one
 * enabled per tenant). The file endpoints (`oss/endpoint/*`) belong to the storage layer.
 */
export default async function ossRoutes(app: FastifyInstance): Promise<void> {
  await tableRoutes(ossTable)(app);
  enableRoutes(app, '/api/blade-resource/oss', 'bladeOss', 'oss_enable');
}
