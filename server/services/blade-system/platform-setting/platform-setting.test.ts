import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, data, DEMO_PASSWORD, type TestApp } from '../../../test/support.js';
import { createRole, DEMO, grant, menuId, setRoles } from '../data-scope/scope-test-support.js';

interface Detail {
  platform: string;
  config: Record<string, string | boolean>;
  version: number;
  updateUser: string;
  updateUserName: string;
  updateTime: string;
}

const URL = '/api/blade-system/platform-setting';
const MASK = '******';
const msg = (res: LightMyRequestResponse) => (res.json() as { msg: string }).msg;

const WECHAT = {
  enabled: true,
  appId: 'wx1234567890abcdef',
  appSecret: 'plain-app-secret-1',
  mchId: '1900000109',
  mchApiKey: 'merchant-key-plain',
  v3ApiKey: '',
  certSerialNo: '5157F09EFDC096DE15EBE81A47057A72',
  notifyUrl: 'https://pay.example.com/notify',
};

describe('blade-system/platform-setting', () => {
  let t: TestApp;
  let admin: string;
  let tenantAdmin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
    tenantAdmin = await t.tenantAdminToken();
  });
  afterAll(() => t.close());

  const detail = (token: string, platform: string) => t.get(`${URL}/detail`, token, { platform });
  const submit = (token: string, body: Record<string, unknown>) =>
    t.post(`${URL}/submit`, token, body);
  const stored = async (tenantId: string, platform: string) => {
    const row = await t.app.ctx.db
      .selectFrom('bladePlatformSetting')
      .select(['config', 'version'])
      .where('tenantId', '=', tenantId)
      .where('platform', '=', platform)
      .executeTakeFirstOrThrow();
    return { config: JSON.parse(row.config) as Record<string, unknown>, version: row.version };
  };

  it('answers every declared field blank at version 0 until something is saved', async () => {
    const blank = data<Detail>(await detail(tenantAdmin, 'message-platform'));
    expect(blank).toEqual({
      platform: 'message-platform',
      config: {
        enabled: false,
        provider: '',
        accessKey: '',
        secretKey: '',
        signName: '',
        templateCode: '',
      },
      version: 0,
      updateUser: '',
      updateUserName: '',
      updateTime: '',
    });
  });

  it('masks secrets in every answer; the mask or a blank sent back keeps them', async () => {
    const saved = await submit(tenantAdmin, {
      platform: 'wechat-tencent',
      config: WECHAT,
      version: 0,
    });
    expect(msg(saved)).toBe('修改成功');
    expect(saved.body).not.toContain('plain-app-secret-1');
    expect(saved.body).not.toContain('merchant-key-plain');
    const first = data<Detail>(saved);
    expect(first.config).toEqual({
      ...WECHAT,
      appSecret: MASK,
      mchApiKey: MASK,
      v3ApiKey: '',
    });
    expect(first.version).toBe(1);
    expect(first.updateUserName).toBe('陈管理');
    expect(first.updateTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const res = await detail(tenantAdmin, 'wechat-tencent');
    expect(res.body).not.toContain('plain-app-secret-1');
    expect(data<Detail>(res)).toEqual(first);

    // Sent back as answered (masked), then blank: both keep the stored secrets.
    const again = data<Detail>(
      await submit(tenantAdmin, {
        platform: 'wechat-tencent',
        config: { ...first.config, certSerialNo: 'ABCDEF' },
        version: 1,
      }),
    );
    expect(again.version).toBe(2);
    const blanks = data<Detail>(
      await submit(tenantAdmin, {
        platform: 'wechat-tencent',
        config: { ...first.config, appSecret: '', mchApiKey: '  ' },
        version: 2,
      }),
    );
    expect(blanks.config.appSecret).toBe(MASK);
    expect((await stored(DEMO, 'wechat-tencent')).config).toMatchObject({
      appSecret: 'plain-app-secret-1',
      mchApiKey: 'merchant-key-plain',
      certSerialNo: '5157F09EFDC096DE15EBE81A47057A72',
    });

    // A new value replaces it.
    data(
      await submit(tenantAdmin, {
        platform: 'wechat-tencent',
        config: { ...first.config, appSecret: 'rotated-secret' },
        version: 3,
      }),
    );
    expect((await stored(DEMO, 'wechat-tencent')).config).toMatchObject({
      appSecret: 'rotated-secret',
      mchApiKey: 'merchant-key-plain',
    });

    // The API log keeps the call, never the secret.
    const logs = await t.app.ctx.db.selectFrom('bladeLogApi').select('params').execute();
    const text = logs.map((l) => l.params ?? '').join('\n');
    expect(text).toContain('wechat-tencent');
    expect(text).not.toContain('rotated-secret');
    expect(text).not.toContain('merchant-key-plain');
  });

  it('validates each platform by its declaration and refuses unknown fields', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['wechat-tencent', { ...WECHAT, foo: 'x' }, 'foo:不支持的配置项'],
      ['wechat-tencent', { ...WECHAT, appId: '' }, 'appId:请输入AppID'],
      ['wechat-tencent', { ...WECHAT, appId: 'wx 1' }, 'appId:AppID只能包含字母、数字、_、-和.'],
      ['wechat-tencent', { ...WECHAT, mchId: '19x' }, 'mchId:商户号只能是数字'],
      [
        'wechat-tencent',
        { ...WECHAT, notifyUrl: 'http://pay.example.com/notify' },
        'notifyUrl:支付回调地址必须是 https 地址',
      ],
      [
        'wechat-tencent',
        { ...WECHAT, notifyUrl: 'javascript:alert(1)' },
        'notifyUrl:支付回调地址必须是 https 地址',
      ],
      ['wechat-tencent', { ...WECHAT, enabled: 'yes' }, 'enabled:启用必须是布尔值'],
      [
        'wechat-tencent',
        { ...WECHAT, appSecret: 'x'.repeat(129) },
        'appSecret:AppSecret长度不能超过128个字符',
      ],
      ['message-platform', { enabled: true, provider: 'qiniu' }, 'provider:请选择服务商'],
      [
        'message-platform',
        { enabled: true, provider: 'aliyun', accessKey: 'LTAI5t' },
        'secretKey:请输入SecretKey',
      ],
      [
        'point-platform',
        {
          enabled: true,
          baseUrl: 'https://points.example.com',
          appKey: 'k',
          appSecret: 's',
          pointsRate: '0',
        },
        'pointsRate:积分比例必须是大于0的数字，最多4位小数',
      ],
      [
        'point-platform',
        { enabled: false, pointsRate: '1.23456' },
        'pointsRate:积分比例必须是大于0的数字，最多4位小数',
      ],
      [
        'phone-platform',
        {
          enabled: true,
          baseUrl: 'https://topup.example.com',
          merchantId: 'M1',
          apiKey: 'k',
          callbackUrl: 'ftp://x',
        },
        'callbackUrl:充值回调地址必须是 https 地址',
      ],
      ['nope', {}, 'platform:不支持的平台'],
    ];
    for (const [platform, config, expected] of cases) {
      const res = await submit(admin, { platform, config, version: 0 });
      expect(res.statusCode, expected).toBe(400);
      expect(msg(res)).toBe(expected);
    }
    const noVersion = await submit(admin, { platform: 'point-platform', config: {} });
    expect(msg(noVersion)).toBe('version:缺少版本号，请刷新后重试');
    const notObject = await submit(admin, { platform: 'point-platform', config: [1], version: 0 });
    expect(msg(notObject)).toBe('config:配置必须是JSON对象');
    expect(msg(await detail(admin, 'nope'))).toBe('platform:不支持的平台');

    // A disabled platform may be a draft: required fields may wait; numbers are kept as text.
    const draft = data<Detail>(
      await submit(admin, {
        platform: 'point-platform',
        config: { enabled: false, pointsRate: 0.5 },
        version: 0,
      }),
    );
    expect(draft.config).toEqual({
      enabled: false,
      baseUrl: '',
      appKey: '',
      appSecret: '',
      pointsRate: '0.5',
    });
    // A JSON text config is read too; enabling needs the required fields, a stored secret counts.
    data(
      await submit(admin, {
        platform: 'phone-platform',
        config: JSON.stringify({
          enabled: true,
          baseUrl: 'https://topup.example.com/api',
          merchantId: 'M-001',
          apiKey: 'phone-key',
        }),
        version: 0,
      }),
    );
    const enabled = data<Detail>(
      await submit(admin, {
        platform: 'phone-platform',
        config: {
          enabled: true,
          baseUrl: 'https://topup.example.com/api',
          merchantId: 'M-001',
          apiKey: MASK,
          callbackUrl: 'https://console.example.com/topup/callback',
        },
        version: 1,
      }),
    );
    expect(enabled.config.apiKey).toBe(MASK);
    expect(enabled.config.callbackUrl).toBe('https://console.example.com/topup/callback');
  });

  it('answers 409 for a stale version and never overwrites the newer save', async () => {
    const body = (version: number, signName: string) => ({
      platform: 'message-platform',
      config: { enabled: false, provider: 'tencent', signName },
      version,
    });
    data(await submit(tenantAdmin, body(0, '第一版')));
    // Two editors loaded version 1; the first save wins, the second is stale.
    data(await submit(tenantAdmin, body(1, '甲')));
    const stale = await submit(tenantAdmin, body(1, '乙'));
    expect(stale.statusCode).toBe(409);
    expect(msg(stale)).toBe('数据已被其他用户修改，请刷新后重试');
    // Creating again over an existing row is stale too.
    expect((await submit(tenantAdmin, body(0, '丙'))).statusCode).toBe(409);
    expect(await stored(DEMO, 'message-platform')).toMatchObject({
      config: { signName: '甲' },
      version: 2,
    });
  });

  it('keeps each tenant to its own configuration', async () => {
    data(
      await submit(admin, {
        platform: 'wechat-tencent',
        config: { ...WECHAT, appId: 'wxplatformowner000' },
        version: 0,
      }),
    );
    const own = data<Detail>(await detail(admin, 'wechat-tencent'));
    expect(own.config.appId).toBe('wxplatformowner000');
    const other = data<Detail>(await detail(tenantAdmin, 'wechat-tencent'));
    expect(other.config.appId).toBe('wx1234567890abcdef');
    expect(other.version).toBeGreaterThan(1);
    expect((await stored('000000', 'wechat-tencent')).version).toBe(1);
  });

  it("needs the platform's own codes: menu or _view to read, _edit to save", async () => {
    const sales = await t.login('sales', DEMO_PASSWORD, DEMO);
    expect((await detail(sales, 'wechat-tencent')).statusCode).toBe(403);
    expect(
      (await t.get(`${URL}/detail`, undefined, { platform: 'wechat-tencent' })).statusCode,
    ).toBe(401);

    const viewer = await createRole(t, DEMO, 'wechat_viewer');
    await grant(t, tenantAdmin, viewer, {
      menuIds: [await menuId(t, 'wechat_platform'), await menuId(t, 'wechat_platform_view')],
    });
    await setRoles(t, DEMO, 'sales', [viewer]);
    const reader = await t.login('sales', DEMO_PASSWORD, DEMO);
    expect(data<Detail>(await detail(reader, 'wechat-tencent')).config.appSecret).toBe(MASK);
    expect((await detail(reader, 'message-platform')).statusCode).toBe(403);
    const refused = await submit(reader, {
      platform: 'wechat-tencent',
      config: WECHAT,
      version: 99,
    });
    expect(refused.statusCode).toBe(403);

    const editor = await createRole(t, DEMO, 'message_editor');
    await grant(t, tenantAdmin, editor, {
      menuIds: [await menuId(t, 'message_platform_edit')],
    });
    await setRoles(t, DEMO, 'service', [editor]);
    const service = await t.login('service', DEMO_PASSWORD, DEMO);
    // Holding message_platform_edit does not open another platform.
    expect(
      (await submit(service, { platform: 'wechat-tencent', config: WECHAT, version: 99 }))
        .statusCode,
    ).toBe(403);
    const current = data<Detail>(await detail(service, 'message-platform'));
    data(
      await submit(service, {
        platform: 'message-platform',
        config: { ...current.config, signName: '客服签名' },
        version: current.version,
      }),
    );
    expect(data<Detail>(await detail(service, 'message-platform')).updateUserName).toBe('吴客服');
  });
});
