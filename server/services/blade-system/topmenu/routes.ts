import type { FastifyInstance } from 'fastify';

/** /api/blade-system/topmenu/* (to be written). */
export default async function topmenuRoutes(_app: FastifyInstance): Promise<void> {}
