import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  LEAVE_CALLS,
  LEAVE_CODES,
  LEAVE_DAYS,
  LEAVE_MESSAGES,
  leaveContract,
  type ApproverOption,
  type LeaveDetail,
  type LeaveStartAnswer,
} from '../../../../src/contracts/blade-desk/leave.js';
import { refMessage } from '../../../../src/contracts/resource-contract.js';
import { currentUser, perm } from '../../../auth/index.js';
import { ok } from '../../../lib/envelope.js';
import { badInput, notFound } from '../../../lib/errors.js';
import { nextId } from '../../../lib/ids.js';
import { requiredParam } from '../../../lib/params.js';
import { insertAudit, wire } from '../../../lib/records.js';
import { tableRoutes } from '../../../lib/table/index.js';
import { nowText, parseDateTime } from '../../../lib/time.js';
import { parseBody } from '../../../lib/validation.js';
import { mayViewInstance, VIEW_CODES } from '../../blade-flow/process/visibility.js';
import { loadDefinition, startProcess } from '../../blade-flow/engine/runner.js';
import { LEAVE_TABLE, registerLeaveHooks } from './hooks.js';
import { leaveTable } from './table.js';

const text = (zh: string, en: string) => ({ zh, en });
const { fields } = leaveContract;

const dateTime = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .transform((v, c) => {
      const parsed = parseDateTime(v);
      if (!parsed) c.addIssue({ code: 'custom', message: LEAVE_MESSAGES.dateTime.zh });
      return parsed ?? '';
    });

/** start-process's body: the contract's fields, with dates and half days checked here. */
const startBody = leaveContract.input
  .extend({
    startTime: dateTime(fields.startTime.required.zh),
    endTime: dateTime(fields.endTime.required.zh),
    days: z.preprocess(
      (v) => (v === '' || v === null || v === undefined ? undefined : Number(v)),
      z
        .number({ error: fields.days.required.zh })
        .refine(
          (d) => d >= LEAVE_DAYS.min && d <= LEAVE_DAYS.max && Number.isInteger(d * 2),
          LEAVE_MESSAGES.days.zh,
        ),
    ),
  })
  .refine((b) => !b.startTime || !b.endTime || b.endTime >= b.startTime, {
    message: LEAVE_MESSAGES.range.zh,
    path: ['endTime'],
  });

/** The approver picker's length (a tenant with more users picks by typing in a later version). */
const APPROVER_LIMIT = 500;

/**
 * blade-desk process/leave (issue 29 item 6): start-process writes the leave request and starts
 * the leave process in one transaction (the request is the instance's business record, its
 * approver the variable `taskUser`); detail answers the applicant, anyone with a task on its
 * instance (assignee or candidate), and process trackers; the list is the caller's own requests.
 */
