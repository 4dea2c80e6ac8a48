import type { FastifyInstance } from 'fastify';
import flowManagerRoutes from './manager/routes.js';
import flowModelRoutes from './model/routes.js';

/**
 * The workflow service's design side (issue 29 items 1 and 2, spec.md section 7 blade-flow):
 * models (model/) and deployed definitions (manager/). The execution side (work, follow, process
 * and the leave process) registers itself through engine/routes.ts; both are lines of
 * server/routes.ts.
 */
export default async function flowDesignRoutes(app: FastifyInstance): Promise<void> {
  await flowModelRoutes(app);
  await flowManagerRoutes(app);
}
