import type { FastifyInstance } from 'fastify';
import { tableRoutes } from '../../../lib/table/index.js';
import { invalidateApiScopes } from '../../../auth/index.js';
import apiScopeTable from './table.js';

/** blade-system/api-scope: the declared table, and the enforcement cache dropped on its writes. */
export default async function apiScopeRoutes(app: FastifyInstance): Promise<void> {
  // onSend runs once the handler's write is done and before the answer leaves, so the caller's
  // next request already sees the new scopes (this plugin's routes only).
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method === 'POST') invalidateApiScopes(app.ctx.db);
    return payload;
  });
  await tableRoutes(apiScopeTable)(app);
}
