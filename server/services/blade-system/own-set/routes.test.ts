import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  data,
  DEMO_PASSWORD,
  DEMO_TENANT,
  type TestApp,
} from '../../../test/support.js';
import type { ApiDocument } from '../../../lib/api-doc/index.js';

interface OwnSet {
  tenantId: string;
  systemColor: string;
  sideName: string;
  smallWindowLogoUrl: string;
  navigationBarLogoUrl: string;
  version: number;
}

/** The console's name ({org} = quanyi, src/contracts/business-services.ts). */
const URL = '/api/quanyi-dbo-system/tenant/own-set';
const PERSONALISE = '/api/blade-system/personalise';
const DEFAULTS = {
  systemColor: '#12a182',
  sideName: '',
  smallWindowLogoUrl: '',
  navigationBarLogoUrl: '',
};
const body = (res: LightMyRequestResponse) =>
  res.json() as { code: number; success: boolean; data: unknown; msg: string };

describe('{org}-dbo-system/tenant/own-set', () => {
  let t: TestApp;
  let admin: string;
  let tenantAdmin: string;
  let staff: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
    tenantAdmin = await t.tenantAdminToken();
    staff = await t.login('sales', DEMO_PASSWORD, DEMO_TENANT);
  });
  afterAll(() => t.close());

  const findOne = async (token: string, query?: Record<string, string>) =>
    data<OwnSet>(await t.get(`${URL}/find-one`, token, query));
  const get = async (token: string) => data<OwnSet>(await t.get(`${URL}/get`, token));
  const submit = (token: string, payload: unknown) => t.post(`${URL}/submit`, token, payload);

  it('answers the envelope with the blanks and version 0 while the tenant saved nothing', async () => {
    const res = await t.get(`${URL}/find-one`, staff);
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({
      code: 200,
      success: true,
      msg: '操作成功',
      data: {
        tenantId: DEMO_TENANT,
        systemColor: '',
        sideName: '',
        smallWindowLogoUrl: '',
        navigationBarLogoUrl: '',
        version: 0,
      },
    });
    expect(await get(staff)).toEqual(await findOne(staff));
  });

  it("saves the caller's tenant's settings, read back by own-set and personalise, never by another tenant", async () => {
    const res = await submit(tenantAdmin, {
      systemColor: '#1677FF',
      sideName: '  演示权益平台 ',
      smallWindowLogoUrl: '',
      navigationBarLogoUrl: 'https://cdn.example.com/brand/logo.png',
      tenantId: '000000', // ignored: the tenant comes from the token
      version: 0,
    });
    expect(res.statusCode).toBe(200);
    expect(body(res).msg).toBe('修改成功');
    const saved: OwnSet = {
      tenantId: DEMO_TENANT,
      systemColor: '#1677ff',
      sideName: '演示权益平台',
      smallWindowLogoUrl: '',
      navigationBarLogoUrl: 'https://cdn.example.com/brand/logo.png',
      version: 1,
    };
    expect(data<OwnSet>(res)).toEqual(saved);
    expect(await findOne(staff)).toEqual(saved);
    expect(await get(tenantAdmin)).toEqual(saved);
    // The same row as blade-system/personalise: a console on either path agrees.
    const { tenantId: _tenant, ...settings } = saved;
    expect(data(await t.get(`${PERSONALISE}/detail`, staff))).toEqual(settings);

    // Tenant 000000 sees its own (nothing stored), whatever tenantId it asks for.
    const other = await findOne(admin, { tenantId: DEMO_TENANT });
    expect(other).toMatchObject({ tenantId: '000000', sideName: '', version: 0 });
    expect((await get(admin)).sideName).toBe('');
  });

  it('saves what personalise saved with its version, and the other way round', async () => {
    const current = await findOne(tenantAdmin);
    const viaPersonalise = await t.post(`${PERSONALISE}/submit`, tenantAdmin, {
      ...DEFAULTS,
      sideName: '个性化',
      version: current.version,
    });
    expect(viaPersonalise.statusCode).toBe(200);
    expect(await findOne(staff)).toMatchObject({
      sideName: '个性化',
      version: current.version + 1,
    });
    const res = await submit(tenantAdmin, {
      ...DEFAULTS,
      sideName: '自有设置',
      version: current.version + 1,
    });
    expect(data<OwnSet>(res)).toMatchObject({ sideName: '自有设置', version: current.version + 2 });
  });

  it('answers 409 to a stale version and keeps the first save', async () => {
    const { version } = await findOne(tenantAdmin);
    const first = await submit(tenantAdmin, { ...DEFAULTS, sideName: '第一次', version });
    expect(first.statusCode).toBe(200);
    const stale = await submit(tenantAdmin, { ...DEFAULTS, sideName: '第二次', version });
    expect(stale.statusCode).toBe(409);
    expect(body(stale)).toMatchObject({
      code: 409,
      success: false,
      msg: '数据已被其他用户修改，请刷新后重试',
    });
    expect(await get(staff)).toMatchObject({ sideName: '第一次', version: version + 1 });
  });

  it("refuses personalise's bad fields with 400 <field>:<message>", async () => {
    const bad = await submit(tenantAdmin, { ...DEFAULTS, systemColor: 'red' });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).msg).toBe('systemColor:主题色格式不正确，例如 #12a182');
    const logo = await submit(tenantAdmin, {
      ...DEFAULTS,
      smallWindowLogoUrl: 'javascript:alert(1)',
    });
    expect(logo.statusCode).toBe(400);
    expect(body(logo).msg).toBe('smallWindowLogoUrl:小窗口图标必须是上传的图片或 http(s) 地址');
  });

  it('needs personalise_edit to submit (403) and a session for every call (401)', async () => {
    const before = await findOne(staff);
    const refused = await submit(staff, { ...DEFAULTS, sideName: '无权限' });
    expect(refused.statusCode).toBe(403);
    expect(await findOne(staff)).toEqual(before);
    for (const path of ['find-one', 'get', 'get-default-set'])
      expect((await t.get(`${URL}/${path}`)).statusCode, path).toBe(401);
    expect((await submit('', DEFAULTS)).statusCode).toBe(401);
  });

  it('answers the platform defaults from get-default-set, with no tenant data', async () => {
    const res = await t.get(`${URL}/get-default-set`, tenantAdmin);
    expect(body(res)).toEqual({ code: 200, success: true, msg: '操作成功', data: DEFAULTS });
    // Submitting them as they are restores the defaults.
    const restored = await submit(tenantAdmin, data(res));
    expect(data<OwnSet>(restored)).toMatchObject({ ...DEFAULTS, tenantId: DEMO_TENANT });
  });

  it('lists the calls in the API reference with their access', async () => {
    const doc = data<ApiDocument>(await t.get('/api/blade-system/api-document', admin));
    const service = doc.services.find((s) => s.name === 'quanyi-dbo-system');
    const routes = Object.fromEntries(
      (service?.routes ?? []).map((r) => [`${r.method} ${r.path}`, r]),
    );
    for (const path of ['find-one', 'get', 'get-default-set'])
      expect(routes[`GET ${URL}/${path}`]?.access, path).toEqual({ kind: 'user' });
    expect(routes[`POST ${URL}/submit`]?.access).toEqual({
      kind: 'perm',
      codes: ['personalise_edit'],
    });
    expect(routes[`POST ${URL}/submit`]?.summary?.zh).toMatch(/个性化/);
  });
});

describe('own-set under another BLADE_ORG', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { org: 'acme' } });
  });
  afterAll(() => t.close());

  it('answers under the configured name and the console’s', async () => {
    const tenantAdmin = await t.tenantAdminToken();
    const saved = await t.post('/api/acme-dbo-system/tenant/own-set/submit', tenantAdmin, {
      ...DEFAULTS,
      sideName: 'ACME',
    });
    expect(data<OwnSet>(saved)).toMatchObject({ tenantId: DEMO_TENANT, sideName: 'ACME' });
    for (const base of ['/api/acme-dbo-system', '/api/quanyi-dbo-system']) {
      const found = data<OwnSet>(await t.get(`${base}/tenant/own-set/find-one`, tenantAdmin));
      expect(found, base).toMatchObject({ tenantId: DEMO_TENANT, sideName: 'ACME' });
      expect(
        data(await t.get(`${base}/tenant/own-set/get-default-set`, tenantAdmin)),
        base,
      ).toEqual(DEFAULTS);
    }
  });
});
