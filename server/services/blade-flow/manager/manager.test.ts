import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FLOW_MANAGER_CALLS,
  flowDefinitionContract,
} from '../../../../src/contracts/blade-flow/definition.js';
import type { FlowDeployAnswer } from '../../../../src/contracts/blade-flow/model.js';
import type { AuthUser } from '../../../auth/index.js';
import { DEMO_FLOW_CATEGORY } from '../../../db/seed/demo-workflow-models.js';
import {
  createTestApp,
  data,
  DEMO_PASSWORD,
  DEMO_TENANT,
  type TestApp,
} from '../../../test/support.js';
import { LEAVE_BPMN, PURCHASE_BPMN } from '../bpmn/demo-models.js';
import { startProcess } from '../engine/runner.js';

const LIST = `/api/${flowDefinitionContract.service}/list`;
const CHANGE = `/api/${FLOW_MANAGER_CALLS.changeState}`;
const DELETE = `/api/${FLOW_MANAGER_CALLS.deleteDeployment}`;
const UPLOAD = `/api/${FLOW_MANAGER_CALLS.deployUpload}`;

interface Definition {
  id: string;
  processKey: string;
  name: string;
  category: string;
  processVersion: number;
  deploymentId: string;
  resourceName: string;
  suspended: number;
  deployTime: string;
}
interface Page<T> {
  records: T[];
  total: number;
}
const msg = (res: LightMyRequestResponse) => (res.json() as { msg: string }).msg;

type Part = { field: string; value: string | Buffer; filename?: string };