export default async function leaveRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  registerLeaveHooks();
  await app.register(tableRoutes(leaveTable));

  app.post(
    `/api/${LEAVE_CALLS.startProcess}`,
    {
      config: {
        access: perm(LEAVE_CODES.start),
        doc: {
          summary: text(
            '提交请假申请并发起请假流程（同一事务）',
            'Submit a leave request and start the leave process (one transaction)',
          ),
          body: { schema: startBody },
          response: text('{businessId, processInstanceId}', '{businessId, processInstanceId}'),
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const body = parseBody(startBody, request.body);
      const def = await loadDefinition(ctx.db, user.tenantId, body.processDefinitionId);
      if (def.processKey !== 'leave')
        throw badInput(`processDefinitionId:${LEAVE_MESSAGES.notLeave.zh}`);
      const approver = await ctx.db
        .selectFrom('bladeUser')
        .select('id')
        .where('tenantId', '=', user.tenantId)
        .where('id', '=', body.taskUser)
        .where('isDeleted', '=', 0)
        .executeTakeFirst();
      if (!approver) throw badInput(`taskUser:${refMessage(fields.taskUser).zh}`);
      if (approver.id === user.userId) throw badInput(`taskUser:${LEAVE_MESSAGES.selfApprover.zh}`);
      const businessId = nextId();
      const now = nowText();
      const { instanceId } = await startProcess(ctx, {
        user,
        definitionId: def.id,
        businessKey: `${LEAVE_TABLE}:${businessId}`,
        variables: {
          taskUser: body.taskUser,
          days: body.days,
          leaveType: body.leaveType,
        },
        beforeCommit: async (trx, processInstanceId) => {
          await trx
            .insertInto('bladeProcessLeave')
            .values({
              id: businessId,
              tenantId: user.tenantId,
              processDefinitionId: def.id,
              processInstanceId,
              leaveType: body.leaveType,
              startTime: body.startTime,
              endTime: body.endTime,
              halfDays: Math.round(body.days * 2),
              reason: body.reason,
              taskUser: body.taskUser,
              applyTime: now,
              leaveState: 'pending',
              ...insertAudit(user, now),
              version: 1,
            })
            .execute();
        },
      });
      return ok<LeaveStartAnswer>({ businessId, processInstanceId: instanceId }, '提交成功');
    },
  );

  app.get(
    `/api/${LEAVE_CALLS.approvers}`,
    {
      config: {
        access: perm(LEAVE_CODES.start),
        doc: {
          summary: text(
            '可选审批人：本租户启用的用户（申请人本人除外）',
            'Approvers to choose: the enabled users of the tenant but the caller',
          ),
          response: text('[{id, account, realName}]', '[{id, account, realName}]'),
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const rows = await ctx.db
        .selectFrom('bladeUser')
        .select(['id', 'account', 'realName'])
        .where('tenantId', '=', user.tenantId)
        .where('isDeleted', '=', 0)
        .where('status', '=', 1)
        .where('id', '<>', user.userId)
        .orderBy('account')
        .limit(APPROVER_LIMIT)
        .execute();
      return ok<ApproverOption[]>(rows);
    },
  );

  app.get(
    `/api/${LEAVE_CALLS.detail}`,
    {
      config: {
        access: perm(...VIEW_CODES, 'flow_follow'),
        doc: {
          summary: text(
            '请假详情：申请人、该流程任务的办理人或候选人、流程跟踪可见',
            'A leave request: its applicant, its tasks’ assignees and candidates, trackers',
          ),
          query: [{ name: 'businessId', type: 'string', required: true }],
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const row = await ctx.db
        .selectFrom('bladeProcessLeave as l')
        .leftJoin('bladeUser as a', (j) =>
          j.onRef('a.id', '=', 'l.taskUser').onRef('a.tenantId', '=', 'l.tenantId'),
        )
        .leftJoin('bladeUser as c', (j) =>
          j.onRef('c.id', '=', 'l.createUser').onRef('c.tenantId', '=', 'l.tenantId'),
        )
        .selectAll('l')
        .select(['a.realName as taskUserName', 'c.realName as createUserName'])
        .where('l.id', '=', requiredParam(request, 'businessId'))
        .where('l.tenantId', '=', user.tenantId)
        .where('l.isDeleted', '=', 0)
        .executeTakeFirst();
      if (!row) throw notFound();
      // The request's readers are its instance's (visibility.ts); the applicant always.
      const allowed =
        row.createUser === user.userId ||
        (row.processInstanceId !== null &&
          (await mayViewInstance(ctx.db, user, {
            id: row.processInstanceId,
            startedBy: row.createUser ?? '',
          })));
      if (!allowed) throw notFound();
      const { halfDays, ...rest } = row;
      return ok(
        wire({
          ...rest,
          days: halfDays / 2,
          processInstanceId: row.processInstanceId ?? '',
          taskUserName: row.taskUserName ?? '',
          createUserName: row.createUserName ?? '',
        }) as unknown as LeaveDetail,
      );
    },
  );
}
