import type { FastifyInstance } from 'fastify';

/** /api/blade-system/post/* (to be written). */
export default async function postRoutes(_app: FastifyInstance): Promise<void> {}
