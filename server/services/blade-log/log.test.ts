import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNED_IN } from '../../auth/index.js';
import { BASIC, createTestApp, data, DEMO_PASSWORD, type TestApp } from '../../test/support.js';
import {
  createRole,
  DEMO,
  grant,
  menuId,
  setRoles,
} from '../blade-system/data-scope/scope-test-support.js';
import { maskParams, maskText, paramsText } from './mask.js';

interface Page<T> {
  records: T[];
  total: number;
}
type Log = Record<string, string | number>;

const LOG = '/api/blade-log';
const SECRET = 'Zx-very-secret-9';

describe('log masking', () => {
  it('masks credentials at any depth and phones partly', () => {
    expect(
      maskParams({
        password: 'a',
        oldPassword: 'b',
        newPassword1: 'c',
        refresh_token: 'd',
        clientSecret: 'e',
        phone: '13912345678',
        user: { contactNumber: '021-12345678', name: 'n', list: [{ passwd: 'f' }] },
        empty: '',
        password2: '',
      }),
    ).toEqual({
      password: '******',
      oldPassword: '******',
      newPassword1: '******',
      refresh_token: '******',
      clientSecret: '******',
      phone: '139****5678',
      user: { contactNumber: '021****5678', name: 'n', list: [{ passwd: '******' }] },
      empty: '',
      password2: '',
    });
    expect(
      maskParams({ paramKey: 'account.initPassword', paramValue: '123456', paramName: 'p' }),
    ).toEqual({ paramKey: 'account.initPassword', paramValue: '******', paramName: 'p' });
    expect(maskParams({ paramKey: 'account.registerUser', paramValue: 'true' })).toEqual({
      paramKey: 'account.registerUser',
      paramValue: 'true',
    });
    expect(paramsText({ a: '1' }, ['x'])).toBe('{"a":"1","body":["x"]}');
    expect(paramsText({}, undefined)).toBeUndefined();
    expect(paramsText({ q: 'x'.repeat(20_000) }, undefined)!.length).toBeLessThan(10_010);
    expect(maskText('bad password=hunter2 and "token":"abc" left')).toBe(
      'bad password="******" and "token":"******" left',
    );
  });
});

