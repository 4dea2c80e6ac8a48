import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../../auth/index.js';
import { createTestApp, data, DEMO_PASSWORD, type TestApp } from '../../../test/support.js';
import { enableOne } from '../settings.js';

interface Sms {
  id: string;
  tenantId: string;
  category: number;
  categoryName: string;
  smsCode: string;
  templateId: string;
  accessKey: string;
  secretKey: string;
  signName: string;
  status: number;
}
interface Page<T> {
  records: T[];
  total: number;
}

const URL = '/api/blade-resource/sms';
const MASK = '******';

describe('blade-resource/sms', () => {
  let t: TestApp;
  let admin: string;
  let tenantAdmin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
    tenantAdmin = await t.tenantAdminToken();
  });
  afterAll(() => t.close());

  const setting = (over: Record<string, unknown> = {}) => ({
    category: 3,
    smsCode: 'ali',
    templateId: 'SMS_001',
    accessKey: 'LTAI-access',
    secretKey: 'top-secret-key',
    signName: '权益平台',
    ...over,
  });
  const submit = (token: string, body: Record<string, unknown>) =>
    t.post(`${URL}/submit`, token, body);
  const create = async (token: string, over: Record<string, unknown> = {}) =>
    data<{ id: string }>(await submit(token, setting(over))).id;
  const rows = async (token: string, query: Record<string, string> = {}) =>
    data<Page<Sms>>(await t.get(`${URL}/list`, token, query)).records;
  const enable = (token: string, id: string) => t.post(`${URL}/enable`, token, undefined, { id });
  const enabledCodes = async (tenantId: string) =>
    (
      await t.app.ctx.db
        .selectFrom('bladeSms')
        .select('smsCode')
        .where('tenantId', '=', tenantId)
        .where('status', '=', 2)
        .where('isDeleted', '=', 0)
        .execute()
    ).map((r) => r.smsCode);
  const storedSecret = async (id: string) =>
    (
      await t.app.ctx.db
        .selectFrom('bladeSms')
        .select('secretKey')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).secretKey;
  const send = (token: string, query: Record<string, string>) =>
    t.post(`${URL}/endpoint/send-message`, token, undefined, query);
  const outbox = (tenantId: string) =>
    t.app.ctx.db
      .selectFrom('bladeSmsOutbox')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .orderBy('phone')
      .execute();

  it('answers the secret key masked; the mask or nothing sent back keeps it', async () => {
    const id = await create(admin);
    const res = await t.get(`${URL}/list`, admin);
    expect(res.body).not.toContain('top-secret-key');
    expect(data<Page<Sms>>(res).records[0]).toMatchObject({
      smsCode: 'ali',
      categoryName: '阿里云',
      accessKey: 'LTAI-access',
      secretKey: MASK,
      status: 1,
    });
    expect(data<Sms>(await t.get(`${URL}/detail`, admin, { id })).secretKey).toBe(MASK);
    expect(await storedSecret(id)).toBe('top-secret-key');

    for (const secretKey of [MASK, '', undefined]) {
      await submit(admin, { ...setting({ secretKey, signName: '签名' }), id });
      expect(await storedSecret(id)).toBe('top-secret-key');
    }
    await submit(admin, { ...setting({ secretKey: 'rotated-key' }), id });
    expect(await storedSecret(id)).toBe('rotated-key');

    const missing = await submit(admin, setting({ smsCode: 'tencent', secretKey: MASK }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toBe('secretKey:请输入secretKey');
  });

  it('validates the provider, code and template; a code is unique within the tenant', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [setting({ smsCode: 'x1', category: 9 }), 'category:请选择服务商'],
      [setting({ smsCode: '' }), 'smsCode:请输入资源编号'],
      [setting({ smsCode: 'a b' }), 'smsCode:资源编号只能包含字母、数字、_和-'],
      [setting({ smsCode: 'x2', templateId: ' ' }), 'templateId:请输入模板ID'],
      [setting(), 'smsCode:资源编号已存在'],
    ];
    for (const [body, msg] of cases) {
      const res = await submit(admin, body);
      // A taken unique value is a conflict (409), every other refusal a 400.
      expect(res.statusCode).toBe(msg.includes('已存在') ? 409 : 400);
      expect(res.json().msg).toBe(msg);
    }
    // The same code in another tenant is fine.
    expect((await submit(tenantAdmin, setting())).statusCode).toBe(200);
  });

  it("keeps tenants apart: another tenant's setting is 404 to read, write, enable and remove", async () => {
    const theirs = (await rows(admin))[0]!;
    const mine = await rows(tenantAdmin);
    expect(mine.map((r) => r.tenantId)).toEqual(['100001']);
    expect((await t.get(`${URL}/detail`, tenantAdmin, { id: theirs.id })).statusCode).toBe(404);
    expect(
      (await submit(tenantAdmin, { ...setting({ smsCode: 'zz' }), id: theirs.id })).statusCode,
    ).toBe(404);
    expect((await enable(tenantAdmin, theirs.id)).statusCode).toBe(404);
    expect(
      (await t.post(`${URL}/disable`, tenantAdmin, undefined, { id: theirs.id })).statusCode,
    ).toBe(404);
    expect(
      (await t.post(`${URL}/remove`, tenantAdmin, undefined, { ids: theirs.id })).statusCode,
    ).toBe(404);
    expect(await enabledCodes('000000')).toEqual([]);
  });

  it('keeps one setting enabled per tenant; disable turns it off', async () => {
    const ali = (await rows(admin, { smsCode: 'ali' }))[0]!.id;
    const tencent = await create(admin, { smsCode: 'tencent', category: 4 });
    const theirs = (await rows(tenantAdmin))[0]!.id;
    expect((await enable(tenantAdmin, theirs)).json().msg).toBe('启用成功');

    expect((await enable(admin, ali)).statusCode).toBe(200);
    expect(await enabledCodes('000000')).toEqual(['ali']);
    expect((await enable(admin, tencent)).statusCode).toBe(200);
    expect(await enabledCodes('000000')).toEqual(['tencent']);
    expect((await rows(admin, { status: '2' })).map((r) => r.smsCode)).toEqual(['tencent']);
    // Enabling in one tenant leaves the other's alone.
    expect(await enabledCodes('100001')).toEqual(['ali']);

    // Racing enables of different rows: one of them ends up the only enabled row.
    // Racing enables of different rows (straight on the pool, so the transactions overlap on
    // PostgreSQL): none fails or deadlocks, and one row ends up the only enabled one.
    const caller = { userId: '1', tenantId: '000000' } as AuthUser;
    const raced = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        enableOne(t.app.ctx.db, t.app.ctx.dialect, 'bladeSms', caller, i % 2 ? ali : tencent),
      ),
    );
    expect(raced.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(await enabledCodes('000000')).toHaveLength(1);

    expect((await t.post(`${URL}/disable`, admin, undefined, { id: tencent })).json().msg).toBe(
      '停用成功',
    );
    await t.post(`${URL}/disable`, admin, undefined, { id: ali });
    expect(await enabledCodes('000000')).toEqual([]);
  });

  it('sends through the outbox: the enabled setting, one row per phone, parameters kept', async () => {
    const none = await send(admin, { phones: '13800000001', params: '{"code":"1234"}' });
    expect(none.statusCode).toBe(400);
    expect(none.json().msg).toBe('未启用短信配置');

    const ali = (await rows(admin, { smsCode: 'ali' }))[0]!.id;
    await enable(admin, ali);
    const res = await send(admin, {
      phones: '13800000002,13800000001,13800000002',
      params: '{"code":"1234","minutes":5}',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ msg: '发送成功', data: { count: 2 } });
    const sent = await outbox('000000');
    expect(sent.map((m) => m.phone)).toEqual(['13800000001', '13800000002']);
    expect(sent[0]).toMatchObject({
      smsCode: 'ali',
      templateId: 'SMS_001',
      category: 3,
      signName: '权益平台',
      params: '{"code":"1234","minutes":"5"}',
    });
    expect(await outbox('100001')).toEqual([]);

    // `code` picks a setting of the caller's tenant by its resource code; a JSON body works too.
    const byCode = await t.post(`${URL}/endpoint/send-message`, admin, {
      code: 'tencent',
      phones: ['13900000009'],
      params: { code: '9' },
    });
    expect(byCode.statusCode).toBe(200);
    expect((await outbox('000000')).find((m) => m.phone === '13900000009')?.smsCode).toBe(
      'tencent',
    );
    const foreign = await send(tenantAdmin, { code: 'tencent', phones: '13800000001' });
    expect(foreign.json().msg).toBe('短信配置不存在');
  });

  it('refuses bad phones and parameters', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ phones: '' }, 'phones:请输入手机号'],
      [{ phones: '1380000000' }, 'phones:手机号格式不正确: 1380000000'],
      [{ phones: '23800000000' }, 'phones:手机号格式不正确: 23800000000'],
      [
        {
          phones: Array.from({ length: 101 }, (_, i) => `139${String(i).padStart(8, '0')}`).join(
            ',',
          ),
        },
        'phones:一次最多发送100个手机号',
      ],
      [
        { phones: '13800000001', params: 'code=1' },
        'params:短信参数必须是JSON对象，例如 {"code":"1234"}',
      ],
      [
        { phones: '13800000001', params: '[1]' },
        'params:短信参数必须是JSON对象，例如 {"code":"1234"}',
      ],
      [
        { phones: '13800000001', params: '{"code":{"x":1}}' },
        'params:短信参数必须是JSON对象，例如 {"code":"1234"}',
      ],
    ];
    const before = (await outbox('000000')).length;
    for (const [query, msg] of cases) {
      const res = await send(admin, query);
      // A taken unique value is a conflict (409), every other refusal a 400.
      expect(res.statusCode).toBe(msg.includes('已存在') ? 409 : 400);
      expect(res.json().msg).toBe(msg);
    }
    expect((await outbox('000000')).length).toBe(before);
  });

  it('filters by declared names only; a bad integer filter is 400', async () => {
    expect((await rows(admin, { category: '4' })).map((r) => r.smsCode)).toEqual(['tencent']);
    expect((await rows(admin, { smsCode: 'ten' })).map((r) => r.smsCode)).toEqual(['tencent']);
    expect((await rows(admin, { secretKey: 'x', accessKey: 'nothing' })).length).toBe(2);
    expect((await t.get(`${URL}/list`, admin, { status: 'on' })).statusCode).toBe(400);
  });

  it('answers 403 without the screen or its buttons', async () => {
    const staff = await t.login('sales', DEMO_PASSWORD, '100001');
    const id = (await rows(tenantAdmin))[0]!.id;
    expect((await t.get(`${URL}/list`, staff)).statusCode).toBe(403);
    expect((await t.get(`${URL}/detail`, staff, { id })).statusCode).toBe(403);
    expect((await submit(staff, setting({ smsCode: 'z' }))).statusCode).toBe(403);
    expect((await enable(staff, id)).statusCode).toBe(403);
    expect((await t.post(`${URL}/disable`, staff, undefined, { id })).statusCode).toBe(403);
    expect((await send(staff, { phones: '13800000001' })).statusCode).toBe(403);
    expect((await t.post(`${URL}/remove`, staff, undefined, { ids: id })).statusCode).toBe(403);
  });
});
