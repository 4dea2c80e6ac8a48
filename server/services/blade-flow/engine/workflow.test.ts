import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLOW_MESSAGES } from '../../../../src/contracts/blade-flow/task.js';
import { createTestApp, data, DEMO_PASSWORD, type TestApp } from '../../../test/support.js';
import { LEAVE_BPMN } from '../bpmn/demo-models.js';
import { deployBpmn } from '../manager/deploy.js';
import { flowTimerWorker } from './timer-worker.js';

/**
 * Workflow execution (issue 29 items 3, 4, 6): the leave process end to end through the routes
 * (start, todo, claim, complete, history, leave state), the reject path, concurrent claims,
 * suspension, deletion, a restart in the middle, timers fired once from the database, tenant
 * isolation and permissions.
 */

const LEAVE_XML = LEAVE_BPMN;

const bpmn = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="test">${body}</definitions>`;

/** Two candidates (finance, operator) may claim the one task. */
const SHARED_XML = bpmn(`
  <process id="shared" name="共享审批" isExecutable="true">
    <startEvent id="start" />
    <sequenceFlow id="f1" sourceRef="start" targetRef="review" />
    <userTask id="review" name="复核" flowable:candidateUsers="finance,operator" />
    <sequenceFlow id="f2" sourceRef="review" targetRef="end" />
    <endEvent id="end" />
  </process>`);

/** A one-second timer before a task for the starter. */
const TIMER_XML = bpmn(`
  <process id="waiting" name="定时流程" isExecutable="true">
    <startEvent id="start" />
    <sequenceFlow id="f1" sourceRef="start" targetRef="pause" />
    <intermediateCatchEvent id="pause" name="等待"><timerEventDefinition><timeDuration>PT1S</timeDuration></timerEventDefinition></intermediateCatchEvent>
    <sequenceFlow id="f2" sourceRef="pause" targetRef="after" />
    <userTask id="after" name="到期处理" flowable:assignee="\${applyUser}" />
    <sequenceFlow id="f3" sourceRef="after" targetRef="end" />
    <endEvent id="end" />
  </process>`);

/** A task with a one-second boundary timer that ends the process when it fires first. */
const BOUNDARY_XML = bpmn(`
  <process id="deadline" name="限时审批" isExecutable="true">
    <startEvent id="start" />
    <sequenceFlow id="f1" sourceRef="start" targetRef="review" />
    <userTask id="review" name="限时复核" flowable:assignee="supply" />
    <boundaryEvent id="late" name="超时" attachedToRef="review"><timerEventDefinition><timeDuration>PT1S</timeDuration></timerEventDefinition></boundaryEvent>
    <sequenceFlow id="f2" sourceRef="review" targetRef="end" />
    <sequenceFlow id="f3" sourceRef="late" targetRef="timedOut" />
    <endEvent id="end" />
    <endEvent id="timedOut" name="超时结束" />
  </process>`);

const W = '/api/blade-flow/work';
const LEAVE = '/api/blade-desk/process/leave';

interface TaskRow {
  id: string;
  name: string;
  activityId: string;
  instanceId: string;
  state: string;
  assignee: string;
  processKey: string;
  businessKey: string;
  startUserName: string;
  processDefinitionName: string;
}

describe('workflow execution', () => {
  let t: TestApp;
  let operator: string;
  let supply: string;
  let finance: string;
  let otherTenant: string;
  const ids: Record<string, string> = {};
  let leaveDef: string;
  let sharedDef: string;
  let timerDef: string;
  let boundaryDef: string;

  const userId = async (account: string) =>
    (
      await t.app.ctx.db
        .selectFrom('bladeUser')
        .select('id')
        .where('tenantId', '=', '000000')
        .where('account', '=', account)
        .executeTakeFirstOrThrow()
    ).id;

  const deploy = async (name: string, xml: string) =>
    (
      await deployBpmn(t.app.ctx.db, {
        tenantId: '000000',
        userId: ids.admin!,
        name,
        category: 'test',
        resources: [{ name: `${name}.bpmn20.xml`, xml }],
      })
    ).definitions[0]!.id;

  const list = async (path: string, token: string) =>
    data<{ records: TaskRow[] }>(await t.get(`${W}/${path}`, token, { size: '100' })).records;

  const applyLeave = async (token = operator) =>
    data<{ businessId: string; processInstanceId: string }>(
      await t.post(`${LEAVE}/start-process`, token, {
        processDefinitionId: leaveDef,
        leaveType: 'annual',
        startTime: '2026-12-01 09:00:00',
        endTime: '2026-12-02 18:00:00',
        days: 1.5,
        reason: '回家探亲',
        taskUser: ids.supply,
      }),
    );

  const taskOf = async (instanceId: string, activityId: string) =>
    t.app.ctx.db
      .selectFrom('bladeFlowTask')
      .selectAll()
      .where('instanceId', '=', instanceId)
      .where('activityId', '=', activityId)
      .orderBy('createTime', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();

  const complete = (token: string, taskId: string, flag: 'ok' | 'reject', comment = '') =>
    t.post(`${W}/complete-task`, token, { taskId, flag, comment });

  const leaveState = async (businessId: string) =>
    (
      await t.app.ctx.db
        .selectFrom('bladeProcessLeave')
        .select('leaveState')
        .where('id', '=', businessId)
        .executeTakeFirstOrThrow()
    ).leaveState;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.ready();
    await flowTimerWorker(t.app.ctx).stop();
    operator = await t.login('operator', DEMO_PASSWORD);
    supply = await t.login('supply', DEMO_PASSWORD);
    finance = await t.login('finance', DEMO_PASSWORD);
    otherTenant = await t.tenantAdminToken();
    for (const a of ['admin', 'operator', 'supply', 'finance']) ids[a] = await userId(a);
    leaveDef = await deploy('leave', LEAVE_XML);
    sharedDef = await deploy('shared', SHARED_XML);
    timerDef = await deploy('waiting', TIMER_XML);
    boundaryDef = await deploy('deadline', BOUNDARY_XML);
  }, 60_000);
  afterAll(() => t.close());

  it('runs the leave process: start, todo, approve, claim by role, approve, history', async () => {
    const { businessId, processInstanceId } = await applyLeave();
    const todo = await list('todo-list', supply);
    const mine = todo.find((r) => r.instanceId === processInstanceId)!;
    expect(mine).toMatchObject({
      activityId: 'deptApprove',
      state: 'assigned',
      assignee: ids.supply,
      processKey: 'leave',
      processDefinitionName: '请假流程',
      businessKey: `blade_process_leave:${businessId}`,
      startUserName: '王运营',
    });
    expect(data<{ todo: number }>(await t.get(`${W}/todo-count`, supply)).todo).toBeGreaterThan(0);
    // Filters: the instance's process key, the definition's name.
    const filtered = async (query: Record<string, string>) =>
      data<{ records: TaskRow[] }>(await t.get(`${W}/todo-list`, supply, query)).records;
    expect((await filtered({ processKey: 'lea' })).map((r) => r.id)).toContain(mine.id);
    expect(await filtered({ processKey: 'nothing' })).toEqual([]);
    expect((await filtered({ processDefinitionName: '请假' })).map((r) => r.id)).toContain(mine.id);
    // Variables the runner owns are refused.
    const owned = await t.post(`${W}/complete-task`, supply, {
      taskId: mine.id,
      flag: 'ok',
      variables: { applyUser: ids.supply },
    });
    expect(owned.statusCode).toBe(400);
    // Only the assignee completes (403).
    expect((await complete(operator, mine.id, 'ok')).statusCode).toBe(403);
    data(await complete(supply, mine.id, 'ok', '同意'));
    expect(await leaveState(businessId)).toBe('pending');

    const hr = await taskOf(processInstanceId, 'hrApprove');
    expect(hr.state).toBe('candidate');
    expect((await list('claim-list', finance)).map((r) => r.id)).toContain(hr.id);
    expect((await list('claim-list', supply)).map((r) => r.id)).not.toContain(hr.id);
    // Not a candidate: 403; a candidate claims; a second claim is 409.
    expect((await t.post(`${W}/claim-task`, supply, undefined, { taskId: hr.id })).statusCode).toBe(
      403,
    );
    data(await t.post(`${W}/claim-task`, finance, undefined, { taskId: hr.id }));
    const again = await t.post(`${W}/claim-task`, finance, undefined, { taskId: hr.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(FLOW_MESSAGES.claimed.zh);
    expect((await list('todo-list', finance)).map((r) => r.id)).toContain(hr.id);
    data(await complete(finance, hr.id, 'ok', '人事同意'));

    const instance = await t.app.ctx.db
      .selectFrom('bladeFlowInstance')
      .selectAll()
      .where('id', '=', processInstanceId)
      .executeTakeFirstOrThrow();
    expect(instance.state).toBe('ended');
    expect(instance.endTime).not.toBeNull();
    expect(await leaveState(businessId)).toBe('approved');
    // A completed task cannot be completed again.
    const twice = await complete(finance, hr.id, 'ok');
    expect(twice.statusCode).toBe(409);

    const history = data<{ historyActivityId: string; endTime: string; outcome: string }[]>(
      await t.get('/api/blade-flow/process/history-flow-list', operator, { processInstanceId }),
    );
    expect(history.map((h) => h.historyActivityId)).toEqual([
      'start',
      'deptApprove',
      'deptGateway',
      'hrApprove',
      'hrGateway',
      'approvedEnd',
    ]);
    expect(history.every((h) => h.endTime !== '')).toBe(true);
    expect(history[1]).toMatchObject({ outcome: 'approve' });
    const view = data<{ xml: string; flow: unknown[]; current: string[] }>(
      await t.get('/api/blade-flow/process/model-view', operator, { processInstanceId }),
    );
    expect(view.flow).toHaveLength(6);
    expect(view.current).toEqual([]);
    expect(view.xml).toContain('deptApprove');
    expect((await list('done-list', finance)).map((r) => r.id)).toContain(hr.id);
    const sent = data<{ records: { id: string; state: string }[] }>(
      await t.get(`${W}/send-list`, operator, { size: '100' }),
    ).records;
    expect(sent.find((r) => r.id === processInstanceId)?.state).toBe('ended');
    const detail = data<{ leaveState: string; days: number; processInstanceId: string }>(
      await t.get(`${LEAVE}/detail`, supply, { businessId }),
    );
    expect(detail).toMatchObject({ leaveState: 'approved', days: 1.5, processInstanceId });
  });

  it('rejects to the applicant, who resubmits or withdraws', async () => {
    const { businessId, processInstanceId } = await applyLeave();
    const dept = await taskOf(processInstanceId, 'deptApprove');
    data(await complete(supply, dept.id, 'reject', '请补充说明'));
    expect(await leaveState(businessId)).toBe('rejected');
    const adjust = await taskOf(processInstanceId, 'adjust');
    expect(adjust).toMatchObject({ state: 'assigned', assignee: ids.operator });
    data(await complete(operator, adjust.id, 'ok', '已补充'));
    expect(await leaveState(businessId)).toBe('pending');
    const dept2 = await taskOf(processInstanceId, 'deptApprove');
    expect(dept2.id).not.toBe(dept.id);
    expect(dept2).toMatchObject({ state: 'assigned', assignee: ids.supply });
    data(await complete(supply, dept2.id, 'reject'));
    const adjust2 = await taskOf(processInstanceId, 'adjust');
    data(await complete(operator, adjust2.id, 'reject', '不请了'));
    expect(await leaveState(businessId)).toBe('withdrawn');
  });

  it('lets one of two concurrent claims win, the other is 409', async () => {
    const { instanceId } = await startShared();
    const task = await taskOf(instanceId, 'review');
    const answers = await Promise.all([
      t.post(`${W}/claim-task`, finance, undefined, { taskId: task.id }),
      t.post(`${W}/claim-task`, operator, undefined, { taskId: task.id }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.find((a) => a.statusCode === 409)!;
    expect(loser.json().msg).toBe(FLOW_MESSAGES.claimed.zh);
    const row = await taskOf(instanceId, 'review');
    expect(row.state).toBe('assigned');
    // The winner sends it back to the claim list, then it can be claimed again.
    const winner = row.assignee === ids.finance ? finance : operator;
    data(await t.post(`${W}/send-back`, winner, undefined, { taskId: task.id }));
    expect((await taskOf(instanceId, 'review')).state).toBe('candidate');
  });

  const startVia = async (app: TestApp, token: string, processDefinitionId: string) =>
    data<{ processInstanceId: string }>(
      await app.post(`${W}/start-process`, token, { processDefinitionId }),
    ).processInstanceId;

  const startShared = async () => ({ instanceId: await startVia(t, operator, sharedDef) });

  it('refuses task actions while the definition is suspended, continues once active', async () => {
    const { processInstanceId } = await applyLeave();
    const dept = await taskOf(processInstanceId, 'deptApprove');
    const suspend = (flag: number) =>
      t.app.ctx.db
        .updateTable('bladeFlowDefinition')
        .set({ suspended: flag })
        .where('id', '=', leaveDef)
        .execute();
    await suspend(1);
    try {
      const refused = await complete(supply, dept.id, 'ok');
      expect(refused.statusCode).toBe(409);
      expect(refused.json().msg).toBe(FLOW_MESSAGES.suspended.zh);
      const start = await t.post(`${LEAVE}/start-process`, operator, {
        processDefinitionId: leaveDef,
        leaveType: 'sick',
        startTime: '2026-12-01 09:00:00',
        endTime: '2026-12-01 18:00:00',
        days: 1,
        reason: '感冒',
        taskUser: ids.supply,
      });
      expect(start.statusCode).toBe(409);
      expect(start.json().msg).toBe(FLOW_MESSAGES.definitionSuspended.zh);
      const sendBack = await t.post(`${W}/send-back`, supply, undefined, { taskId: dept.id });
      expect(sendBack.statusCode).toBe(409);
    } finally {
      await suspend(0);
    }
    data(await complete(supply, dept.id, 'ok'));
    expect((await taskOf(processInstanceId, 'hrApprove')).state).toBe('candidate');
  });

  it('deletes a running instance with a reason: tasks cancelled, leave withdrawn', async () => {
    const { businessId, processInstanceId } = await applyLeave();
    const url = '/api/blade-flow/follow/delete-process-instance';
    const admin = await t.adminToken();
    expect((await t.post(url, admin, undefined, { processInstanceId })).statusCode).toBe(400);
    // Missing button: 403.
    expect(
      (await t.post(url, supply, undefined, { processInstanceId, deleteReason: 'x' })).statusCode,
    ).toBe(403);
    data(await t.post(url, admin, undefined, { processInstanceId, deleteReason: '申请有误' }));
    const instance = await t.app.ctx.db
      .selectFrom('bladeFlowInstance')
      .selectAll()
      .where('id', '=', processInstanceId)
      .executeTakeFirstOrThrow();
    expect(instance).toMatchObject({ state: 'deleted', deleteReason: '申请有误' });
    expect((await taskOf(processInstanceId, 'deptApprove')).state).toBe('cancelled');
    expect(await leaveState(businessId)).toBe('withdrawn');
    const again = await t.post(url, admin, undefined, { processInstanceId, deleteReason: 'x' });
    expect(again.statusCode).toBe(409);
    const follow = data<{ records: { id: string; state: string }[] }>(
      await t.get('/api/blade-flow/follow/list', admin, { id: processInstanceId }),
    ).records;
    expect(follow).toEqual([expect.objectContaining({ id: processInstanceId, state: 'deleted' })]);
  });

  it('finishes a process on another server process after the first stopped mid-way', async () => {
    const { businessId, processInstanceId } = await applyLeave();
    const dept = await taskOf(processInstanceId, 'deptApprove');
    const second = await createTestApp({ sameDatabaseAs: t, demo: false });
    try {
      await second.app.ready();
      await flowTimerWorker(second.app.ctx).stop();
      const supply2 = await second.login('supply', DEMO_PASSWORD);
      data(await second.post(`${W}/complete-task`, supply2, { taskId: dept.id, flag: 'ok' }));
      const hr = await taskOf(processInstanceId, 'hrApprove');
      const finance2 = await second.login('finance', DEMO_PASSWORD);
      data(await second.post(`${W}/claim-task`, finance2, undefined, { taskId: hr.id }));
      data(await second.post(`${W}/complete-task`, finance2, { taskId: hr.id, flag: 'ok' }));
    } finally {
      await second.close();
    }
    expect(await leaveState(businessId)).toBe('approved');
  });

  it("answers 404 for another tenant's tasks, instances and leave requests", async () => {
    const { businessId, processInstanceId } = await applyLeave();
    const dept = await taskOf(processInstanceId, 'deptApprove');
    expect(
      (await t.post(`${W}/claim-task`, otherTenant, undefined, { taskId: dept.id })).statusCode,
    ).toBe(404);
    expect((await complete(otherTenant, dept.id, 'ok')).statusCode).toBe(404);
    expect((await t.get(`${LEAVE}/detail`, otherTenant, { businessId })).statusCode).toBe(404);
    expect(
      (await t.get('/api/blade-flow/process/model-view', otherTenant, { processInstanceId }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await t.post('/api/blade-flow/follow/delete-process-instance', otherTenant, undefined, {
          processInstanceId,
          deleteReason: 'x',
        })
      ).statusCode,
    ).toBe(404);
    const start = await t.post(`${LEAVE}/start-process`, otherTenant, {
      processDefinitionId: leaveDef,
      leaveType: 'annual',
      startTime: '2026-12-01 09:00:00',
      endTime: '2026-12-01 18:00:00',
      days: 1,
      reason: 'x',
      taskUser: ids.supply,
    });
    expect(start.statusCode).toBe(404);
    // A user who is not on the request's process sees no detail either.
    expect((await t.get(`${LEAVE}/detail`, finance, { businessId })).statusCode).toBe(404);
  });

  it("opens an instance's history and diagram to its starter and task holders only", async () => {
    const { processInstanceId } = await applyLeave();
    const status = async (path: string, token: string) =>
      (await t.get(`/api/blade-flow/process/${path}`, token, { processInstanceId })).statusCode;
    for (const path of ['history-flow-list', 'model-view']) {
      // The applicant and the approver (assignee of the open task) read it.
      expect(await status(path, operator)).toBe(200);
      expect(await status(path, supply)).toBe(200);
      // finance holds the work screens but has no task on it yet (HR comes after approval).
      expect(await status(path, finance)).toBe(404);
    }
    // Once HR's task is open, its candidates (the finance role) read it too.
    const dept = await taskOf(processInstanceId, 'deptApprove');
    expect((await complete(supply, dept.id, 'ok', 'fine')).statusCode).toBe(200);
    expect(await status('history-flow-list', finance)).toBe(200);
  });

  it('checks the leave form: half days, dates, the approver', async () => {
    const base = {
      processDefinitionId: leaveDef,
      leaveType: 'annual',
      startTime: '2026-12-01 09:00:00',
      endTime: '2026-12-01 18:00:00',
      days: 1,
      reason: 'x',
      taskUser: ids.supply,
    };
    const refused = async (patch: object) =>
      (await t.post(`${LEAVE}/start-process`, operator, { ...base, ...patch })).json().msg;
    expect(await refused({ days: 1.3 })).toMatch(/^days:/);
    expect(await refused({ days: 0 })).toMatch(/^days:/);
    expect(await refused({ endTime: '2026-11-30 09:00:00' })).toMatch(/^endTime:/);
    expect(await refused({ leaveType: 'holiday' })).toMatch(/^leaveType:/);
    expect(await refused({ taskUser: 'nobody' })).toMatch(/^taskUser:/);
    expect(await refused({ taskUser: ids.operator })).toBe('taskUser:审批人不能是申请人本人');
  });

  it('offers the enabled users of the tenant but the caller as approvers, to a staff user too', async () => {
    const answer = await t.get(`${LEAVE}/approvers`, operator);
    expect(answer.statusCode).toBe(200);
    const accounts = data<{ account: string }[]>(answer).map((u) => u.account);
    expect(accounts).toEqual(expect.arrayContaining(['admin', 'supply', 'finance']));
    expect(accounts).not.toContain('operator');
    // The other tenant's users are not offered.
    const other = data<{ account: string }[]>(await t.get(`${LEAVE}/approvers`, otherTenant));
    expect(other.map((u) => u.account)).not.toContain('finance');
  });

  it('fires a timer due while no server ran exactly once, with two workers', async () => {
    const down = await createTestApp({ sameDatabaseAs: t, demo: false });
    let instanceId: string;
    try {
      await down.app.ready();
      await flowTimerWorker(down.app.ctx).stop();
      instanceId = await startVia(down, await down.login('operator', DEMO_PASSWORD), timerDef);
      // Not due yet: nothing fires.
      expect(await flowTimerWorker(down.app.ctx).drain()).toBe(0);
    } finally {
      await down.close();
    }
    const timers = () =>
      t.app.ctx.db
        .selectFrom('bladeFlowTimer')
        .selectAll()
        .where('instanceId', '=', instanceId)
        .execute();
    expect((await timers()).map((r) => r.state)).toEqual(['waiting']);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const up = await createTestApp({ sameDatabaseAs: t, demo: false });
    try {
      await up.app.ready();
      await flowTimerWorker(up.app.ctx).stop();
      const fired = await Promise.all([
        flowTimerWorker(t.app.ctx).drain(),
        flowTimerWorker(up.app.ctx).drain(),
      ]);
      expect(fired[0] + fired[1]).toBe(1);
    } finally {
      await up.close();
    }
    expect((await timers()).map((r) => r.state)).toEqual(['fired']);
    const after = await t.app.ctx.db
      .selectFrom('bladeFlowTask')
      .selectAll()
      .where('instanceId', '=', instanceId)
      .execute();
    expect(after).toEqual([expect.objectContaining({ activityId: 'after', state: 'assigned' })]);
    expect(after[0]!.assignee).toBe(ids.operator);
  });
  it('lets one of two concurrent completions of a task land, the other is 409', async () => {
    const { processInstanceId } = await applyLeave();
    const dept = await taskOf(processInstanceId, 'deptApprove');
    const answers = await Promise.all([
      complete(supply, dept.id, 'ok'),
      complete(supply, dept.id, 'reject'),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const open = await t.app.ctx.db
      .selectFrom('bladeFlowTask')
      .select('activityId')
      .where('instanceId', '=', processInstanceId)
      .where('state', 'in', ['candidate', 'assigned'])
      .execute();
    expect(open).toHaveLength(1);
    const instance = await t.app.ctx.db
      .selectFrom('bladeFlowInstance')
      .select('version')
      .where('id', '=', processInstanceId)
      .executeTakeFirstOrThrow();
    expect(instance.version).toBe(2);
  });

  it('writes nothing of a step whose transaction fails (the previous step stays whole)', async () => {
    const { registerProcessHook } = await import('./runner.js');
    registerProcessHook('test_crash', {
      onTaskDone: () => Promise.reject(new Error('crash before commit')),
    });
    const start = await t.app.ctx.db
      .selectFrom('bladeFlowInstance')
      .select('id')
      .where('id', '=', await startVia(t, operator, sharedDef))
      .executeTakeFirstOrThrow();
    await t.app.ctx.db
      .updateTable('bladeFlowInstance')
      .set({ businessKey: 'test_crash:1' })
      .where('id', '=', start.id)
      .execute();
    const task = await taskOf(start.id, 'review');
    data(await t.post(`${W}/claim-task`, finance, undefined, { taskId: task.id }));
    const before = await t.app.ctx.db
      .selectFrom('bladeFlowInstance')
      .selectAll()
      .where('id', '=', start.id)
      .executeTakeFirstOrThrow();
    expect((await complete(finance, task.id, 'ok')).statusCode).toBe(500);
    const after = await t.app.ctx.db
      .selectFrom('bladeFlowInstance')
      .selectAll()
      .where('id', '=', start.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    expect((await taskOf(start.id, 'review')).state).toBe('assigned');
    const history = await t.app.ctx.db
      .selectFrom('bladeFlowHistory')
      .select('activityId')
      .where('instanceId', '=', start.id)
      .execute();
    expect(history.map((h) => h.activityId).sort()).toEqual(['review', 'start']);
  });

  it('offers the start list by starters and the latest active version', async () => {
    const starts = data<{ records: { id: string; processKey: string }[] }>(
      await t.get(`${W}/start-list`, operator, { size: '100' }),
    ).records;
    const keys = starts.map((r) => r.processKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect(starts.find((r) => r.processKey === 'shared')?.id).toBe(sharedDef);
  });

  it('seeds demo leave requests in every state through the engine', async () => {
    const rows = await t.app.ctx.db
      .selectFrom('bladeProcessLeave')
      .select(['tenantId', 'leaveState', 'processInstanceId'])
      .where('reason', 'in', ['年底回家探亲', '牙科复诊', '办理房屋过户手续', '婚假', '外出旅行'])
      .execute();
    expect(rows.map((r) => `${r.tenantId}:${r.leaveState}`).sort()).toEqual([
      '000000:approved',
      '000000:pending',
      '000000:pending',
      '000000:rejected',
      '100001:pending',
    ]);
    const demoTodo = await list('todo-list', supply);
    expect(demoTodo.some((r) => r.activityId === 'deptApprove')).toBe(true);
  });
  it('a boundary timer due on a suspended process waits; once active it fires and cancels the task', async () => {
    const instanceId = await startVia(t, operator, boundaryDef);
    const review = await taskOf(instanceId, 'review');
    expect(review).toMatchObject({ state: 'assigned', assignee: ids.supply });
    const suspend = (flag: number) =>
      t.app.ctx.db
        .updateTable('bladeFlowDefinition')
        .set({ suspended: flag })
        .where('id', '=', boundaryDef)
        .execute();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const worker = flowTimerWorker(t.app.ctx);
    await suspend(1);
    try {
      expect(await worker.drain()).toBe(0);
    } finally {
      await suspend(0);
    }
    expect(await worker.drain()).toBe(1);
    expect((await taskOf(instanceId, 'review')).state).toBe('cancelled');
    const instance = await t.app.ctx.db
      .selectFrom('bladeFlowInstance')
      .select(['state', 'currentActivities'])
      .where('id', '=', instanceId)
      .executeTakeFirstOrThrow();
    expect(instance).toEqual({ state: 'ended', currentActivities: '[]' });
    const history = data<{ historyActivityId: string; endTime: string }[]>(
      await t.get('/api/blade-flow/process/history-flow-list', operator, {
        processInstanceId: instanceId,
      }),
    );
    expect(history.map((h) => h.historyActivityId)).toContain('timedOut');
    expect(history.every((h) => h.endTime !== '')).toBe(true);
  });

  it('lists: my leave requests, the follow list with names and current steps', async () => {
    const { businessId, processInstanceId } = await applyLeave();
    const mine = data<{ records: { id: string; days: number; leaveState: string }[] }>(
      await t.get(`${LEAVE}/list`, operator, { size: '100' }),
    ).records;
    expect(mine.find((r) => r.id === businessId)).toMatchObject({
      days: 1.5,
      leaveState: 'pending',
    });
    const theirs = data<{ records: { id: string }[] }>(
      await t.get(`${LEAVE}/list`, supply, { size: '100' }),
    ).records;
    expect(theirs.map((r) => r.id)).not.toContain(businessId);
    const follow = data<{ records: Record<string, unknown>[] }>(
      await t.get('/api/blade-flow/follow/list', await t.adminToken(), { id: processInstanceId }),
    ).records;
    expect(follow[0]).toMatchObject({
      id: processInstanceId,
      processKey: 'leave',
      processDefinitionName: '请假流程',
      // The demo deployed version 1; this file deployed the leave model again.
      processVersion: 2,
      startUserName: '王运营',
      currentTaskNames: '部门审批',
      state: 'running',
    });
    // Only flow_follow holders read the follow list.
    expect((await t.get('/api/blade-flow/follow/list', supply)).statusCode).toBe(403);
  });
});
