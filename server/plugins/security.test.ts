import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, data, type TestApp } from '../test/support.js';

/** Issue 15 item 18: HSTS over https, and frames limited to the menu's external links. */

const HSTS = 'max-age=31536000';

const frameSrc = (csp: unknown) =>
  /(?:^|; )frame-src ([^;]*)/.exec(String(csp))?.[1]?.split(' ') ?? [];

describe('security headers: HSTS (issue 15 item 18)', () => {
  const apps: TestApp[] = [];
  afterAll(() => Promise.all(apps.map((a) => a.close())));
  const app = async (trustProxy: boolean | string[]) => {
    const t = await createTestApp({ demo: false, config: { trustProxy } });
    apps.push(t);
    return t;
  };
  const hsts = async (t: TestApp, headers: Record<string, string>, remoteAddress?: string) =>
    (
      await t.inject({
        method: 'GET',
        url: '/api/blade-auth/oauth/captcha',
        headers,
        ...(remoteAddress ? { remoteAddress } : {}),
      })
    ).headers['strict-transport-security'];

  it('sends HSTS when a trusted proxy says the request came over https', async () => {
    const trusting = await app(true);
    expect(await hsts(trusting, { 'x-forwarded-proto': 'https' })).toBe(HSTS);
    expect(await hsts(trusting, { 'x-forwarded-proto': 'http' })).toBeUndefined();
    expect(await hsts(trusting, {})).toBeUndefined();

    const listed = await app(['10.0.0.1']);
    expect(await hsts(listed, { 'x-forwarded-proto': 'https' }, '10.0.0.1')).toBe(HSTS);
    // The same header from an address that is not a listed proxy does not count.
    expect(await hsts(listed, { 'x-forwarded-proto': 'https' }, '203.0.113.9')).toBeUndefined();
  });

  it('ignores X-Forwarded-Proto without TRUST_PROXY (the default)', async () => {
    const plain = await app(false);
    expect(await hsts(plain, { 'x-forwarded-proto': 'https' })).toBeUndefined();
  });
});

describe('security headers: frame-src (issue 15 item 18)', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ demo: false });
    admin = await t.adminToken();
  });
  afterAll(() => t.close());

  const currentFrameSrc = async () =>
    frameSrc((await t.get('/api/blade-auth/oauth/captcha')).headers['content-security-policy']);
  const addMenu = async (code: string, path: string, isOpen: number) =>
    data<{ id: string }>(
      await t.post('/api/blade-system/menu/submit', admin, {
        parentId: '0',
        name: code,
        code,
        path,
        category: 1,
        isOpen,
        sort: 99,
      }),
    );

  it('allows only the console itself and the origins of the menu external links', async () => {
    expect(await currentFrameSrc()).toEqual(["'self'"]);

    await addMenu('report_frame', 'https://Report.example.com:8443/dash?x=1', 1);
    await addMenu('wiki_window', 'https://wiki.example.com/', 2); // a new window, not a frame
    await addMenu('not_a_link', '/system/user', 1);
    expect(await currentFrameSrc()).toEqual(["'self'", 'https://report.example.com:8443']);

    const menus = await t.app.ctx.db
      .selectFrom('bladeMenu')
      .select('id')
      .where('code', '=', 'report_frame')
      .execute();
    const removed = await t.post('/api/blade-system/menu/remove', admin, undefined, {
      ids: menus.map((m) => m.id).join(','),
    });
    expect(removed.statusCode).toBe(200);
    expect(await currentFrameSrc()).toEqual(["'self'"]);
  });
});
