import type { FastifyInstance } from 'fastify';
import { batchTaskContract as contract } from '../../../../src/contracts/platform-supplier/batch-task.js';
import { currentUser, perm } from '../../../auth/index.js';
import { ok } from '../../../lib/envelope.js';
import { batchTaskEngine } from './engine.js';
import { removeTasks, submitTask } from './repository.js';
import table from './table.js';
import { tableRoutes } from '../../../lib/table/index.js';

/**
 * batch-task (spec section 7, "Orders"; issue 18 item 3): listPage, find, submit, removeById/{id}
 * (the contract's calls; `detail` too, which the progress cell polls). Hand-written, not the
 * table engine's: a task's supplier, good and range live in its `params` (JSON), not in columns
 * of their own. The worker that runs the tasks starts with the server and stops with it.
 */
export default async function batchTaskRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const base = `/api/${contract.service}`;
  const { codes } = contract;
  const remove = perm(codes.remove ?? codes.menu);
  const engine = batchTaskEngine(ctx, { logger: app.log });
  app.addHook('onReady', async () => engine.start());
  app.addHook('onClose', async () => engine.stop());

  await app.register(tableRoutes(table));

  app.post(
    `${base}/submit`,
    {
      config: {
        access: perm(codes.add ?? codes.menu),
        idempotent: true,
        doc: {
          summary: {
            zh: '新建刷新核销状态任务（发放时间范围不超过31天）',
            en: 'Queue a refresh of verification status (issue range at most 31 days)',
          },
          body: { schema: contract.input },
        },
      },
    },
    async (request) => {
      const task = await submitTask(ctx, currentUser(request), request.body);
      engine.wake();
      return ok(task, '任务已创建');
    },
  );

  app.post<{ Params: { id: string } }>(
    `${base}/removeById/:id`,
    { config: { access: remove } },
    async (request) => {
      await removeTasks(ctx, currentUser(request), [request.params.id]);
      return ok({}, '删除成功');
    },
  );
}
