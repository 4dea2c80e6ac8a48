import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ApiClient } from './api-client';
import { serverAndBrowser } from './suite';
import { signedIn } from './session';

/**
 * Issue 16 item 10: a session the server ended lands on /login saying why (登录已过期 /
 * 账号已禁用); a screen the user's menu does not grant is /403, not /404.
 */
const TENANT = '100001';
const PASSWORD = 'Demo@2026';

/** The access token the console holds (to end this very session from outside). */
async function consoleToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i) ?? '';
      if (!key.endsWith('session')) continue;
      const value = JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token?: string };
      if (value.access_token) return value.access_token;
    }
    throw new Error('no stored session');
  });
}

describe('session and permission feedback', () => {
  const suite = serverAndBrowser();

  it('a disabled account is sent to /login with 账号已禁用', async () => {
    const { context, page } = await suite.newPage();
    await signedIn(page, 'service', PASSWORD, TENANT);
    const admin = new ApiClient(suite.server.url);
    await admin.login('admin', PASSWORD, TENANT);
    const found = await admin.get<{ records: { id: string; account: string }[] }>(
      'blade-user/page',
      { account: 'service', current: '1', size: '10' },
    );
    const service = found.records.find((u) => u.account === 'service');
    if (!service) throw new Error('service not found');
    await admin.post('blade-user/update', { id: service.id, status: 0 });

    await page.reload();
    await page.waitForURL('**/login');
    await page.getByRole('alert').filter({ hasText: '账号已禁用，请联系管理员' }).waitFor();
    await context.close();
  });

  it('an ended session is sent to /login with 登录已过期', async () => {
    const { context, page } = await suite.newPage();
    await signedIn(page, 'sales', PASSWORD, TENANT);
    const token = await consoleToken(page);
    const out = await fetch(`${suite.server.url}/api/blade-auth/oauth/logout`, {
      headers: { 'Blade-Auth': `bearer ${token}` },
    });
    expect(out.status).toBe(200);

    await page.reload();
    await page.waitForURL('**/login');
    const notice = page.getByRole('alert').filter({ hasText: '登录已过期，请重新登录' });
    await notice.waitFor();
    // Signing in again clears it.
    await signedIn(page, 'sales', PASSWORD, TENANT);
    await page.goto('/login');
    await page.waitForURL('**/wel/index');
    await context.close();
  });

  it('a screen outside the menu is 403, an unknown path 404', async () => {
    const { context, page } = await suite.newPage();
    await signedIn(page, 'sales', PASSWORD, TENANT);
    await page.goto('/system/user');
    await page.waitForURL('**/403');
    await page.getByRole('heading', { name: /没有访问权限/ }).waitFor();
    await page.goto('/system/no-such-screen');
    await page.waitForURL('**/404');
    await context.close();
  });
});
