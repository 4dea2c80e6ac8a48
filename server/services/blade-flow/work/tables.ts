import { sql, type ExpressionBuilder } from 'kysely';
import {
  claimTaskContract,
  doneTaskContract,
  startProcessContract,
  todoTaskContract,
} from '../../../../src/contracts/blade-flow/task.js';
import { sendInstanceContract } from '../../../../src/contracts/blade-flow/instance.js';
import type { AuthUser } from '../../../auth/index.js';
import type { DB } from '../../../db/schema.js';
import { chunks } from '../../../lib/chunks.js';
import { defineContractTable, type TableCall } from '../../../lib/table/index.js';
import { INSTANCE_LIST } from '../follow/table.js';
import { starterKeys } from '../engine/runner.js';
import { DEFINITION_LIST } from '../manager/table.js';

/**
 * The work lists (issue 29 item 4), declared: three lists over blade_flow_task, each narrowed to
 * the caller by its data scope (so a detail of another user's task is 404 like another
 * tenant's): the claim list to open tasks the caller is a candidate of (as a user, by a role or
 * a department), the todo list to tasks assigned to them, the done list to tasks they
 * completed; the start list over the definitions; the send list over the instances they
 * started. Nothing here is written by a submit (claim, complete and send back are routes.ts).
 */

/** The task's process key (its instance's), as a column the list filters on. */
const PROCESS_KEY = sql`(select fi.process_key from blade_flow_instance fi where fi.id = blade_flow_task.instance_id)`;

type TaskEb = ExpressionBuilder<DB, 'bladeFlowTask'>;

/** Open tasks assigned to the user (the todo list and the top bar's count). */
export const assignedTo = (user: AuthUser) => (eb: TaskEb) =>
  eb.and([eb('state', '=', 'assigned'), eb('assignee', '=', user.userId)]);

/** Open tasks the user is a candidate of. */
export const candidateOf = (user: AuthUser) => (eb: TaskEb) =>
  eb.and([eb('state', '=', 'candidate'), candidateOfTask(user)(eb)]);

/** Tasks (in any state) naming the user as a candidate: as a user, by a role or a department. */
export const candidateOfTask = (user: AuthUser) => (eb: TaskEb) =>
  eb.exists(
    eb
      .selectFrom('bladeFlowTaskCandidate as c')
      .select('c.taskId')
      .whereRef('c.taskId', '=', 'bladeFlowTask.id')
      .where((c) =>
        c.or([
          c.and([c('c.kind', '=', 'user'), c('c.refId', '=', user.userId)]),
          ...(user.roleIds.length > 0
            ? [c.and([c('c.kind', '=', 'role'), c('c.refId', 'in', user.roleIds)])]
            : []),
          ...(user.deptIds.length > 0
            ? [c.and([c('c.kind', '=', 'dept'), c('c.refId', 'in', user.deptIds)])]
            : []),
        ]),
      ),
  );

/** The task rows' instance fields: process key, business key and who started it. */
async function decorateTasks(call: TableCall, rows: { instanceId: string }[]): Promise<object[]> {
  const ids = [...new Set(rows.map((r) => r.instanceId))];
  const instances = new Map<
    string,
    { processKey: string; businessKey: string | null; startUserName: string }
  >();
  for (const part of chunks(ids))
    for (const i of await call.db
      .selectFrom('bladeFlowInstance as i')
      .leftJoin('bladeUser as u', (j) =>
        j.onRef('u.id', '=', 'i.startedBy').onRef('u.tenantId', '=', 'i.tenantId'),
      )
      .select(['i.id', 'i.processKey', 'i.businessKey', 'u.realName'])
      .where('i.tenantId', '=', call.user.tenantId)
      .where('i.id', 'in', part)
      .execute())
      instances.set(i.id, {
        processKey: i.processKey,
        businessKey: i.businessKey,
        startUserName: i.realName ?? '',
      });
  return rows.map((r) => ({
    ...r,
    processKey: instances.get(r.instanceId)?.processKey ?? '',
    businessKey: instances.get(r.instanceId)?.businessKey ?? '',
    startUserName: instances.get(r.instanceId)?.startUserName ?? '',
  }));
}

const tasks = {
  table: 'bladeFlowTask',
  scope: 'tenant',
  versioned: true,
  own: ['submit', 'remove'],
  readColumns: [
    'instanceId',
    'definitionId',
    'activityId',
    'name',
    'state',
    'assignee',
    'claimTime',
    'endTime',
    'outcome',
    'comment',
  ],
  list: { filters: { processKey: { column: PROCESS_KEY, default: 'like' } } },
  decorate: decorateTasks,
} as const;

export const claimTaskTable = defineContractTable({
  contract: claimTaskContract,
  ...tasks,
  defaultOrder: { createTime: 'desc', id: 'desc' },
  dataScope: (call) => candidateOf(call.user),
});

export const todoTaskTable = defineContractTable({
  contract: todoTaskContract,
  ...tasks,
  defaultOrder: { createTime: 'desc', id: 'desc' },
  dataScope: (call) => assignedTo(call.user),
});

export const doneTaskTable = defineContractTable({
  contract: doneTaskContract,
  ...tasks,
  defaultOrder: { endTime: 'desc', id: 'desc' },
  dataScope: (call) => (eb) =>
    eb.and([eb('state', '=', 'done'), eb('assignee', '=', call.user.userId)]),
});

/** JSON text of the definition's starters holds the quoted value. */
const holds = (dialect: string, value: string) =>
  dialect === 'postgres'
    ? sql<boolean>`strpos(starters, ${JSON.stringify(value)}) > 0`
    : sql<boolean>`instr(starters, ${JSON.stringify(value)}) > 0`;

/** The latest active version of each process the caller may start (work start-list). */
export const startListTable = defineContractTable({
  contract: startProcessContract,
  ...DEFINITION_LIST,
  defaultOrder: { name: 'asc', id: 'asc' },
  dataScope: (call) => {
    const { user } = call;
    const dialect = call.ctx.dialect;
    const keys = starterKeys(user);
    const values = [...keys.users, ...keys.groups];
    return (eb) =>
      eb.and([
        eb('suspended', '=', 0),
        eb.not(
          eb.exists(
            eb
              .selectFrom('bladeFlowDefinition as later')
              .select('later.id')
              .whereRef('later.tenantId', '=', 'bladeFlowDefinition.tenantId')
              .whereRef('later.processKey', '=', 'bladeFlowDefinition.processKey')
              .whereRef('later.processVersion', '>', 'bladeFlowDefinition.processVersion')
              .where('later.isDeleted', '=', 0)
              .where('later.suspended', '=', 0),
          ),
        ),
        eb.or([
          // Both lists empty: anyone of the tenant.
          eb.and([
            sql<boolean>`starters like '%"users":[]%'`,
            sql<boolean>`starters like '%"groups":[]%'`,
          ]),
          ...values.map((v) => holds(dialect, v)),
        ]),
      ]);
  },
});

/** Instances the caller started (work send-list). */
export const sendListTable = defineContractTable({
  contract: sendInstanceContract,
  ...INSTANCE_LIST,
  dataScope: (call) => (eb) => eb('startedBy', '=', call.user.userId),
});
