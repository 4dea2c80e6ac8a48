import type { FastifyInstance } from 'fastify';

/** /api/blade-user/* (to be written). */
export default async function bladeUserRoutes(_app: FastifyInstance): Promise<void> {}
