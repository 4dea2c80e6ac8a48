import type { FastifyInstance } from 'fastify';

/** /api/blade-system/tenant-package/* (to be written). */
export default async function tenantPackageRoutes(_app: FastifyInstance): Promise<void> {}
