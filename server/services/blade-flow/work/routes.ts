import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { workflowTaskLifecycle } from '../../../../machines/lifecycles/workflow-task-machine.js';
import {
  COMPLETE_TASK_LIMITS,
  FLOW_MESSAGES,
  WORK_CALLS,
  WORK_CODES,
} from '../../../../src/contracts/blade-flow/task.js';
import { currentUser, perm, SIGNED_IN } from '../../../auth/index.js';
import { ok } from '../../../lib/envelope.js';
import { conflict, forbidden } from '../../../lib/errors.js';
import { requiredParam } from '../../../lib/params.js';
import { transitionOrConflict } from '../../../lib/lifecycle-guard.js';
import { nowText } from '../../../lib/time.js';
import { tableRoutes } from '../../../lib/table/index.js';
import { parseBody } from '../../../lib/validation.js';
import {
  assertActive,
  completeTask,
  loadDefinition,
  loadTask,
  startProcess,
} from '../engine/runner.js';
import {
  assignedTo,
  candidateOf,
  candidateOfTask,
  claimTaskTable,
  doneTaskTable,
  sendListTable,
  startListTable,
  todoTaskTable,
} from './tables.js';

const text = (zh: string, en: string) => ({ zh, en });

const { commentMax, variablesMax, variableName } = COMPLETE_TASK_LIMITS;

/**
 * Names a call may not set: the runner's own (the starter, the flag's `pass`) and the object
 * internals a record key could otherwise reach.
 */
const RESERVED = new Set([
  'applyUser',
  'initiator',
  'pass',
  '__proto__',
  'constructor',
  'prototype',
]);

const variablesSchema = variablesRecord();

/** complete-task's body: the flag, a comment, at most 20 plain variables. */
const completeBody = z.object({
  taskId: z.string({ error: '缺少必要的请求参数: taskId' }).min(1, '缺少必要的请求参数: taskId'),
  flag: z.enum(['ok', 'reject'], { error: FLOW_MESSAGES.flag.zh }),
  comment: z
    .preprocess((v) => (v === undefined || v === null ? '' : v), z.string())
    .pipe(z.string().max(commentMax, FLOW_MESSAGES.comment.zh)),
  variables: variablesSchema.optional(),
});

/** Process variables a call may set. */
function variablesRecord() {
  return z
    .record(
      z
        .string()
        .regex(variableName, FLOW_MESSAGES.variables.zh)
        .refine((name) => !RESERVED.has(name), FLOW_MESSAGES.variables.zh),
      z.union([z.string().max(500), z.number().finite(), z.boolean()], {
        error: FLOW_MESSAGES.variables.zh,
      }),
      { error: FLOW_MESSAGES.variables.zh },
    )
    .refine((v) => Object.keys(v).length <= variablesMax, FLOW_MESSAGES.variables.zh);
}

/** start-process's body: the definition and the starting variables. */
const startBody = z.object({
  processDefinitionId: z
    .string({ error: '缺少必要的请求参数: processDefinitionId' })
    .min(1, '缺少必要的请求参数: processDefinitionId'),
  variables: variablesSchema.optional(),
});

/**
 * 我的事务 (issue 29 item 4): the declared lists, and the task actions. Claim is a conditional
 * update (state candidate, the version read): of two candidates claiming at once one wins, the
 * other is answered 409 '任务已被签收'. Complete is one engine step (engine/runner.ts). Send back
 * returns an assigned task that has candidates to the claim list. Every action refuses a
 * suspended definition (409); only the assignee may complete or send back (403).
 */
