import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DINGXIN_SETTING,
  PAY_CONFIG_LIST,
  SETTING_REFUSALS,
  WECHAT_PAY_SETTING,
  type ConnectionTest,
  type PayChannelConfig,
  type WechatPaySetting,
} from '../../../src/contracts/service-settings/settings.js';
import { SECRET_MASK } from '../../../src/contracts/secret-mask.js';
import {
  createTestApp,
  data,
  DEMO_PASSWORD,
  DEMO_TENANT,
  type TestApp,
} from '../../test/support.js';

/**
 * Service settings (issue 28 item 5): secrets sealed, never answered (the body never holds them),
 * kept when the mask comes back; one enabled at a time; test connection through the driver;
 * pay/config/list; refusals (other tenant 404, missing button 403, the finance role's 403).
 */
const WX = `/api/${WECHAT_PAY_SETTING}`;
const DX = `/api/${DINGXIN_SETTING}`;
const KEY = 'TopSecretApiV3Key-0123456789abcdef';
const PRIVATE = '-----BEGIN PRIVATE KEY-----\nTopSecretPrivateKeyBody\n-----END PRIVATE KEY-----';
const msg = (res: LightMyRequestResponse) => (res.json() as { msg: string }).msg;

describe('service settings', () => {
  let t: TestApp;
  let admin: string;
  let tenantAdmin: string;
  const list = async (token: string, base = WX) =>
    data<{ records: WechatPaySetting[]; total: number }>(
      await t.get(`${base}/list`, token, { size: '100' }),
    );
  const wechat = (over: Record<string, unknown> = {}) => ({
    settingName: '测试商户',
    driver: 'sandbox',
    mchId: '1900001234',
    appId: 'wx0123456789',
    apiV3Key: KEY,
    serialNo: 'ABCDEF',
    privateKey: PRIVATE,
    ...over,
  });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
    tenantAdmin = await t.tenantAdminToken();
  }, 60_000);
  afterAll(() => t.close());

  it('seals the secrets and never answers them, keeping them when the mask comes back', async () => {
    const res = await t.post(`${WX}/submit`, admin, wechat());
    expect(res.statusCode).toBe(200);
    const { id } = data<{ id: string }>(res);
    const stored = await t.database.db
      .selectFrom('bladeWechatPaySetting')
      .select(['apiV3Key', 'privateKey', 'enabled'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.apiV3Key).not.toContain(KEY);
    expect(stored.privateKey).not.toContain('TopSecret');
    expect(stored.enabled).toBe(0);
    for (const answer of [
      await t.get(`${WX}/list`, admin, { size: '100' }),
      await t.get(`${WX}/detail`, admin, { id }),
      await t.get(`/api/${PAY_CONFIG_LIST}`, admin),
    ]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).not.toContain('TopSecret');
    }
    const shown = data<WechatPaySetting>(await t.get(`${WX}/detail`, admin, { id }));
    expect([shown.apiV3Key, shown.privateKey]).toEqual([SECRET_MASK, SECRET_MASK]);
    // The mask sent back keeps the stored secrets.
    const edit = await t.post(`${WX}/submit`, admin, {
      ...wechat({ apiV3Key: SECRET_MASK, privateKey: '' }),
      id,
      version: shown.version,
      settingName: '改名',
    });
    expect(edit.statusCode).toBe(200);
    const kept = await t.database.db
      .selectFrom('bladeWechatPaySetting')
      .select(['apiV3Key', 'privateKey'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ apiV3Key: stored.apiV3Key, privateKey: stored.privateKey });
    const tested = data<ConnectionTest>(
      await t.post(`${WX}/test-connection`, admin, undefined, { id }),
    );
    expect(tested.ok).toBe(true);
  });

  it('refuses a new setting without its secrets and a bad choice', async () => {
    const none = await t.post(`${WX}/submit`, admin, wechat({ apiV3Key: '' }));
    expect([none.statusCode, msg(none)]).toEqual([400, SETTING_REFUSALS.secretRequired.zh]);
    const driver = await t.post(`${WX}/submit`, admin, wechat({ driver: 'ftp' }));
    expect(driver.statusCode).toBe(400);
    expect(msg(driver)).toMatch(/^driver:/);
    const inner = await t.post(`${DX}/submit`, admin, {
      settingName: '内网',
      driver: 'http',
      endpoint: 'http://10.0.0.8/api',
      appKey: 'k',
      appSecret: 's',
    });
    expect(inner.statusCode).toBe(400);
    expect(msg(inner)).toMatch(/^endpoint:/);
  });

  it('keeps one setting enabled at a time per tenant', async () => {
    const before = (await list(admin)).records;
    const on = before.filter((r) => r.enabled === 1);
    expect(on).toHaveLength(1);
    const other = before.find((r) => r.enabled === 0)!;
    const two = await t.post(`${WX}/enable`, admin, undefined, {
      ids: before.map((r) => r.id).join(','),
      enabled: '1',
    });
    expect([two.statusCode, msg(two)]).toEqual([400, SETTING_REFUSALS.oneAtATime.zh]);
    expect(
      (await t.post(`${WX}/enable`, admin, undefined, { ids: other.id, enabled: '1' })).statusCode,
    ).toBe(200);
    const after = (await list(admin)).records.filter((r) => r.enabled === 1);
    expect(after.map((r) => r.id)).toEqual([other.id]);
    // The demo tenant's enabled one is untouched.
    expect((await list(tenantAdmin)).records.filter((r) => r.enabled === 1)).toHaveLength(1);
    // Racing enables: one enabled in the end.
    const ids = (await list(admin)).records.map((r) => r.id);
    await Promise.all(
      ids.map((id) => t.post(`${WX}/enable`, admin, undefined, { ids: id, enabled: '1' })),
    );
    expect((await list(admin)).records.filter((r) => r.enabled === 1)).toHaveLength(1);
    // An enabled setting is not removed.
    const enabled = (await list(admin)).records.find((r) => r.enabled === 1)!;
    const removal = await t.post(`${WX}/remove`, admin, undefined, { ids: enabled.id });
    expect([removal.statusCode, msg(removal)]).toEqual([409, SETTING_REFUSALS.enabledRemove.zh]);
    // pay/config/list: the enabled channel.
    const channels = data<PayChannelConfig[]>(await t.get(`/api/${PAY_CONFIG_LIST}`, admin));
    expect(channels.map((c) => c.id)).toEqual([enabled.id]);
    expect(Object.keys(channels[0]!).sort()).toEqual(
      ['appId', 'channel', 'driver', 'id', 'mchId', 'settingName'].sort(),
    );
  });

  it('tests the connection with the driver: the sandbox fails on request', async () => {
    const { id } = data<{ id: string }>(
      await t.post(`${WX}/submit`, admin, wechat({ settingName: '失败', mchId: 'FAIL01' })),
    );
    const failed = data<ConnectionTest>(
      await t.post(`${WX}/test-connection`, admin, undefined, { id }),
    );
    expect(failed).toEqual({ ok: false, message: '微信支付接口暂不可用，请稍后重试' });
    const dx = (await list(admin, DX)).records[0]!;
    const dxTest = await t.post(`${DX}/test-connection`, admin, undefined, { id: dx.id });
    expect(data<ConnectionTest>(dxTest).ok).toBe(true);
    expect(dxTest.body).not.toContain('demo-app-secret');
    expect((await t.get(`${DX}/list`, admin)).body).not.toContain('demo-app-secret');
  });

  it('binds the settings to the tenant and their buttons; the finance role has none', async () => {
    const theirs = (await list(tenantAdmin)).records[0]!;
    expect((await t.get(`${WX}/detail`, admin, { id: theirs.id })).statusCode).toBe(404);
    expect(
      (await t.post(`${WX}/enable`, admin, undefined, { ids: theirs.id, enabled: '1' })).statusCode,
    ).toBe(404);
    expect(
      (await t.post(`${WX}/test-connection`, admin, undefined, { id: theirs.id })).statusCode,
    ).toBe(404);
    const finance = await t.login('finance', DEMO_PASSWORD);
    expect((await t.get(`${WX}/list`, finance)).statusCode).toBe(403);
    expect((await t.get(`${DX}/list`, finance)).statusCode).toBe(403);
    expect((await t.post(`${WX}/submit`, finance, wechat())).statusCode).toBe(403);
    const staff = await t.login('sales', DEMO_PASSWORD, DEMO_TENANT);
    expect((await t.get(`/api/${PAY_CONFIG_LIST}`, staff)).statusCode).toBe(403);
    expect(
      (await t.post(`${WX}/test-connection`, staff, undefined, { id: theirs.id })).statusCode,
    ).toBe(403);
  });
});
