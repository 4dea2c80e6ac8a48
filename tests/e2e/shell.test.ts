import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ApiClient } from './api-client';
import { launchBrowser, newPage } from './browser';
import { startServer } from './server-process';
import { serverAndBrowser } from './suite';
import { signedIn } from './session';

const tabBar = (page: Page) => page.getByRole('navigation', { name: '已打开的页面' });
const sideMenu = (page: Page) => page.getByRole('navigation', { name: '侧边菜单' });

async function openScreen(page: Page, group: string, screen: string): Promise<void> {
  const menu = sideMenu(page);
  // Open the group only when it is closed: the active page's group starts open.
  const groupButton = menu.getByRole('button', { name: group, exact: true });
  await groupButton.waitFor();
  if ((await groupButton.getAttribute('aria-expanded')) !== 'true') await groupButton.click();
  await menu.getByRole('link', { name: screen, exact: true }).click();
}

describe('the signed-in shell in Chromium', () => {
  const suite = serverAndBrowser();

  it('opens tabs from the menu, closes them by button, right-click menu and keyboard', async () => {
    const { context, page } = await suite.newPage();
    await signedIn(page, 'operator', 'Demo@2026');
    await openScreen(page, '供应商管理', '供应商列表');
    await page.waitForURL('**/supplier/supplier-list');
    await expect.poll(() => tabBar(page).getByRole('link').allInnerTexts()).toContain('供应商列表');
    await openScreen(page, '供应商管理', '供应商商品');
    await page.waitForURL('**/supplier/commodity-list');
    const tabs = tabBar(page);
    await expect
      .poll(() => tabs.getByRole('link').allInnerTexts())
      .toEqual(['首页', '供应商列表', '供应商商品']);
    expect(await page.title()).toContain('供应商商品');

    // Keyboard: previous tab, then close the current one.
    await page.locator('body').click({ position: { x: 700, y: 600 } });
    await page.keyboard.press('Alt+ArrowLeft');
    await page.waitForURL('**/supplier/supplier-list');
    await page.keyboard.press('Alt+w');
    await expect.poll(() => tabs.getByRole('link').allInnerTexts()).toEqual(['首页', '供应商商品']);
    // Reopen the closed tab.
    await page.keyboard.press('Alt+Shift+T');
    await expect.poll(() => tabs.getByRole('link').allInnerTexts()).toContain('供应商列表');

    // Close button, then the right-click menu's 'close others'.
    await tabs.getByRole('button', { name: '关闭 供应商列表' }).click();
    await expect.poll(() => tabs.getByRole('link').allInnerTexts()).toEqual(['首页', '供应商商品']);
    await openScreen(page, '供应商管理', '供应商列表');
    // The new tab first: its arrival re-renders the tab bar, which would close a menu opened
    // before it (on a busy machine the navigation lags the click).
    await page.waitForURL('**/supplier/supplier-list');
    await expect
      .poll(() => tabs.getByRole('link').allInnerTexts())
      .toEqual(['首页', '供应商商品', '供应商列表']);
    await tabs.getByRole('link', { name: '供应商商品' }).click({ button: 'right' });
    await page.getByRole('menuitem', { name: '关闭其他' }).click();
    await expect.poll(() => tabs.getByRole('link').allInnerTexts()).toEqual(['首页', '供应商商品']);
    // The home tab cannot be closed.
    expect(await tabs.getByRole('button', { name: '关闭 首页' }).count()).toBe(0);
    await context.close();
  });

  it('logs out exactly once when the session is revoked while many requests are in flight', async () => {
    const { context, page } = await suite.newPage();
    await signedIn(page, 'operator', 'Demo@2026');
    const token = await page.evaluate(
      () => JSON.parse(localStorage.getItem('quanyi.session') ?? '{}').access_token as string,
    );
    const api = new ApiClient(suite.server.url);
    api.token = token;
    await api.get('blade-auth/oauth/logout'); // revokes the session from outside the browser
    const toLogin: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && new URL(frame.url()).pathname === '/login')
        toLogin.push(frame.url());
    });
    let refreshes = 0;
    page.on('request', (req) => {
      // The grant travels in the form body (issue 15 item 1), not the URL.
      if (req.postData()?.includes('grant_type=refresh_token')) refreshes++;
    });
    await page.reload(); // menu, buttons, top menus and profile requests all fail together
    await page.waitForURL('**/login');
    await page.waitForTimeout(1000);
    expect(toLogin).toHaveLength(1);
    expect(refreshes).toBeLessThanOrEqual(1);
    expect(await page.evaluate(() => localStorage.getItem('quanyi.session'))).toBeNull();
    await context.close();
  });

  it("shows 'no permission' on 403 and keeps the session", async () => {
    const { context, page } = await suite.newPage();
    await signedIn(page, 'operator', 'Demo@2026');
    await page.route('**/api/blade-system/menu/top-menu*', (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({ code: 403, success: false, data: {}, msg: '请求被拒绝' }),
      }),
    );
    await page.reload();
    await expect.poll(() => page.getByText('没有权限').first().isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/wel/index');
    expect(await page.evaluate(() => localStorage.getItem('quanyi.session'))).not.toBeNull();
    await context.close();
  });

  it('gives up on a request after 20 seconds and says so', async () => {
    const { context, page } = await suite.newPage();
    await signedIn(page, 'operator', 'Demo@2026');
    // A delayed route: the server never answers this call.
    await page.route('**/api/blade-system/menu/top-menu*', () => new Promise(() => {}));
    const started = Date.now();
    await page.reload();
    await page.getByText('请求超时，请稍后重试').first().waitFor({ timeout: 30_000 });
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(19_000);
    expect(new URL(page.url()).pathname).toBe('/wel/index');
    await context.close();
  }, 60_000);
});

describe('untrusted text', () => {
  it('shows script-like menu and user names as text in the sidebar, tabs and window title', async () => {
    const [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    try {
      const payload = '<img src=x onerror="window.__xss=1">';
      const admin = new ApiClient(server.url);
      await admin.login('admin', 'admin', '000000', 'Quanyi@26');
      const home = (
        await admin.get<{ id: string; code: string }[]>('blade-system/menu/lazy-menu-list', {
          parentId: '0',
        })
      ).find((m) => m.code === 'home');
      await admin.post('blade-system/menu/submit', {
        parentId: home!.id,
        code: 'xss_probe',
        name: payload,
        nameEn: payload,
        path: '/xss/probe',
        source: 'IconBug',
        category: 1,
        sort: 99,
      });
      await admin.post('blade-user/update-info', { name: payload, realName: payload });
      const { page } = await newPage(browser, server.url);
      await signedIn(page, 'admin', 'Quanyi@26');
      await openScreen(page, '首页', payload);
      await page.waitForURL('**/xss/probe');
      await expect
        .poll(() => tabBar(page).getByRole('link', { name: payload }).isVisible())
        .toBe(true);
      expect(await page.title()).toContain(payload);
      await expect.poll(() => page.getByText(payload).first().isVisible()).toBe(true);
      expect(
        await page.evaluate(() => (window as unknown as { __xss?: number }).__xss),
      ).toBeUndefined();
      expect(await page.locator('img[src="x"]').count()).toBe(0);
    } finally {
      await browser.close();
      await server.stop();
    }
  });
});
