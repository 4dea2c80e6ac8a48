import type { FastifyInstance } from 'fastify';
import { tableRoutes } from '../../../lib/table/index.js';
import { clearClientCache } from '../../blade-auth/login.js';
import clientTable from './table.js';

/**
 * blade-system/client routes (table.ts). The login keeps checked clients for 5 minutes; every
 * write here empties that cache once it is done, so a new secret, a removed client or changed
 * grants apply at once in this process (other processes within 5 minutes).
 */
export default async function clientRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onResponse', async (request) => {
    if (request.method === 'POST') clearClientCache();
  });
  await tableRoutes(clientTable)(app);
}
