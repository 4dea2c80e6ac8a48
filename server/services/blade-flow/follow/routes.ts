import type { FastifyInstance } from 'fastify';
import {
  DELETE_REASON_MAX,
  followContract,
  FOLLOW_CALLS,
} from '../../../../src/contracts/blade-flow/instance.js';
import { FLOW_MESSAGES } from '../../../../src/contracts/blade-flow/task.js';
import { currentUser, perm } from '../../../auth/index.js';
import { okStatus } from '../../../lib/envelope.js';
import { badInput } from '../../../lib/errors.js';
import { param, requiredParam } from '../../../lib/params.js';
import { tableRoutes } from '../../../lib/table/index.js';
import { tooLong } from '../../../../src/contracts/resource-contract.js';
import { deleteInstance } from '../engine/runner.js';
import { followTable } from './table.js';

const text = (zh: string, en: string) => ({ zh, en });

/** 流程跟踪: the declared list, and deleting a running instance with a reason. */
export default async function followRoutes(app: FastifyInstance): Promise<void> {
  await app.register(tableRoutes(followTable));
  app.post(
    `/api/${FOLLOW_CALLS.deleteProcessInstance}`,
    {
      config: {
        access: perm(followContract.codes.remove!),
        doc: {
          summary: text(
            '删除运行中的流程实例：必须填写原因，未办理的任务与定时器随之取消',
            'Delete a running instance with a reason: its open tasks and timers are cancelled',
          ),
          query: [
            { name: 'processInstanceId', type: 'string', required: true },
            { name: 'deleteReason', type: 'string', required: true },
          ],
        },
      },
    },
    async (request) => {
      const instanceId = requiredParam(request, 'processInstanceId');
      const reason = (param(request, 'deleteReason') ?? '').trim();
      if (!reason) throw badInput(`deleteReason:${FLOW_MESSAGES.deleteReason.zh}`);
      if (reason.length > DELETE_REASON_MAX)
        throw badInput(`deleteReason:${tooLong(DELETE_REASON_MAX)}`);
      await deleteInstance(app.ctx, { user: currentUser(request), instanceId, reason });
      return okStatus('删除成功');
    },
  );
}
