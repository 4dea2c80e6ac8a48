import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLOW_MODEL_CALLS, flowModelContract } from '../../../../src/contracts/blade-flow/model.js';
import type {
  FlowDeployAnswer,
  FlowModelDetail,
} from '../../../../src/contracts/blade-flow/model.js';
import { nextId } from '../../../lib/ids.js';
import {
  createTestApp,
  data,
  DEMO_PASSWORD,
  DEMO_TENANT,
  type TestApp,
} from '../../../test/support.js';
import { checkBpmn } from '../bpmn/check.js';
import { LEAVE_BPMN } from '../bpmn/demo-models.js';

const API = `/api/${flowModelContract.service}`;
const DEPLOY = `/api/${FLOW_MODEL_CALLS.deploy}`;
const MANAGER = '/api/blade-flow/manager/list';

interface Page<T> {
  records: T[];
  total: number;
}
const msg = (res: LightMyRequestResponse) => (res.json() as { msg: string }).msg;

/** A one-task model of `key` (passes the check). */
const oneTask = (key: string, extra = '') =>
  LEAVE_BPMN.replace('<bpmn:process id="leave"', `<bpmn:process id="${key}"`)
    .replace('bpmnElement="leave"', `bpmnElement="${key}"`)
    .replace(
      '<bpmn:endEvent id="withdrawnEnd" name="已撤回" />',
      `<bpmn:endEvent id="withdrawnEnd" name="已撤回" />${extra}`,
    );

