import type { FastifyInstance } from 'fastify';
import { tableRoutes } from '../../../lib/table/index.js';
import clientTable from './table.js';

/**
 * blade-system/client routes (table.ts). A change applies at the next token request on every
 * process: the login reads the client's row each time (blade-auth/login.ts).
 */
export default async function clientRoutes(app: FastifyInstance): Promise<void> {
  await tableRoutes(clientTable)(app);
}