describe('blade-log', () => {
  let t: TestApp;
  let admin: string;
  let tenantAdmin: string;

  beforeAll(async () => {
    t = await createTestApp();
    // A route that fails unexpectedly (added before the app is ready).
    t.app.post('/api/test-only/boom', { config: { access: SIGNED_IN } }, async () => {
      throw new Error(`database said: password=${SECRET}`);
    });
    admin = await t.adminToken();
    tenantAdmin = await t.tenantAdminToken();
  });
  afterAll(() => t.close());

  const list = async (kind: string, token: string, query: Record<string, string> = {}) =>
    data<Page<Log>>(await t.get(`${LOG}/${kind}/list`, token, query));

  /** Every text of every stored log row: what a leak would show up in. */
  const storedText = async () => {
    const db = t.app.ctx.db;
    const rows = [
      ...(await db.selectFrom('bladeLogApi').selectAll().execute()),
      ...(await db.selectFrom('bladeLogError').selectAll().execute()),
      ...(await db.selectFrom('bladeLogUsual').selectAll().execute()),
    ];
    return JSON.stringify(rows);
  };

  it('API log: writes that succeeded, with masked params, in the caller tenant only', async () => {
    const created = await t.post('/api/blade-system/post/submit', tenantAdmin, {
      postCode: 'log1',
      postName: '日志岗位',
      category: 1,
      password: SECRET,
      newPassword1: SECRET,
      oldPassword: SECRET,
      token: SECRET,
      clientSecret: SECRET,
      phone: '13912345678',
    });
    expect(created.statusCode).toBe(200);
    // A refused write and a read are not operations.
    expect(
      (await t.post('/api/blade-system/post/submit', tenantAdmin, { postCode: 'x' })).statusCode,
    ).toBe(400);
    await t.get('/api/blade-system/post/list', tenantAdmin);

    const page = await list('api', tenantAdmin, { requestUri: '/blade-system/post' });
    expect(page.total).toBe(1);
    const row = page.records[0]!;
    expect(row).toMatchObject({
      tenantId: DEMO,
      method: 'POST',
      requestUri: '/api/blade-system/post/submit',
      title: 'blade-system/post/submit',
      serviceId: 'blade-system',
      methodName: 'submit',
      createBy: 'admin',
    });
    // The list leaves the long texts to the detail.
    expect(row.params).toBeUndefined();
    const detail = data<Log>(await t.get(`${LOG}/api/detail`, tenantAdmin, { id: String(row.id) }));
    const params = JSON.parse(String(detail.params)) as Record<string, unknown>;
    expect(params).toMatchObject({
      postCode: 'log1',
      password: '******',
      newPassword1: '******',
      oldPassword: '******',
      token: '******',
      clientSecret: '******',
      phone: '139****5678',
    });

    // Tenant 000000 sees none of tenant 100001's rows, and not by id either.
    expect((await list('api', admin, { requestUri: '/blade-system/post' })).total).toBe(0);
    expect((await t.get(`${LOG}/api/detail`, admin, { id: String(row.id) })).statusCode).toBe(404);
    expect(await storedText()).not.toContain(SECRET);
  });

  it('API log: refusals of signed-in users, reads and writes, without bodies (issue 15 item 17)', async () => {
    const finance = await t.login('finance', DEMO_PASSWORD);
    // 403: the finance role has no role screen (a read and a write with a secret in the body).
    expect((await t.get('/api/blade-system/role/list', finance)).statusCode).toBe(403);
    const write = await t.post('/api/blade-system/role/submit', finance, {
      roleName: 'x',
      roleAlias: 'x',
      password: SECRET,
    });
    expect(write.statusCode).toBe(403);
    // 404: another tenant's role asked for by id.
    const foreign = await t.app.ctx.db
      .selectFrom('bladeRole')
      .select('id')
      .where('tenantId', '=', DEMO)
      .executeTakeFirstOrThrow();
    const detail = await t.get('/api/blade-system/role/detail', admin, { id: foreign.id });
    expect(detail.statusCode).toBe(404);

    const denied = (await list('api', admin, { title: '拒绝访问' })).records;
    expect(denied.map((r) => [r.createBy, r.method, r.requestUri, r.title])).toEqual(
      expect.arrayContaining([
        ['finance', 'GET', '/api/blade-system/role/list', '拒绝访问 403 blade-system/role/list'],
        [
          'finance',
          'POST',
          '/api/blade-system/role/submit',
          '拒绝访问 403 blade-system/role/submit',
        ],
      ]),
    );
    const missing = (await list('api', admin, { title: '未找到' })).records;
    expect(missing.map((r) => [r.createBy, r.method, r.requestUri, r.title])).toContainEqual([
      'admin',
      'GET',
      '/api/blade-system/role/detail',
      '未找到 404 blade-system/role/detail',
    ]);
    // The query (masked) is kept, the body never.
    const missingRow = missing.find((r) => r.requestUri === '/api/blade-system/role/detail')!;
    const shown = data<Log>(await t.get(`${LOG}/api/detail`, admin, { id: String(missingRow.id) }));
    expect(JSON.parse(String(shown.params))).toEqual({ id: foreign.id });
    const writeRow = denied.find((r) => r.method === 'POST')!;
    const written = data<Log>(await t.get(`${LOG}/api/detail`, admin, { id: String(writeRow.id) }));
    expect(String(written.params ?? '')).toBe('');
    expect(await storedText()).not.toContain(SECRET);
    // A request without a valid token is a 401, not a user's refusal.
    expect((await t.get('/api/blade-system/role/list')).statusCode).toBe(401);
    expect((await list('api', admin, { title: '拒绝访问' })).total).toBe(denied.length);
  });

  it('usual log: logins that succeeded or failed, credentials never stored', async () => {
    await t.login('sales', DEMO_PASSWORD, DEMO);
    const failed = await t.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      headers: { authorization: BASIC },
      query: { tenantId: DEMO, username: 'sales', password: SECRET, grant_type: 'password' },
    });
    expect(failed.statusCode).toBe(400);
    // A tenant that does not exist gets no log.
    await t.tokenRequest('sales', SECRET, '999999');

    const page = await list('usual', tenantAdmin, { createBy: 'sales' });
    expect(page.records.map((r) => [r.logId, r.logLevel])).toEqual([
      ['login', 'WARN'],
      ['login', 'INFO'],
    ]);
    const [failure, success] = page.records;
    expect(
      data<Log>(await t.get(`${LOG}/usual/detail`, tenantAdmin, { id: String(success!.id) }))
        .logData,
    ).toBe('登录成功：sales');
    const detail = data<Log>(
      await t.get(`${LOG}/usual/detail`, tenantAdmin, { id: String(failure!.id) }),
    );
    expect(detail.logData).toBe('登录失败：sales（400 用户名或密码错误）');
    expect(JSON.parse(String(detail.params))).toMatchObject({
      password: '******',
      username: 'sales',
    });
    expect(await storedText()).not.toContain(SECRET);
    expect(
      (
        await t.app.ctx.db
          .selectFrom('bladeLogUsual')
          .select('id')
          .where('tenantId', '=', '999999')
          .execute()
      ).length,
    ).toBe(0);
  });

  it('error log: a 500 keeps its reference; the stack stays on the server', async () => {
    const res = await t.post('/api/test-only/boom', tenantAdmin, { password: SECRET });
    expect(res.statusCode).toBe(500);
    const reference = /编号 ([0-9a-f-]{36})/.exec(res.json().msg as string)![1]!;
    const page = await list('error', tenantAdmin, { reference });
    expect(page.total).toBe(1);
    expect(page.records[0]).toMatchObject({
      reference,
      exceptionName: 'Error',
      requestUri: '/api/test-only/boom',
    });
    const detail = data<Log>(
      await t.get(`${LOG}/error/detail`, tenantAdmin, { id: String(page.records[0]!.id) }),
    );
    expect(detail.stackTrace).toBeUndefined();
    // Message, file and line may quote server internals: the super administrator's only.
    expect(detail.message).toBeUndefined();
    expect(detail.fileName).toBeUndefined();
    expect(JSON.parse(String(detail.params))).toEqual({ password: '******' });

    const own = await t.post('/api/test-only/boom', admin);
    const ownRef = /编号 ([0-9a-f-]{36})/.exec(own.json().msg as string)![1]!;
    const mine = (await list('error', admin, { reference: ownRef })).records[0]!;
    const adminDetail = data<Log>(
      await t.get(`${LOG}/error/detail`, admin, { id: String(mine.id) }),
    );
    expect(adminDetail.message).toBe('database said: password="******"');
    expect(adminDetail.fileName).toContain('log.test.ts');
    expect(adminDetail.stackTrace).toBeUndefined();
    // Kept on the server.
    const stored = await t.app.ctx.db
      .selectFrom('bladeLogError')
      .select('stackTrace')
      .where('reference', '=', ownRef)
      .executeTakeFirstOrThrow();
    expect(stored.stackTrace).toContain('log.test.ts');
    expect((await list('error', admin, { reference })).total).toBe(0);
    expect(await storedText()).not.toContain(SECRET);
  });

  it('needs the log screens: the operation log reads the API log', async () => {
    const sales = await t.login('sales', DEMO_PASSWORD, DEMO);
    for (const kind of ['usual', 'api', 'error']) {
      expect((await t.get(`${LOG}/${kind}/list`, sales)).statusCode).toBe(403);
      expect((await t.get(`${LOG}/${kind}/detail`, sales, { id: '1' })).statusCode).toBe(403);
    }
    expect((await t.get(`${LOG}/api/list`)).statusCode).toBe(401);

    const auditor = await createRole(t, DEMO, 'auditor');
    await grant(t, tenantAdmin, auditor, { menuIds: [await menuId(t, 'operate_log')] });
    await setRoles(t, DEMO, 'service', [auditor]);
    const service = await t.login('service', DEMO_PASSWORD, DEMO);
    expect((await list('api', service)).total).toBeGreaterThan(0);
    expect((await t.get(`${LOG}/error/list`, service)).statusCode).toBe(403);
  });
});

