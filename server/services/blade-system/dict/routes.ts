import type { FastifyInstance } from 'fastify';

/** /api/blade-system/dict/* and /api/blade-system/dict-biz/* (to be written). */
export default async function dictRoutes(_app: FastifyInstance): Promise<void> {}
