import type { FastifyInstance } from 'fastify';

/** /api/blade-system/dept/* (to be written). */
export default async function deptRoutes(_app: FastifyInstance): Promise<void> {}
