import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, data, DEMO_PASSWORD, type TestApp } from '../../../test/support.js';
import { parseOutboundAllowlist } from '../../../lib/outbound.js';
import { enabledSetting } from '../settings.js';

interface Oss {
  id: string;
  tenantId: string;
  category: number;
  categoryName: string;
  ossCode: string;
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucketName: string;
  status: number;
}
interface Page<T> {
  records: T[];
  total: number;
}

const URL = '/api/blade-resource/oss';
const MASK = '******';

describe('blade-resource/oss', () => {
  let t: TestApp;
  let admin: string;
  let tenantAdmin: string;
  beforeAll(async () => {
    // The MinIO of these tests listens on this machine: the allowlist names it.
    t = await createTestApp({
      config: { outboundAllowlist: parseOutboundAllowlist('127.0.0.1,10.9.0.0/16,minio.local') },
    });
    admin = await t.adminToken();
    tenantAdmin = await t.tenantAdminToken();
  });
  afterAll(() => t.close());

  const setting = (over: Record<string, unknown> = {}) => ({
    category: 1,
    ossCode: 'minio',
    endpoint: 'http://127.0.0.1:9000',
    accessKey: 'minio-access',
    secretKey: 'minio-secret',
    bucketName: 'quanyi',
    ...over,
  });
  const submit = (token: string, body: Record<string, unknown>) =>
    t.post(`${URL}/submit`, token, body);
  const create = async (token: string, over: Record<string, unknown> = {}) =>
    data<{ id: string }>(await submit(token, setting(over))).id;
  const rows = async (token: string, query: Record<string, string> = {}) =>
    data<Page<Oss>>(await t.get(`${URL}/list`, token, query)).records;
  const enable = (token: string, id: string) => t.post(`${URL}/enable`, token, undefined, { id });
  const enabledCode = async (tenantId: string) =>
    (await enabledSetting(t.app.ctx.db, 'bladeOss', tenantId))?.ossCode;

  it('masks the secret key and keeps it when the mask comes back', async () => {
    const id = await create(admin);
    const res = await t.get(`${URL}/detail`, admin, { id });
    expect(res.body).not.toContain('minio-secret');
    expect(data<Oss>(res)).toMatchObject({
      ossCode: 'minio',
      categoryName: 'MinIO',
      secretKey: MASK,
      status: 1,
    });
    await submit(admin, { ...setting({ secretKey: MASK, bucketName: 'assets' }), id });
    const stored = await t.app.ctx.db
      .selectFrom('bladeOss')
      .select(['secretKey', 'bucketName'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ secretKey: 'minio-secret', bucketName: 'assets' });
    expect((await rows(admin)).every((r) => r.secretKey === MASK)).toBe(true);
  });

  it('validates the setting with zh messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [setting({ ossCode: 'a1', category: 0 }), 'category:请选择分类'],
      [setting({ ossCode: 'a1', endpoint: '' }), 'endpoint:请输入资源地址'],
      [setting({ ossCode: 'a1', endpoint: 'javascript:alert(1)' }), 'endpoint:资源地址格式不正确'],
      [setting({ ossCode: 'a1', bucketName: '' }), 'bucketName:请输入空间名'],
      [setting({ ossCode: 'a1', secretKey: '' }), 'secretKey:请输入secretKey'],
      [setting(), 'ossCode:资源编号已存在'],
    ];
    for (const [body, msg] of cases) {
      const res = await submit(admin, body);
      // A taken unique value is a conflict (409), every other refusal a 400.
      expect(res.statusCode).toBe(msg.includes('已存在') ? 409 : 400);
      expect(res.json().msg).toBe(msg);
    }
    expect(
      (
        await submit(
          admin,
          setting({ ossCode: 'ali', category: 3, endpoint: 'oss-cn-hangzhou.aliyuncs.com' }),
        )
      ).statusCode,
    ).toBe(200);
  });

  it('refuses endpoints on this machine, private networks and metadata services (issue 15 item 14)', async () => {
    // (IPv6 literals are refused by the endpoint's format already; lib/outbound.test.ts.)
    const refused = [
      'http://169.254.169.254/latest/meta-data',
      '169.254.169.254',
      'http://0x7f000002:9000',
      'http://2130706434',
      'http://0177.0.0.2',
      'http://127.2',
      'localhost:9000',
      'http://LOCALHOST/x',
      'metadata.google.internal',
      'http://metadata',
      'http://100.100.100.200',
      'http://0.0.0.0:9000',
      '10.0.0.1',
      'http://172.16.5.4',
      'http://192.168.1.10:9000',
    ];
    for (const endpoint of refused) {
      const res = await submit(admin, setting({ ossCode: 'ssrf', endpoint }));
      expect([endpoint, res.statusCode, res.json().msg]).toEqual([
        endpoint,
        400,
        'endpoint:资源地址不能指向本机、内网或云元数据地址（可由管理员加入 OUTBOUND_ALLOWLIST）',
      ]);
    }
    expect(await rows(admin, { ossCode: 'ssrf' })).toEqual([]);
    // The allowlist names an address (in any of its forms), a range and a host name.
    for (const [code, endpoint] of [
      ['ssrf1', 'http://0x7f000001:9000'],
      ['ssrf2', 'http://10.9.8.7:9000'],
      ['ssrf3', 'http://minio.local:9000'],
      ['ssrf4', 'https://s3.example.com'],
    ] as const)
      expect((await submit(admin, setting({ ossCode: code, endpoint }))).statusCode).toBe(200);
    // An update is checked too.
    const id = (await rows(admin, { ossCode: 'ssrf4' }))[0]!.id;
    const res = await submit(admin, {
      ...setting({ ossCode: 'ssrf4' }),
      id,
      endpoint: '169.254.169.254',
    });
    expect(res.statusCode).toBe(400);
    const ids = (await rows(admin, { ossCode: 'ssrf' })).map((r) => r.id).join(',');
    expect((await t.post(`${URL}/remove`, admin, undefined, { ids })).statusCode).toBe(200);
  });

  it('enables one setting per tenant; other tenants are untouched and cannot reach it', async () => {
    const minio = (await rows(admin, { ossCode: 'minio' }))[0]!.id;
    const ali = (await rows(admin, { ossCode: 'ali' }))[0]!.id;
    const theirs = await create(tenantAdmin);
    await enable(tenantAdmin, theirs);

    expect((await enable(admin, minio)).json().msg).toBe('启用成功');
    expect(await enabledCode('000000')).toBe('minio');
    await enable(admin, ali);
    expect(await enabledCode('000000')).toBe('ali');
    expect((await rows(admin, { status: '2' })).map((r) => r.ossCode)).toEqual(['ali']);
    expect(await enabledCode('100001')).toBe('minio');

    expect((await enable(tenantAdmin, ali)).statusCode).toBe(404);
    expect((await t.get(`${URL}/detail`, tenantAdmin, { id: ali })).statusCode).toBe(404);
    expect((await t.post(`${URL}/remove`, tenantAdmin, undefined, { ids: ali })).statusCode).toBe(
      404,
    );
    expect((await rows(tenantAdmin)).map((r) => r.tenantId)).toEqual(['100001']);

    await t.post(`${URL}/disable`, admin, undefined, { id: ali });
    expect(await enabledCode('000000')).toBeUndefined();
  });

  it('filters by declared names only', async () => {
    expect((await rows(admin, { category: '1' })).map((r) => r.ossCode)).toEqual(['minio']);
    expect((await rows(admin, { endpoint: 'aliyuncs' })).map((r) => r.ossCode)).toEqual(['ali']);
    expect((await rows(admin, { secretKey: 'minio-secret' })).length).toBe(2);
    expect((await t.get(`${URL}/list`, admin, { category_like: '1' })).statusCode).toBe(400);
  });

  it('answers 403 without the screen or its buttons', async () => {
    const staff = await t.login('sales', DEMO_PASSWORD, '100001');
    const id = (await rows(tenantAdmin))[0]!.id;
    expect((await t.get(`${URL}/list`, staff)).statusCode).toBe(403);
    expect((await submit(staff, setting({ ossCode: 'z' }))).statusCode).toBe(403);
    expect((await enable(staff, id)).statusCode).toBe(403);
    expect((await t.post(`${URL}/remove`, staff, undefined, { ids: id })).statusCode).toBe(403);
  });
});
