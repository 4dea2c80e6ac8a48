import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU_TREE, PLATFORM_ONLY_CODES } from '../../../db/seed/menu-tree.js';
import { createTestApp, data, DEMO_PASSWORD, type TestApp } from '../../../test/support.js';

interface Node {
  code: string;
  path: string;
  children?: Node[];
}
const paths = (nodes: Node[]): string[] =>
  nodes.flatMap((n) => [n.path, ...paths(n.children ?? [])]);

/**
 * Issue 25 item 20: the developer's component test page is the platform administrator's only,
 * whatever the roles say (the demo operator's role holds the whole home area).
 */
describe('platform-only menus', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('the component test page is flagged platform-only in the seed', () => {
    expect(PLATFORM_ONLY_CODES.has('test')).toBe(true);
    const home = MENU_TREE.find((m) => m.code === 'home')!;
    expect(home.children?.find((m) => m.path === '/test/index')?.platformOnly).toBe(true);
  });

  it('is in the super administrator’s menu and permissions only', async () => {
    const admin = await t.adminToken();
    expect(paths(data<Node[]>(await t.get('/api/blade-system/menu/routes', admin)))).toContain(
      '/test/index',
    );
    for (const [account, tenant] of [
      ['operator', '000000'],
      ['admin', '100001'],
    ] as const) {
      const token = await t.login(account, DEMO_PASSWORD, tenant);
      const routes = paths(data<Node[]>(await t.get('/api/blade-system/menu/routes', token)));
      expect(routes, account).toContain('/wel/index');
      expect(routes, account).not.toContain('/test/index');
      const info = data<{ permissions: string[] }>(
        await t.get('/api/blade-auth/oauth/user-info', token),
      );
      expect(info.permissions, account).not.toContain('test');
    }
  });
});
