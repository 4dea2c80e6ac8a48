import type { FastifyInstance } from 'fastify';

/** /api/blade-system/menu/* (to be written). */
export default async function menuRoutes(_app: FastifyInstance): Promise<void> {}
