import type { Kysely } from 'kysely';
import type { AuthUser } from '../../auth/index.js';
import type { DB } from '../schema.js';
import { nextId } from '../../lib/ids.js';
import { insertAudit } from '../../lib/records.js';
import { nowText } from '../../lib/time.js';
import { LEAVE_TABLE, registerLeaveHooks } from '../../services/blade-desk/leave/hooks.js';
import { completeTask, startProcess } from '../../services/blade-flow/engine/runner.js';

/**
 * Demo leave requests (issue 29 item 6), run through the engine like real ones (after
 * demo-workflow-models.ts deployed the leave model): in tenant 000000 the operator's requests
 * pending at the department's approval (the supply manager's todo), at HR's (the finance role's
 * claim list), approved with their history, and rejected back to the applicant's adjustment;
 * in tenant 100001 the sales user's request pending at the administrator's approval.
 */

/** A demo user as the runner sees a signed-in one. */
async function userOf(db: Kysely<DB>, tenantId: string, account: string): Promise<AuthUser> {
  const u = await db
    .selectFrom('bladeUser')
    .select(['id', 'account', 'roleId', 'deptId'])
    .where('tenantId', '=', tenantId)
    .where('account', '=', account)
    .where('isDeleted', '=', 0)
    .executeTakeFirstOrThrow();
  const roleIds = u.roleId.split(',').filter(Boolean);
  const roles =
    roleIds.length === 0
      ? []
      : await db.selectFrom('bladeRole').select('roleAlias').where('id', 'in', roleIds).execute();
  return {
    userId: u.id,
    tenantId,
    account: u.account,
    clientId: 'demo',
    sessionId: 'demo',
    roleIds,
    roleAliases: roles.map((r) => r.roleAlias),
    deptIds: u.deptId.split(',').filter(Boolean),
    isSuperAdmin: false,
  };
}

/** Where a demo request is left: the decisions taken after it was started. */
type Path = { by: string; flag: 'ok' | 'reject'; comment: string; claim?: true }[];

interface DemoLeave {
  tenantId: string;
  applicant: string;
  approver: string;
  leaveType: string;
  startTime: string;
  endTime: string;
  days: number;
  reason: string;
  path: Path;
}

const DEMO_LEAVES: DemoLeave[] = [
  {
    tenantId: '000000',
    applicant: 'operator',
    approver: 'supply',
    leaveType: 'annual',
    startTime: '2026-12-21 09:00:00',
    endTime: '2026-12-23 18:00:00',
    days: 3,
    reason: '年底回家探亲',
    path: [],
  },
  {
    tenantId: '000000',
    applicant: 'operator',
    approver: 'supply',
    leaveType: 'sick',
    startTime: '2026-12-08 09:00:00',
    endTime: '2026-12-08 12:00:00',
    days: 0.5,
    reason: '牙科复诊',
    path: [{ by: 'supply', flag: 'ok', comment: '同意，注意休息' }],
  },
  {
    tenantId: '000000',
    applicant: 'supply',
    approver: 'operator',
    leaveType: 'personal',
    startTime: '2026-11-20 09:00:00',
    endTime: '2026-11-20 18:00:00',
    days: 1,
    reason: '办理房屋过户手续',
    path: [
      { by: 'operator', flag: 'ok', comment: '同意' },
      { by: 'finance', flag: 'ok', comment: '人事已备案', claim: true },
    ],
  },
  {
    tenantId: '000000',
    applicant: 'operator',
    approver: 'supply',
    leaveType: 'marriage',
    startTime: '2027-01-04 09:00:00',
    endTime: '2027-01-13 18:00:00',
    days: 10,
    reason: '婚假',
    path: [{ by: 'supply', flag: 'reject', comment: '请补充结婚证明后重新提交' }],
  },
  {
    tenantId: '100001',
    applicant: 'sales',
    approver: 'admin',
    leaveType: 'annual',
    startTime: '2026-12-14 09:00:00',
    endTime: '2026-12-15 18:00:00',
    days: 2,
    reason: '外出旅行',
    path: [],
  },
];

export async function seedDemoWorkflow(trx: Kysely<DB>): Promise<void> {
  registerLeaveHooks();
  const ctx = { db: trx };
  for (const leave of DEMO_LEAVES) {
    const definition = await trx
      .selectFrom('bladeFlowDefinition')
      .select('id')
      .where('tenantId', '=', leave.tenantId)
      .where('processKey', '=', 'leave')
      .where('isDeleted', '=', 0)
      .orderBy('processVersion', 'desc')
      .executeTakeFirst();
    if (!definition) continue;
    const applicant = await userOf(trx, leave.tenantId, leave.applicant);
    const approver = await userOf(trx, leave.tenantId, leave.approver);
    const businessId = nextId();
    const { instanceId } = await startProcess(ctx, {
      user: applicant,
      definitionId: definition.id,
      businessKey: `${LEAVE_TABLE}:${businessId}`,
      variables: { taskUser: approver.userId, days: leave.days, leaveType: leave.leaveType },
      beforeCommit: async (db, processInstanceId) => {
        const now = nowText();
        await db
          .insertInto('bladeProcessLeave')
          .values({
            id: businessId,
            tenantId: leave.tenantId,
            processDefinitionId: definition.id,
            processInstanceId,
            leaveType: leave.leaveType,
            startTime: leave.startTime,
            endTime: leave.endTime,
            halfDays: Math.round(leave.days * 2),
            reason: leave.reason,
            taskUser: approver.userId,
            applyTime: now,
            leaveState: 'pending',
            ...insertAudit(applicant, now),
            version: 1,
          })
          .execute();
      },
    });
    for (const step of leave.path) {
      const user = await userOf(trx, leave.tenantId, step.by);
      const task = await trx
        .selectFrom('bladeFlowTask')
        .select(['id', 'state'])
        .where('instanceId', '=', instanceId)
        .where('state', 'in', ['candidate', 'assigned'])
        .executeTakeFirstOrThrow();
      if (step.claim && task.state === 'candidate')
        await trx
          .updateTable('bladeFlowTask')
          .set({ state: 'assigned', assignee: user.userId, claimTime: nowText(), version: 2 })
          .where('id', '=', task.id)
          .execute();
      await completeTask(ctx, {
        user,
        taskId: task.id,
        flag: step.flag,
        comment: step.comment,
        variables: {},
      });
    }
  }
}
