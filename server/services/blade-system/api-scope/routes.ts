import type { FastifyInstance } from 'fastify';
import { tableRoutes } from '../../../lib/table/index.js';
import apiScopeTable from './table.js';

/**
 * blade-system/api-scope: the declared table. Enforcement (auth/api-scope.ts) caches the scopes
 * per grants version, which a write to this table moves (migration 055).
 */
export default async function apiScopeRoutes(app: FastifyInstance): Promise<void> {
  await tableRoutes(apiScopeTable)(app);
}
