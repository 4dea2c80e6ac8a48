import type { FastifyInstance } from 'fastify';
import {
  PROCESS_CALLS,
  type HistoryFlow,
  type ModelView,
} from '../../../../src/contracts/blade-flow/instance.js';
import { currentUser, perm } from '../../../auth/index.js';
import { ok } from '../../../lib/envelope.js';
import { badRequest } from '../../../lib/errors.js';
import { param, requiredParam } from '../../../lib/params.js';
import { loadDefinition, loadInstance } from '../engine/runner.js';
import { assertInstanceVisible, VIEW_CODES } from './visibility.js';

const text = (zh: string, en: string) => ({ zh, en });

/** Seconds between two 'yyyy-MM-dd HH:mm:ss' texts (local time), or null while open. */
function secondsBetween(start: string, end: string | null): number | null {
  if (!end) return null;
  const at = (t: string) => new Date(t.replace(' ', 'T')).getTime();
  return Math.max(0, Math.round((at(end) - at(start)) / 1000));
}

/**
 * process/* (issue 29 item 4): the diagram of an instance or a definition (its XML, the
 * activities entered with their end, the current ones), and an instance's history in order.
 * The instance or definition must be the caller's tenant's, and an instance one the caller may
 * read (visibility.ts); 404 otherwise.
 */
export default async function processRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  app.get(
    `/api/${PROCESS_CALLS.modelView}`,
    {
      config: {
        access: perm(...VIEW_CODES),
        doc: {
          summary: text(
            '流程图：实例（已经过的节点与当前节点）或流程定义的XML',
            'The diagram: XML with the activities entered and the current ones',
          ),
          query: [
            { name: 'processInstanceId', type: 'string' },
            { name: 'processDefinitionId', type: 'string' },
          ],
          response: text(
            '{xml, flow: [{historyActivityId, historyActivityType, endTime}], current: [activityId]}',
            '{xml, flow: [{historyActivityId, historyActivityType, endTime}], current: [activityId]}',
          ),
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const instanceId = param(request, 'processInstanceId');
      const definitionId = param(request, 'processDefinitionId');
      if (!instanceId && !definitionId) throw badRequest('缺少必要的请求参数: processInstanceId');
      if (!instanceId) {
        const def = await loadDefinition(ctx.db, user.tenantId, definitionId!);
        return ok<ModelView>({ xml: def.xml, flow: [], current: [] });
      }
      const instance = await loadInstance(ctx.db, user.tenantId, instanceId);
      await assertInstanceVisible(ctx.db, user, instance);
      const def = await ctx.db
        .selectFrom('bladeFlowDefinition')
        .select('xml')
        .where('id', '=', instance.definitionId)
        .where('tenantId', '=', user.tenantId)
        .executeTakeFirst();
      const flow = await ctx.db
        .selectFrom('bladeFlowHistory')
        .select(['activityId', 'activityType', 'endTime'])
        .where('instanceId', '=', instance.id)
        .where('tenantId', '=', user.tenantId)
        .orderBy('seq')
        .execute();
      return ok<ModelView>({
        xml: def?.xml ?? '',
        flow: flow.map((h) => ({
          historyActivityId: h.activityId,
          historyActivityType: h.activityType,
          endTime: h.endTime,
        })),
        current: JSON.parse(instance.currentActivities) as string[],
      });
    },
  );

  app.get(
    `/api/${PROCESS_CALLS.historyFlowList}`,
    {
      config: {
        access: perm(...VIEW_CODES),
        doc: {
          summary: text('流程实例的审批历史（按顺序）', "An instance's history, in order"),
          query: [{ name: 'processInstanceId', type: 'string', required: true }],
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const instance = await loadInstance(
        ctx.db,
        user.tenantId,
        requiredParam(request, 'processInstanceId'),
      );
      await assertInstanceVisible(ctx.db, user, instance);
      const rows = await ctx.db
        .selectFrom('bladeFlowHistory as h')
        .leftJoin('bladeUser as u', (j) =>
          j.onRef('u.id', '=', 'h.assignee').onRef('u.tenantId', '=', 'h.tenantId'),
        )
        .select([
          'h.activityId',
          'h.activityName',
          'h.activityType',
          'h.assignee',
          'u.realName',
          'h.startTime',
          'h.endTime',
          'h.outcome',
          'h.comment',
        ])
        .where('h.instanceId', '=', instance.id)
        .where('h.tenantId', '=', user.tenantId)
        .orderBy('h.seq')
        .execute();
      return ok<HistoryFlow[]>(
        rows.map((h) => ({
          historyActivityId: h.activityId,
          historyActivityName: h.activityName ?? '',
          historyActivityType: h.activityType,
          assignee: h.assignee ?? '',
          assigneeName: h.realName ?? '',
          createTime: h.startTime,
          endTime: h.endTime ?? '',
          outcome: h.outcome ?? '',
          comment: h.comment ?? '',
          durationSeconds: secondsBetween(h.startTime, h.endTime),
        })),
      );
    },
  );
}