/** A multipart body of fields and files. */
function multipart(parts: Part[]) {
  const boundary = `----quanyi${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename
      ? `form-data; name="${part.field}"; filename="${part.filename}"`
      : `form-data; name="${part.field}"`;
    const type = part.filename ? 'Content-Type: application/octet-stream\r\n' : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value, 'utf8'));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('blade-flow manager: definitions, change-state, delete-deployment, deploy-upload', () => {
  let t: TestApp;
  let admin: string;
  let tenantAdmin: string;
  let theirLeave: Definition;
  const list = async (token: string, query: Record<string, string> = {}) =>
    data<Page<Definition>>(await t.get(LIST, token, { size: '100', ...query }));
  const change = (token: string, processId: string, state: string) =>
    t.post(CHANGE, token, undefined, { processId, state });
  const upload = (token: string, parts: Part[]) => {
    const body = multipart(parts);
    return t.inject({
      method: 'POST',
      url: UPLOAD,
      headers: { ...body.headers, 'blade-auth': `bearer ${token}` },
      payload: body.payload,
    });
  };
  const file = (filename: string, value: string | Buffer): Part => ({
    field: 'files',
    filename,
    value,
  });
  const category: Part = { field: 'category', value: 'office' };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
    tenantAdmin = await t.tenantAdminToken();
    theirLeave = (await list(tenantAdmin, { processKey: 'leave' })).records[0]!;
  }, 60_000);
  afterAll(() => t.close());

  it('lists the demo leave definition of each tenant, with its filters', async () => {
    const own = await list(admin);
    expect(own.records).toMatchObject([
      {
        processKey: 'leave',
        name: '请假流程',
        category: DEMO_FLOW_CATEGORY,
        processVersion: 1,
        resourceName: 'leave.bpmn20.xml',
        suspended: 0,
      },
    ]);
    expect(own.records[0]!.id).not.toBe(theirLeave.id);
    expect((await list(admin, { processKey: 'lea' })).total).toBe(1);
    expect((await list(admin, { name: '请假' })).total).toBe(1);
    expect((await list(admin, { category: 'other' })).total).toBe(0);
    expect((await list(admin, { suspended: '1' })).total).toBe(0);
    // Definitions are written by deploys only.
    expect(
      (await t.post(`/api/${flowDefinitionContract.service}/submit`, admin, {})).statusCode,
    ).toBe(404);
    expect(
      (
        await t.post(`/api/${flowDefinitionContract.service}/remove`, admin, undefined, {
          ids: theirLeave.id,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('suspends and activates a definition; the same state again is 409', async () => {
    const [leave] = (await list(admin, { processKey: 'leave' })).records;
    expect(data(await change(admin, leave!.id, 'suspend'))).toEqual({});
    expect((await list(admin, { suspended: '1' })).records.map((r) => r.id)).toEqual([leave!.id]);
    const again = await change(admin, leave!.id, 'suspend');
    expect(again.statusCode).toBe(409);
    expect(msg(again)).toBe('流程已是挂起状态');
    expect((await change(admin, leave!.id, 'active')).statusCode).toBe(200);
    const active = await change(admin, leave!.id, 'active');
    expect(active.statusCode).toBe(409);
    expect(msg(active)).toBe('流程已是激活状态');
    const bad = await change(admin, leave!.id, 'paused');
    expect(bad.statusCode).toBe(400);
    expect(msg(bad)).toBe('state:状态须为active或suspend');
    expect((await change(admin, theirLeave.id, 'suspend')).statusCode).toBe(404);
  });

  it('deploys uploaded files: versions per tenant and key, checked by content', async () => {
    const res = await upload(admin, [
      category,
      file('leave.bpmn20.xml', LEAVE_BPMN),
      file('purchase.bpmn', PURCHASE_BPMN),
    ]);
    const answer = data<FlowDeployAnswer>(res);
    expect(answer.definitions).toMatchObject([
      { processKey: 'leave', processVersion: 2, name: '请假流程' },
      { processKey: 'purchase', processVersion: 1, name: '采购审批' },
    ]);
    const purchase = (await list(admin, { processKey: 'purchase' })).records[0]!;
    expect(purchase).toMatchObject({
      deploymentId: answer.deploymentId,
      resourceName: 'purchase.bpmn',
      category: 'office',
    });
    const stored = await t.database.db
      .selectFrom('bladeFlowDefinition')
      .select(['assignments'])
      .where('id', '=', purchase.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.assignments)['financeApprove'].candidateGroups).toEqual([
      'finance',
      'admin',
    ]);
  });

  it('refuses a renamed text file, a non-BPMN XML, a file over 1 MB, too many files', async () => {
    const txt = await upload(admin, [category, file('leave.txt', LEAVE_BPMN)]);
    expect(txt.statusCode).toBe(400);
    expect(msg(txt)).toBe('files:只能上传.bpmn或.bpmn20.xml文件');
    const notBpmn = await upload(admin, [
      category,
      file('note.bpmn', '<?xml version="1.0"?><note><to>x</to></note>'),
    ]);
    expect(notBpmn.statusCode).toBe(400);
    expect(msg(notBpmn)).toBe('文件不是BPMN 2.0流程定义');
    const binary = await upload(admin, [
      category,
      file('image.bpmn', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe, 0x00])),
    ]);
    expect(binary.statusCode).toBe(400);
    expect(msg(binary)).toBe('files:文件image.bpmn：文件不是BPMN 2.0流程定义');
    const big = LEAVE_BPMN.replace('请假申请', 'x'.repeat(1024 * 1024));
    const tooBig = await upload(admin, [category, file('big.bpmn', big)]);
    expect(tooBig.statusCode).toBe(413);
    expect(msg(tooBig)).toBe('BPMN文件不能超过1MB');
    const eleven = Array.from({ length: 11 }, (_, i) => file(`f${i}.bpmn`, PURCHASE_BPMN));
    const many = await upload(admin, [category, ...eleven]);
    expect(many.statusCode).toBe(400);
    expect(msg(many)).toBe('files:一次最多部署10个文件');
    const scripted = PURCHASE_BPMN.replace(
      '<bpmn:endEvent id="rejectedEnd"',
      '<bpmn:scriptTask id="evil" /><bpmn:endEvent id="rejectedEnd"',
    );
    const named = await upload(admin, [
      category,
      file('ok.bpmn', PURCHASE_BPMN),
      file('evil.bpmn', scripted),
    ]);
    expect(named.statusCode).toBe(400);
    expect(msg(named)).toBe('文件evil.bpmn：不支持脚本任务：evil');
    const noCategory = await upload(admin, [file('ok.bpmn', PURCHASE_BPMN)]);
    expect(msg(noCategory)).toBe('category:请输入流程分类');
    const noFile = await upload(admin, [category]);
    expect(msg(noFile)).toBe('files:请选择要部署的BPMN文件');
    // Nothing of the refused uploads was deployed.
    expect((await list(admin, { processKey: 'purchase' })).total).toBe(1);
  });

  it('deploys an upload into another tenant for the super administrator only', async () => {
    const refused = await upload(tenantAdmin, [
      category,
      { field: 'tenantIds', value: '000000' },
      file('p.bpmn', PURCHASE_BPMN),
    ]);
    expect(refused.statusCode).toBe(403);
    expect(msg(refused)).toBe('只有超级管理员可以部署到其他租户');
    const own = await upload(tenantAdmin, [
      category,
      { field: 'tenantIds', value: DEMO_TENANT },
      file('p.bpmn', PURCHASE_BPMN),
    ]);
    expect(data<FlowDeployAnswer>(own).definitions).toMatchObject([
      { processKey: 'purchase', processVersion: 1 },
    ]);
    const forThem = await upload(admin, [
      category,
      { field: 'tenantIds', value: DEMO_TENANT },
      file('p.bpmn', PURCHASE_BPMN),
    ]);
    expect(data<FlowDeployAnswer>(forThem).deployments).toMatchObject([
      { tenantId: DEMO_TENANT, definitions: [{ processVersion: 2 }] },
    ]);
    expect((await list(tenantAdmin, { processKey: 'purchase' })).total).toBe(2);
  });

  it('deletes a deployment: its definitions go and its running instances are cancelled', async () => {
    const answer = data<FlowDeployAnswer>(
      await upload(admin, [
        category,
        file('gone.bpmn', PURCHASE_BPMN.replaceAll('"purchase"', '"gone"')),
      ]),
    );
    const definitionId = answer.definitions[0]!.id;
    const user = await t.database.db
      .selectFrom('bladeUser')
      .select(['id', 'deptId'])
      .where('tenantId', '=', '000000')
      .where('account', '=', 'admin')
      .executeTakeFirstOrThrow();
    const caller: AuthUser = {
      userId: user.id,
      tenantId: '000000',
      account: 'admin',
      clientId: 'saber',
      sessionId: 'test',
      roleIds: [],
      roleAliases: ['administrator'],
      deptIds: [],
      isSuperAdmin: true,
    };
    const { instanceId } = await startProcess(t.app.ctx, { user: caller, definitionId });
    const running = await t.database.db
      .selectFrom('bladeFlowInstance')
      .select('state')
      .where('id', '=', instanceId)
      .executeTakeFirstOrThrow();
    expect(running.state).toBe('running');

    const other = await t.post(DELETE, admin, undefined, {
      deploymentIds: `${answer.deploymentId},${theirLeave.deploymentId}`,
    });
    expect(other.statusCode).toBe(404);
    expect((await list(admin, { processKey: 'gone' })).total).toBe(1);
    const staff = await t.login('sales', DEMO_PASSWORD, DEMO_TENANT);
    expect(
      (await t.post(DELETE, staff, undefined, { deploymentIds: theirLeave.deploymentId }))
        .statusCode,
    ).toBe(403);
    expect((await change(staff, theirLeave.id, 'suspend')).statusCode).toBe(403);
    expect((await upload(staff, [category, file('p.bpmn', PURCHASE_BPMN)])).statusCode).toBe(403);

    expect(
      (await t.post(DELETE, admin, undefined, { deploymentIds: answer.deploymentId })).statusCode,
    ).toBe(200);
    expect((await list(admin, { processKey: 'gone' })).total).toBe(0);
    const cancelled = await t.database.db
      .selectFrom('bladeFlowInstance')
      .select(['state', 'deleteReason'])
      .where('id', '=', instanceId)
      .executeTakeFirstOrThrow();
    expect(cancelled).toEqual({ state: 'deleted', deleteReason: '部署已删除' });
    const open = await t.database.db
      .selectFrom('bladeFlowTask')
      .select('state')
      .where('instanceId', '=', instanceId)
      .execute();
    expect(open.every((task) => task.state === 'cancelled')).toBe(true);
    // Gone is gone: a second delete is 404; a redeploy of the key continues its numbering.
    expect(
      (await t.post(DELETE, admin, undefined, { deploymentIds: answer.deploymentId })).statusCode,
    ).toBe(404);
    const again = data<FlowDeployAnswer>(
      await upload(admin, [
        category,
        file('gone.bpmn', PURCHASE_BPMN.replaceAll('"purchase"', '"gone"')),
      ]),
    );
    expect(again.definitions[0]!.processVersion).toBe(2);
  });
});
