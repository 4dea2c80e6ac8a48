import type { FastifyInstance } from 'fastify';
import leaveRoutes from '../../blade-desk/leave/routes.js';
import followRoutes from '../follow/routes.js';
import processRoutes from '../process/routes.js';
import workRoutes from '../work/routes.js';
import { flowTimerWorker } from './timer-worker.js';

/**
 * Workflow execution (issue 29 items 3, 4, 6): my tasks (work/), process tracking (follow/), the
 * diagram and history views (process/), the leave process (blade-desk/leave/), and the timer
 * worker, started with the server and stopped with it.
 */
export default async function flowExecutionRoutes(app: FastifyInstance): Promise<void> {
  const timers = flowTimerWorker(app.ctx, { logger: app.log });
  app.addHook('onReady', async () => timers.start());
  app.addHook('onClose', async () => timers.stop());
  await app.register(workRoutes);
  await app.register(followRoutes);
  await app.register(processRoutes);
  await app.register(leaveRoutes);
}
