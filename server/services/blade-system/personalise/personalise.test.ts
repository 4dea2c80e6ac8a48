import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  data,
  DEMO_PASSWORD,
  DEMO_TENANT,
  type TestApp,
} from '../../../test/support.js';

interface Personalise {
  systemColor: string;
  sideName: string;
  smallWindowLogoUrl: string;
  navigationBarLogoUrl: string;
}

const URL = '/api/blade-system/personalise';
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('IHDR fake logo'),
]);
const msg = (res: LightMyRequestResponse) => (res.json() as { msg: string }).msg;

describe('blade-system/personalise', () => {
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

  const detail = async (token: string) => data<Personalise>(await t.get(`${URL}/detail`, token));
  const submit = (token: string, body: unknown) => t.post(`${URL}/submit`, token, body);
  const valid = (over: Partial<Personalise> = {}): Personalise => ({
    systemColor: '#1677FF',
    sideName: '演示权益平台',
    smallWindowLogoUrl: '',
    navigationBarLogoUrl: '',
    ...over,
  });

  /** A logo through the avatar upload (jpg/png, 500 KB): its public image address. */
  async function uploadLogo(token: string): Promise<string> {
    const boundary = `----quanyi${Math.random().toString(16).slice(2)}`;
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`;
    const res = await t.inject({
      method: 'POST',
      url: '/api/blade-resource/oss/endpoint/put-file-avatar',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'blade-auth': `bearer ${token}`,
      },
      payload: Buffer.concat([Buffer.from(head), PNG, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    });
    return data<{ link: string }>(res).link;
  }

  it('answers blanks until a tenant saves; every user of the tenant then reads it, no other tenant', async () => {
    expect(await detail(staff)).toEqual({
      systemColor: '',
      sideName: '',
      smallWindowLogoUrl: '',
      navigationBarLogoUrl: '',
      version: 0,
    });
    const logo = await uploadLogo(tenantAdmin);
    expect(logo).toMatch(
      /^\/api\/blade-resource\/oss\/endpoint\/avatar\/100001\/[0-9a-f]{32}\.png$/,
    );

    const res = await submit(tenantAdmin, {
      ...valid({
        smallWindowLogoUrl: logo,
        navigationBarLogoUrl: 'https://cdn.example.com/brand/logo.png',
      }),
      tenantId: '000000', // ignored: the tenant comes from the token
    });
    expect(msg(res)).toBe('修改成功');
    const saved = {
      systemColor: '#1677ff',
      sideName: '演示权益平台',
      smallWindowLogoUrl: logo,
      navigationBarLogoUrl: 'https://cdn.example.com/brand/logo.png',
      version: 1,
    };
    expect(data<Personalise>(res)).toEqual(saved);
    expect(await detail(staff)).toEqual(saved);
    expect(await detail(tenantAdmin)).toEqual(saved);
    expect((await detail(admin)).sideName).toBe('');

    // A second save replaces the row (one per tenant).
    data(await submit(tenantAdmin, valid({ sideName: '  新名称  ' })));
    expect(await detail(staff)).toMatchObject({
      sideName: '新名称',
      smallWindowLogoUrl: '',
      version: 2,
    });
    const rows = await t.app.ctx.db
      .selectFrom('bladePersonalise')
      .select('tenantId')
      .where('tenantId', '=', DEMO_TENANT)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses bad colours, long names and logos that are not our uploads or http(s)', async () => {
    const otherTenantsLogo = await uploadLogo(admin);
    const cases: [Partial<Personalise>, string][] = [
      [{ systemColor: '' }, 'systemColor:主题色格式不正确，例如 #12a182'],
      [{ systemColor: 'red' }, 'systemColor:主题色格式不正确，例如 #12a182'],
      [{ systemColor: '#12a18' }, 'systemColor:主题色格式不正确，例如 #12a182'],
      [{ sideName: '名'.repeat(33) }, 'sideName:系统名称长度不能超过32个字符'],
      [
        { smallWindowLogoUrl: 'javascript:alert(1)' },
        'smallWindowLogoUrl:小窗口图标必须是上传的图片或 http(s) 地址',
      ],
      [
        { navigationBarLogoUrl: 'data:image/png;base64,iVBORw0KGgo=' },
        'navigationBarLogoUrl:导航栏图标必须是上传的图片或 http(s) 地址',
      ],
      [
        { navigationBarLogoUrl: '//evil.example.com/logo.png' },
        'navigationBarLogoUrl:导航栏图标必须是上传的图片或 http(s) 地址',
      ],
      [
        { navigationBarLogoUrl: '/api/blade-auth/oauth/logout' },
        'navigationBarLogoUrl:导航栏图标必须是上传的图片或 http(s) 地址',
      ],
      [
        { navigationBarLogoUrl: `https://example.com/${'a'.repeat(500)}.png` },
        'navigationBarLogoUrl:导航栏图标必须是上传的图片或 http(s) 地址',
      ],
      [
        { smallWindowLogoUrl: otherTenantsLogo },
        'smallWindowLogoUrl:小窗口图标必须是上传的图片或 http(s) 地址',
      ],
    ];
    for (const [over, expected] of cases) {
      const res = await submit(tenantAdmin, valid(over));
      expect(res.statusCode, expected).toBe(400);
      expect(msg(res)).toBe(expected);
    }
    const wrongType = await submit(tenantAdmin, { ...valid(), sideName: 42 });
    expect(msg(wrongType)).toBe('sideName:系统名称必须是文本');
    // The name counts characters, not bytes: 32 Chinese characters are fine.
    expect(
      data<Personalise>(await submit(tenantAdmin, valid({ sideName: '名'.repeat(32) }))).sideName,
    ).toBe('名'.repeat(32));
  });

  it('needs personalise_edit to save and a session to read', async () => {
    const refused = await submit(staff, valid());
    expect(refused.statusCode).toBe(403);
    expect((await t.get(`${URL}/detail`)).statusCode).toBe(401);
    expect((await submit('', valid())).statusCode).toBe(401);
  });

  // Issue 15 item 10: two administrators saving the personalisation; the later one does not overwrite.
  it('answers 409 to a stale save and keeps the first save', async () => {
    const opened = (await detail(tenantAdmin)) as Personalise & { version: number };
    const version = opened.version;
    const first = await submit(tenantAdmin, { ...valid({ sideName: '第一次' }), version });
    expect(first.statusCode).toBe(200);
    expect(data<{ version: number }>(first).version).toBe(version + 1);
    const stale = await submit(tenantAdmin, { ...valid({ sideName: '第二次' }), version });
    expect(stale.statusCode).toBe(409);
    expect(msg(stale)).toBe('数据已被其他用户修改，请刷新后重试');
    expect(await detail(tenantAdmin)).toMatchObject({ sideName: '第一次', version: version + 1 });
    // Nothing stored yet (version 0): of two first saves, the second is stale.
    await t.app.ctx.db.deleteFrom('bladePersonalise').where('tenantId', '=', '000000').execute();
    expect(((await detail(admin)) as Personalise & { version: number }).version).toBe(0);
    expect((await submit(admin, { ...valid(), version: 0 })).statusCode).toBe(200);
    expect((await submit(admin, { ...valid(), version: 0 })).statusCode).toBe(409);
  });
});
