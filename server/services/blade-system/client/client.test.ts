import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, data, DEMO_PASSWORD, type TestApp } from '../../../test/support.js';

interface Client {
  id: string;
  clientId: string;
  clientSecret: string;
  scope: string;
  authorizedGrantTypes: string;
  accessTokenValidity: number;
  refreshTokenValidity: number;
  webServerRedirectUri: string;
}
interface Page<T> {
  records: T[];
  total: number;
}

const URL = '/api/blade-system/client';
const MASK = '******';

const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

describe('blade-system/client', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
  });
  afterAll(() => t.close());

  const submit = (body: Record<string, unknown>, token = admin) =>
    t.post(`${URL}/submit`, token, body);
  const clients = async (query: Record<string, string> = {}) =>
    data<Page<Client>>(await t.get(`${URL}/list`, admin, query)).records;
  /** A password login through the given client's Basic header. */
  const loginStatus = async (id: string, secret: string) =>
    (
      await t.tokenRequest('admin', 'Admin@123', '000000', {
        authorization: basic(id, secret),
      })
    ).statusCode;
  const storedSecret = async (clientId: string) =>
    (
      await t.app.ctx.db
        .selectFrom('bladeClient')
        .select('clientSecret')
        .where('clientId', '=', clientId)
        .executeTakeFirstOrThrow()
    ).clientSecret;

  const fresh = {
    clientId: 'console2',
    clientSecret: 'console2_secret',
    scope: 'all',
    authorizedGrantTypes: 'password,refresh_token',
    accessTokenValidity: 3600,
    refreshTokenValidity: 604800,
    webServerRedirectUri: 'https://fresh.example.com',
  };

  it('lists the clients with the secret masked, never in plain text or hashed', async () => {
    const [saber] = await clients();
    expect(saber).toMatchObject({ clientId: 'saber', clientSecret: MASK, scope: 'all' });
    const detail = await t.get(`${URL}/detail`, admin, { id: saber!.id });
    expect(detail.body).not.toContain('saber_secret');
    expect(detail.body).not.toContain('scrypt$');
    expect(data<Client>(detail).clientSecret).toBe(MASK);
  });

  it('stores a new secret hashed; the login accepts it and nothing else', async () => {
    const created = await submit(fresh);
    expect(created.json().msg).toBe('新增成功');
    expect(created.body).not.toContain('console2_secret');
    expect(await storedSecret('console2')).toMatch(/^scrypt\$/);
    expect(await loginStatus('console2', 'console2_secret')).toBe(200);
    expect(await loginStatus('console2', 'wrong_secret')).toBe(401);
    const row = (await clients({ clientId: 'console2' }))[0]!;
    expect(row).toMatchObject({
      clientSecret: MASK,
      authorizedGrantTypes: 'password,refresh_token',
    });
  });

  it('keeps the secret when the mask or nothing comes back; a new one replaces it at once', async () => {
    const row = (await clients({ clientId: 'console2' }))[0]!;
    const before = await storedSecret('console2');
    for (const clientSecret of [MASK, '', undefined]) {
      const res = await submit({ ...fresh, id: row.id, clientSecret, scope: 'server' });
      expect(res.statusCode).toBe(200);
      expect(await storedSecret('console2')).toBe(before);
    }
    expect(await loginStatus('console2', 'console2_secret')).toBe(200);
    expect(
      (await submit({ ...fresh, id: row.id, clientSecret: 'rotated_secret' })).statusCode,
    ).toBe(200);
    // The old secret stops working now.
    expect(await loginStatus('console2', 'console2_secret')).toBe(401);
    expect(await loginStatus('console2', 'rotated_secret')).toBe(200);
  });

  it('applies a change another process wrote at the next login here (nothing cached per process)', async () => {
    expect(await loginStatus('console2', 'rotated_secret')).toBe(200);
    // Written straight to the database, as a second server process sharing it would.
    const rows = () => t.app.ctx.db.updateTable('bladeClient').where('clientId', '=', 'console2');
    await rows().set({ status: 0 }).execute();
    expect(await loginStatus('console2', 'rotated_secret')).toBe(401);
    await rows().set({ status: 1, authorizedGrantTypes: 'refresh_token' }).execute();
    // Its grant types are the row's: the password grant is no longer one of them.
    expect(await loginStatus('console2', 'rotated_secret')).not.toBe(200);
    await rows()
      .set({
        authorizedGrantTypes: 'password,refresh_token',
        clientSecret: await storedSecret('saber'),
      })
      .execute();
    expect(await loginStatus('console2', 'rotated_secret')).toBe(401);
    expect(await loginStatus('console2', 'saber_secret')).toBe(200);
  });

  it('validates the submit with zh messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...fresh, clientId: 'c3', clientSecret: '' }, 'clientSecret:请输入客户端密钥'],
      [{ ...fresh, clientId: 'c3', clientSecret: 'short' }, 'clientSecret:客户端密钥至少8位'],
      [{ ...fresh, clientId: 'saber' }, 'clientId:客户端id已存在'],
      [{ ...fresh, clientId: 'c 3' }, 'clientId:客户端id只能包含字母、数字、_和-'],
      [
        { ...fresh, clientId: 'c3', authorizedGrantTypes: '' },
        'authorizedGrantTypes:请选择授权类型',
      ],
      [
        { ...fresh, clientId: 'c3', accessTokenValidity: 10 },
        'accessTokenValidity:令牌秒数须为60到2592000之间的整数',
      ],
      [
        { ...fresh, clientId: 'c3', refreshTokenValidity: 600 },
        'refreshTokenValidity:刷新令牌秒数不能小于令牌秒数',
      ],
      [
        { ...fresh, clientId: 'c3', webServerRedirectUri: 'javascript:alert(1)' },
        'webServerRedirectUri:回调地址须为http(s)地址',
      ],
    ];
    for (const [body, msg] of cases) {
      const res = await submit(body);
      // A taken unique value is a conflict (409), every other refusal a 400.
      expect(res.statusCode).toBe(msg.includes('已存在') ? 409 : 400);
      expect(res.json().msg).toBe(msg);
    }
    const badGrant = await submit({
      ...fresh,
      clientId: 'c3',
      authorizedGrantTypes: 'password,god',
    });
    expect(badGrant.statusCode).toBe(400);
  });

  it("protects the caller's own client; a removed client can no longer log in", async () => {
    const saber = (await clients({ clientId: 'saber' }))[0]!;
    const removeSaber = await t.post(`${URL}/remove`, admin, undefined, { ids: saber.id });
    expect(removeSaber.statusCode).toBe(400);
    expect(removeSaber.json().msg).toBe('不能删除当前登录使用的客户端');
    const narrowed = await submit({
      ...fresh,
      id: saber.id,
      clientId: 'saber',
      authorizedGrantTypes: 'password',
    });
    expect(narrowed.statusCode).toBe(400);

    const own = (await clients({ clientId: 'console2' }))[0]!;
    expect((await t.post(`${URL}/remove`, admin, undefined, { ids: own.id })).statusCode).toBe(200);
    expect(await loginStatus('console2', 'rotated_secret')).toBe(401);
    // The id stays taken by the removed row (the table's unique key): a clear 400, not a 500.
    const again = await submit(fresh);
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe('clientId:该客户端id属于已删除的客户端，请换一个');
  });

  it('is a global table: only the super administrator writes; reads need the menu (403)', async () => {
    const tenantAdmin = await t.tenantAdminToken();
    const listed = data<Page<Client>>(await t.get(`${URL}/list`, tenantAdmin));
    expect(listed.records.map((c) => c.clientId)).toContain('saber');
    expect(listed.records.every((c) => c.clientSecret === MASK)).toBe(true);
    expect((await submit({ ...fresh, clientId: 'c4' }, tenantAdmin)).statusCode).toBe(403);
    const saber = listed.records.find((c) => c.clientId === 'saber')!;
    expect(
      (await t.post(`${URL}/remove`, tenantAdmin, undefined, { ids: saber.id })).statusCode,
    ).toBe(403);
    const staff = await t.login('sales', DEMO_PASSWORD, '100001');
    expect((await t.get(`${URL}/list`, staff)).statusCode).toBe(403);
  });

  it('filters by clientId only among declared names', async () => {
    expect((await clients({ clientId: 'sab' })).map((c) => c.clientId)).toEqual(['saber']);
    expect((await clients({ clientSecret: 'x', client_secret_like: 'x' })).length).toBeGreaterThan(
      0,
    );
  });
});
