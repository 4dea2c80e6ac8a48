import type { FastifyInstance } from 'fastify';

/** /api/blade-system/role/* (to be written). */
export default async function roleRoutes(_app: FastifyInstance): Promise<void> {}
