import type { FastifyInstance } from 'fastify';

/** /api/blade-system/tenant/* (to be written). */
export default async function tenantRoutes(_app: FastifyInstance): Promise<void> {}