describe('what the logs keep (issue 16 item 8)', () => {
  let t: TestApp;
  let tenantAdmin: string;

  beforeAll(async () => {
    t = await createTestApp();
    tenantAdmin = await t.tenantAdminToken();
  });
  afterAll(() => t.close());

  /** The API-log rows of the demo tenant, oldest first. */
  const apiRows = () =>
    t.app.ctx.db
      .selectFrom('bladeLogApi')
      .select(['requestUri', 'params', 'createBy'])
      .where('tenantId', '=', DEMO)
      .orderBy('createTime')
      .orderBy('id')
      .execute();

  it('reads and table layouts add no API-log row', async () => {
    const before = (await apiRows()).length;
    expect((await t.get('/api/blade-user/page', tenantAdmin)).statusCode).toBe(200);
    expect((await t.get('/api/blade-system/post/list', tenantAdmin)).statusCode).toBe(200);
    // A list asked for with POST (BladeX's video/list) is a read too.
    expect((await t.post('/api/blade-resource/video/list', tenantAdmin, {})).statusCode).toBe(200);
    const saved = await t.post('/api/blade-system/table-set/save', tenantAdmin, {
      tableKey: 'blade-system/user',
      settings: { density: 'xs' },
    });
    expect(saved.statusCode).toBe(200);
    expect(
      (
        await t.get('/api/blade-system/table-set/get', tenantAdmin, {
          tableKey: 'blade-system/user',
        })
      ).statusCode,
    ).toBe(200);
    expect((await apiRows()).length).toBe(before);
  });

  it('a user update and a role grant add one row each, sensitive fields masked', async () => {
    const before = (await apiRows()).length;
    const target = await t.app.ctx.db
      .selectFrom('bladeUser')
      .select(['id', 'version'])
      .where('tenantId', '=', DEMO)
      .where('account', '=', 'sales')
      .executeTakeFirstOrThrow();
    const updated = await t.post('/api/blade-user/update', tenantAdmin, {
      id: target.id,
      realName: '周销售',
      phone: '13912345678',
      password: SECRET,
      version: target.version,
    });
    expect(updated.statusCode).toBe(200);
    const role = await createRole(t, DEMO, 'audited');
    await grant(t, tenantAdmin, role, { menuIds: [await menuId(t, 'operate_log')] });

    const rows = (await apiRows()).slice(before);
    expect(rows.map((r) => [r.requestUri, r.createBy])).toEqual([
      ['/api/blade-user/update', 'admin'],
      ['/api/blade-system/role/grant', 'admin'],
    ]);
    const params = JSON.parse(String(rows[0]!.params)) as Record<string, unknown>;
    expect(params).toMatchObject({ password: '******', phone: '139****5678' });
    expect(JSON.stringify(rows)).not.toContain(SECRET);
  });

  it('sign-outs go to the usual log; the debug log the console uploads is not an operation', async () => {
    const sales = await t.login('sales', DEMO_PASSWORD, DEMO);
    const before = (await apiRows()).length;
    expect((await t.post('/api/blade-auth/oauth/logout', sales, [])).statusCode).toBe(200);
    expect((await t.get('/api/blade-auth/oauth/logout', sales)).statusCode).toBe(200);
    expect((await apiRows()).length).toBe(before);
    const usual = await t.app.ctx.db
      .selectFrom('bladeLogUsual')
      .select(['logId', 'logData', 'createBy'])
      .where('tenantId', '=', DEMO)
      .where('logId', '=', 'logout')
      .execute();
    expect(usual).toEqual([{ logId: 'logout', logData: '退出登录：sales', createBy: 'sales' }]);
  });
});