describe('blade-flow models: list, submit (checked XML), detail, remove, deploy', () => {
  let t: TestApp;
  let admin: string;
  let tenantAdmin: string;
  let theirModel: string;
  const list = async (token: string, query: Record<string, string> = {}) =>
    data<Page<Record<string, unknown>>>(
      await t.get(`${API}/list`, token, { size: '100', ...query }),
    );
  const submit = (token: string, body: Record<string, unknown>) =>
    t.post(`${API}/submit`, token, body);
  const detail = (token: string, id: string) => t.get(`${API}/detail`, token, { id });
  const deploy = (token: string, query: Record<string, string>) =>
    t.post(DEPLOY, token, undefined, query);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
    tenantAdmin = await t.tenantAdminToken();
    theirModel = (
      await t.database.db
        .selectFrom('bladeFlowModel')
        .select('id')
        .where('tenantId', '=', DEMO_TENANT)
        .where('modelKey', '=', 'leave')
        .executeTakeFirstOrThrow()
    ).id;
  }, 60_000);
  afterAll(() => t.close());

  it('lists the demo models without their XML; the detail answers it', async () => {
    const page = await list(admin);
    expect(page.records.map((r) => r['modelKey']).sort()).toEqual(['leave', 'purchase']);
    for (const row of page.records) expect(row).not.toHaveProperty('xml');
    const leave = page.records.find((r) => r['modelKey'] === 'leave')!;
    expect(leave).toMatchObject({ name: '请假流程', version: 1 });
    const one = data<FlowModelDetail>(await detail(admin, String(leave['id'])));
    expect(one.xml).toBe(LEAVE_BPMN);
    expect((await list(admin, { modelKey: 'purch' })).records).toHaveLength(1);
    expect((await list(admin, { name: '请假' })).records).toHaveLength(1);
  });

  it('gives a new model without XML a blank diagram that passes the check', async () => {
    const res = await submit(admin, { modelKey: 'blank_one', name: '空白模型' });
    const { id } = data<{ id: string }>(res);
    const one = data<FlowModelDetail>(await detail(admin, id));
    expect(one).toMatchObject({ modelKey: 'blank_one', name: '空白模型', version: 1 });
    const parsed = await checkBpmn(one.xml);
    expect(parsed.processes[0]).toMatchObject({ key: 'blank_one', name: '空白模型' });
  });

  it('refuses hostile or unsupported XML at the xml field, writing nothing', async () => {
    const script = oneTask(
      'scripted',
      '<bpmn:scriptTask id="evil" scriptFormat="javascript"><bpmn:script>process.exit()</bpmn:script></bpmn:scriptTask>',
    );
    const res = await submit(admin, { modelKey: 'scripted', name: '脚本', xml: script });
    expect(res.statusCode).toBe(400);
    expect(msg(res)).toBe('xml:不支持脚本任务：evil');
    expect((res.json() as { data: { fields: Record<string, string> } }).data.fields).toEqual({
      xml: '不支持脚本任务：evil',
    });
    const entity = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>${LEAVE_BPMN.slice(LEAVE_BPMN.indexOf('<bpmn:definitions'))}`;
    const refused = await submit(admin, { modelKey: 'entity', name: '实体', xml: entity });
    expect(refused.statusCode).toBe(400);
    expect(msg(refused)).toBe('xml:BPMN文件不能包含DOCTYPE、实体声明或外部引用');
    expect((await list(admin, { modelKey: 'scripted' })).total).toBe(0);
    expect((await list(admin, { modelKey: 'entity' })).total).toBe(0);
  });

  it('keeps the model key unique per tenant and its pattern', async () => {
    const dup = await submit(admin, { modelKey: 'leave', name: '另一个', xml: LEAVE_BPMN });
    expect(dup.statusCode).toBe(409);
    expect(msg(dup)).toBe('modelKey:模型标识已存在');
    const bad = await submit(admin, { modelKey: '1-bad key', name: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(msg(bad)).toMatch(/^modelKey:模型标识须以字母或_开头/);
    // Another tenant's key is no conflict.
    expect((await submit(tenantAdmin, { modelKey: 'blank_one', name: '他们的' })).statusCode).toBe(
      200,
    );
  });

  it('keeps the XML when an edit leaves it out, and refuses a stale version', async () => {
    const { id } = data<{ id: string }>(
      await submit(admin, { modelKey: 'edit_me', name: '编辑', xml: oneTask('edit_me') }),
    );
    const edited = await submit(admin, {
      id,
      version: 1,
      modelKey: 'edit_me',
      name: '已编辑',
      description: '说明',
    });
    expect(edited.statusCode).toBe(200);
    const one = data<FlowModelDetail>(await detail(admin, id));
    expect(one).toMatchObject({ name: '已编辑', description: '说明', version: 2 });
    expect(one.xml).toBe(oneTask('edit_me'));
    const stale = await submit(admin, { id, version: 1, modelKey: 'edit_me', name: '过期' });
    expect(stale.statusCode).toBe(409);
    expect(msg(stale)).toBe('数据已被其他用户修改，请刷新后重试');
  });

  it("answers another tenant's model as missing: detail, edit, remove, deploy", async () => {
    expect((await detail(admin, theirModel)).statusCode).toBe(404);
    expect((await submit(admin, { id: theirModel, modelKey: 'leave', name: 'x' })).statusCode).toBe(
      404,
    );
    expect((await t.post(`${API}/remove`, admin, undefined, { ids: theirModel })).statusCode).toBe(
      404,
    );
    const res = await deploy(admin, { modelId: theirModel, category: 'office' });
    expect(res.statusCode).toBe(404);
    expect(msg(res)).toBe('模型不存在');
  });

  it('deploys a model twice: versions 1 and 2, listed by the manager', async () => {
    const { id } = data<{ id: string }>(
      await submit(admin, { modelKey: 'twice', name: '两次', xml: oneTask('twice') }),
    );
    const first = data<FlowDeployAnswer>(await deploy(admin, { modelId: id, category: 'office' }));
    const second = data<FlowDeployAnswer>(await deploy(admin, { modelId: id, category: 'office' }));
    expect(first.definitions).toMatchObject([
      { processKey: 'twice', processVersion: 1, name: '请假流程' },
    ]);
    expect(second.definitions).toMatchObject([{ processKey: 'twice', processVersion: 2 }]);
    expect(second.deployments).toEqual([
      { tenantId: '000000', deploymentId: second.deploymentId, definitions: second.definitions },
    ]);
    const defs = data<Page<Record<string, unknown>>>(
      await t.get(MANAGER, admin, { processKey: 'twice' }),
    );
    expect(defs.records.map((r) => r['processVersion']).sort()).toEqual([1, 2]);
    const row = defs.records.find((r) => r['processVersion'] === 2)!;
    expect(row).toMatchObject({
      deploymentId: second.deploymentId,
      resourceName: 'twice.bpmn20.xml',
      category: 'office',
      suspended: 0,
    });
    // The assignment rules and starters are kept with the definition.
    const stored = await t.database.db
      .selectFrom('bladeFlowDefinition')
      .select(['assignments', 'starters'])
      .where('id', '=', String(row['id']))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.assignments)['deptApprove']).toEqual({
      name: '部门审批',
      assignee: '${taskUser}',
      candidateUsers: [],
      candidateGroups: [],
    });
    expect(JSON.parse(stored.starters)).toEqual({ users: [], groups: [] });
  });

  it('numbers racing deploys of one key without gaps or twins', async () => {
    const { id } = data<{ id: string }>(
      await submit(admin, { modelKey: 'racing', name: '并发', xml: oneTask('racing') }),
    );
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => deploy(admin, { modelId: id, category: 'office' })),
    );
    const versions = answers.map(
      (res) => data<FlowDeployAnswer>(res).definitions[0]!.processVersion,
    );
    expect(versions.sort()).toEqual([1, 2, 3, 4]);
  });

  it('deploys into other tenants for the super administrator only', async () => {
    const { id } = data<{ id: string }>(
      await submit(admin, { modelKey: 'shared', name: '共享', xml: oneTask('shared') }),
    );
    const both = data<FlowDeployAnswer>(
      await deploy(admin, { modelId: id, category: 'office', tenantIds: `000000,${DEMO_TENANT}` }),
    );
    expect(both.deployments.map((d) => d.tenantId)).toEqual(['000000', DEMO_TENANT]);
    const theirs = data<Page<Record<string, unknown>>>(
      await t.get(MANAGER, tenantAdmin, { processKey: 'shared' }),
    );
    expect(theirs.records).toMatchObject([{ processVersion: 1 }]);
    const missing = await deploy(admin, { modelId: id, category: 'office', tenantIds: '999999' });
    expect(missing.statusCode).toBe(400);
    expect(msg(missing)).toBe('tenantIds:租户不存在');

    const own = (await list(tenantAdmin, { modelKey: 'leave' })).records[0]!;
    const refused = await deploy(tenantAdmin, {
      modelId: String(own['id']),
      category: 'office',
      tenantIds: '000000',
    });
    expect(refused.statusCode).toBe(403);
    expect(msg(refused)).toBe('只有超级管理员可以部署到其他租户');
    const itself = await deploy(tenantAdmin, {
      modelId: String(own['id']),
      category: 'office',
      tenantIds: DEMO_TENANT,
    });
    expect(data<FlowDeployAnswer>(itself).definitions).toMatchObject([
      { processKey: 'leave', processVersion: 2 },
    ]);
    const noCategory = await deploy(tenantAdmin, { modelId: String(own['id']) });
    expect(noCategory.statusCode).toBe(400);
    expect(msg(noCategory)).toBe('category:请输入流程分类');
  });

  it('needs the screen to read and each button to write or deploy', async () => {
    const staff = await t.login('sales', DEMO_PASSWORD, DEMO_TENANT);
    expect((await t.get(`${API}/list`, staff)).statusCode).toBe(403);
    expect((await detail(staff, theirModel)).statusCode).toBe(403);
    // The staff role given the screen alone: reads, but neither writes nor deploys.
    const db = t.database.db;
    const role = await db
      .selectFrom('bladeRole')
      .select('id')
      .where('tenantId', '=', DEMO_TENANT)
      .where('roleAlias', '=', 'staff')
      .executeTakeFirstOrThrow();
    const menu = await db
      .selectFrom('bladeMenu')
      .select('id')
      .where('code', '=', 'flow_model')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('bladeRoleMenu')
      .values({ id: nextId(), roleId: role.id, menuId: menu.id })
      .execute();
    const reader = await t.login('sales', DEMO_PASSWORD, DEMO_TENANT);
    expect((await list(reader)).total).toBeGreaterThan(0);
    expect((await submit(reader, { modelKey: 'nope', name: 'x' })).statusCode).toBe(403);
    expect(
      (await submit(reader, { id: theirModel, modelKey: 'leave', name: 'x' })).statusCode,
    ).toBe(403);
    expect((await deploy(reader, { modelId: theirModel, category: 'office' })).statusCode).toBe(
      403,
    );
    expect((await t.post(`${API}/remove`, reader, undefined, { ids: theirModel })).statusCode).toBe(
      403,
    );
  });

  it('removes a model (logic delete): gone from the list and the detail', async () => {
    const { id } = data<{ id: string }>(await submit(admin, { modelKey: 'gone', name: '删除' }));
    expect((await t.post(`${API}/remove`, admin, undefined, { ids: id })).statusCode).toBe(200);
    expect((await detail(admin, id)).statusCode).toBe(404);
    expect((await list(admin, { modelKey: 'gone' })).total).toBe(0);
    // Its key is free again.
    expect((await submit(admin, { modelKey: 'gone', name: '再来' })).statusCode).toBe(200);
  });
});