export default async function workRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  await app.register(tableRoutes(claimTaskTable));
  await app.register(tableRoutes(todoTaskTable));
  await app.register(tableRoutes(doneTaskTable));
  await app.register(tableRoutes(startListTable));
  await app.register(tableRoutes(sendListTable));

  app.post(
    `/api/${WORK_CALLS.startProcess}`,
    {
      config: {
        access: perm(WORK_CODES.start),
        doc: {
          summary: text(
            '发起流程：调用者可发起的流程定义，运行到第一个等待节点',
            'Start a process the caller may start: it runs to its first wait',
          ),
          body: { schema: startBody },
          response: text('{processInstanceId}', '{processInstanceId}'),
        },
      },
    },
    async (request) => {
      const body = parseBody(startBody, request.body);
      const { instanceId } = await startProcess(ctx, {
        user: currentUser(request),
        definitionId: body.processDefinitionId,
        variables: body.variables ?? {},
      });
      return ok({ processInstanceId: instanceId }, '发起成功');
    },
  );

  app.get(
    `/api/${WORK_CALLS.todoCount}`,
    {
      config: {
        access: SIGNED_IN,
        doc: {
          summary: text('待办与待签任务数（顶栏）', 'Counts of to-do and to-claim tasks (top bar)'),
          response: text('{todo, claim}', '{todo, claim}'),
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const count = async (scope: 'todo' | 'claim') => {
        const row = await ctx.db
          .selectFrom('bladeFlowTask')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('tenantId', '=', user.tenantId)
          .where('isDeleted', '=', 0)
          .where(scope === 'todo' ? assignedTo(user) : candidateOf(user))
          .executeTakeFirst();
        return Number(row?.n ?? 0);
      };
      return ok({ todo: await count('todo'), claim: await count('claim') });
    },
  );

  app.post(
    `/api/${WORK_CALLS.claimTask}`,
    {
      config: {
        access: perm(WORK_CODES.claim),
        doc: {
          summary: text(
            '签收任务：候选人将待签任务转为自己的待办；已被他人签收为409',
            'Claim a task: a candidate takes it; 409 when another took it first',
          ),
          query: [{ name: 'taskId', type: 'string', required: true }],
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const taskId = requiredParam(request, 'taskId');
      const task = await loadTask(ctx.db, user.tenantId, taskId);
      assertActive(await loadDefinition(ctx.db, user.tenantId, task.definitionId));
      if (task.state === 'assigned' || task.state === 'done')
        throw conflict(FLOW_MESSAGES.claimed.zh);
      const to = transitionOrConflict(workflowTaskLifecycle, task.state, 'claim');
      // Candidate of the task whatever its state now: a claim that lost the race to another
      // candidate meanwhile is 409 (the conditional update below), not "not a candidate".
      const mine = await ctx.db
        .selectFrom('bladeFlowTask')
        .select('id')
        .where('id', '=', task.id)
        .where((eb) => candidateOfTask(user)(eb))
        .executeTakeFirst();
      if (!mine) throw forbidden(FLOW_MESSAGES.notCandidate.zh);
      const now = nowText();
      const claimed = await ctx.db
        .updateTable('bladeFlowTask')
        .set({
          state: to,
          assignee: user.userId,
          claimTime: now,
          updateUser: user.userId,
          updateTime: now,
          version: sql<number>`version + 1`,
        })
        .where('id', '=', task.id)
        .where('state', '=', 'candidate')
        .where('version', '=', task.version)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) throw conflict(FLOW_MESSAGES.claimed.zh);
      return ok({ taskId: task.id, state: to }, '签收成功');
    },
  );

  app.post(
    `/api/${WORK_CALLS.completeTask}`,
    {
      config: {
        access: perm(WORK_CODES.handle),
        doc: {
          summary: text(
            '办理任务：ok 同意 / reject 驳回，附审批意见与流程变量（变量 pass = flag 为 ok）',
            'Complete a task: ok or reject, a comment and variables (variable pass = flag is ok)',
          ),
          body: { schema: completeBody },
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const body = parseBody(completeBody, request.body);
      const result = await completeTask(ctx, {
        user,
        taskId: body.taskId,
        flag: body.flag,
        comment: body.comment,
        variables: body.variables ?? {},
      });
      return ok({ taskId: body.taskId, ended: result.completed }, '办理成功');
    },
  );

  app.post(
    `/api/${WORK_CALLS.sendBack}`,
    {
      config: {
        access: perm(WORK_CODES.handle),
        doc: {
          summary: text(
            '退回：办理人将有候选人的待办任务退回待签列表',
            'Send back: the assignee returns a task with candidates to the claim list',
          ),
          query: [{ name: 'taskId', type: 'string', required: true }],
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const task = await loadTask(ctx.db, user.tenantId, requiredParam(request, 'taskId'));
      assertActive(await loadDefinition(ctx.db, user.tenantId, task.definitionId));
      const to = transitionOrConflict(workflowTaskLifecycle, task.state, 'sendBack');
      if (task.assignee !== user.userId) throw forbidden(FLOW_MESSAGES.notAssignee.zh);
      const candidate = await ctx.db
        .selectFrom('bladeFlowTaskCandidate')
        .select('taskId')
        .where('taskId', '=', task.id)
        .executeTakeFirst();
      if (!candidate) throw conflict(FLOW_MESSAGES.noCandidates.zh);
      const now = nowText();
      const moved = await ctx.db
        .updateTable('bladeFlowTask')
        .set({
          state: to,
          assignee: null,
          claimTime: null,
          updateUser: user.userId,
          updateTime: now,
          version: sql<number>`version + 1`,
        })
        .where('id', '=', task.id)
        .where('state', '=', 'assigned')
        .where('version', '=', task.version)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) throw conflict(FLOW_MESSAGES.stale.zh);
      return ok({ taskId: task.id, state: to }, '退回成功');
    },
  );
}
