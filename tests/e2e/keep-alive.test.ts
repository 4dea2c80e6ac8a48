import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ApiClient } from './api-client';
import { serverAndBrowser } from './suite';
import { signedIn } from './session';

/**
 * Keep-alive (issue 16 item 3, spec section 2): a page left through the tab bar comes back as
 * the same DOM, with what was typed, the page, the scroll offset and no new list request; open
 * tabs survive a reload (not a logout); the home page is never evicted.
 */

const tabBar = (page: Page) => page.getByRole('navigation', { name: '已打开的页面' });
const sideMenu = (page: Page) => page.getByRole('navigation', { name: '侧边菜单' });

async function openScreen(page: Page, group: string, screen: string): Promise<void> {
  const menu = sideMenu(page);
  const groupButton = menu.getByRole('button', { name: group, exact: true });
  await groupButton.waitFor();
  if ((await groupButton.getAttribute('aria-expanded')) !== 'true') await groupButton.click();
  await menu.getByRole('link', { name: screen, exact: true }).click();
  await shown(page, screen);
}

/** Waits until the page opened is on screen: its tab is the active one. */
async function shown(page: Page, screen: string): Promise<void> {
  await expect
    .poll(() => tabBar(page).getByRole('link', { name: screen }).getAttribute('aria-current'))
    .toBe('page');
}

const mark = (table: Locator, value: string) =>
  table.evaluate((el, v) => {
    (el as unknown as { keepAliveMark?: string }).keepAliveMark = v;
  }, value);
const markOf = (table: Locator) =>
  table.evaluate((el) => (el as unknown as { keepAliveMark?: string }).keepAliveMark ?? null);
/** The scroll offset of the nearest scrolling box around `table` (the page's scroll box). */
const scrollTopOf = (table: Locator) =>
  table.evaluate((el) => {
    for (let e: Element | null = el.parentElement; e; e = e.parentElement) {
      const { overflowY } = getComputedStyle(e);
      if ((overflowY === 'auto' || overflowY === 'scroll') && e.scrollHeight > e.clientHeight)
        return e.scrollTop;
    }
    return document.scrollingElement?.scrollTop ?? 0;
  });

const rowTexts = (table: Locator) =>
  table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => (r.textContent ?? '').trim()));

describe('keep-alive in Chromium', () => {
  const suite = serverAndBrowser();

  it('brings a list back as it was left: same DOM, filter, page 3, scroll, no new request', async () => {
    const api = new ApiClient(suite.server.url);
    await api.login('admin', 'Demo@2026', '100001');
    // Three pages of 20 (the lists' page size), the third full enough to scroll.
    for (let i = 1; i <= 60; i++)
      await api.post('blade-system/param/submit', {
        paramName: `保活参数${String(i).padStart(2, '0')}`,
        paramKey: `keep.alive.${String(i)}`,
        paramValue: String(i),
      });
    const { context, page } = await suite.newPage();
    await page.setViewportSize({ width: 1400, height: 560 });
    await signedIn(page, 'admin', 'Demo@2026', '100001');
    await openScreen(page, '系统管理', '参数管理');
    await page.waitForURL('**/system/param');
    const params = page.getByRole('table', { name: '参数' });
    await params.waitFor();

    const name = page
      .getByRole('form', { name: '筛选条件' })
      .getByRole('textbox', { name: '参数名称' });
    await name.fill('保活');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByText('共 60 条').isVisible()).toBe(true);
    await page.getByRole('button', { name: '第 3 页' }).click();
    await page.waitForURL(/#.*page=3/);
    await expect.poll(async () => (await rowTexts(params)).join()).toMatch(/^1保活参数20/);
    // Typed after the search: a draft the list has not applied yet must survive too.
    await name.fill('保活参数');
    await params.hover();
    await page.mouse.wheel(0, 240);
    await expect.poll(() => scrollTopOf(params)).toBeGreaterThan(0);
    // Let the scroll settle (the position is saved as it happens).
    await page.waitForTimeout(400);
    const scrolled = await scrollTopOf(params);
    // The rows drawn (the table draws the rows in view only).
    const rowsOnPage3 = await rowTexts(params);
    await mark(params, 'param page');

    let paramLists = 0;
    page.on('request', (req) => {
      if (req.url().includes('/api/blade-system/param/list')) paramLists++;
    });

    await openScreen(page, '系统管理', '用户管理');
    await page.waitForURL('**/system/user');
    const users = page.getByRole('table', { name: '用户' });
    await users.waitFor();
    await expect.poll(async () => (await rowTexts(users)).length).toBeGreaterThan(0);
    await mark(users, 'user page');

    await tabBar(page).getByRole('link', { name: '参数管理' }).click();
    await page.waitForURL(/\/system\/param#.*page=3/);
    await params.waitFor();
    expect(await markOf(params)).toBe('param page');
    expect(await name.inputValue()).toBe('保活参数');
    expect(
      await page
        .getByRole('navigation', { name: '分页' })
        .getByRole('button', { name: '第 3 页' })
        .getAttribute('aria-current'),
    ).toBe('page');
    expect(await rowTexts(params)).toEqual(rowsOnPage3);
    expect(await scrollTopOf(params)).toBe(scrolled);

    // And back to the users: also the same page.
    await tabBar(page).getByRole('link', { name: '用户管理' }).click();
    await page.waitForURL('**/system/user');
    await users.waitFor();
    expect(await markOf(users)).toBe('user page');
    await page.waitForLoadState('networkidle');
    expect(paramLists).toBe(0);
    await context.close();
  });

  it('keeps the open tabs over a reload, and not over a logout', async () => {
    const { context, page } = await suite.newPage();
    await signedIn(page, 'admin', 'Demo@2026', '100001');
    await openScreen(page, '系统管理', '参数管理');
    await page.waitForURL('**/system/param');
    await openScreen(page, '系统管理', '用户管理');
    await page.waitForURL('**/system/user');
    await openScreen(page, '系统管理', '部门管理');
    await page.waitForURL('**/system/dept');
    await tabBar(page).getByRole('link', { name: '用户管理' }).click();
    await page.waitForURL('**/system/user');
    const links = () => tabBar(page).getByRole('link').allInnerTexts();
    await expect.poll(links).toEqual(['首页', '参数管理', '用户管理', '部门管理']);

    await page.reload();
    await page.getByRole('table', { name: '用户' }).waitFor();
    await expect.poll(links).toEqual(['首页', '参数管理', '用户管理', '部门管理']);
    expect(
      await tabBar(page).getByRole('link', { name: '用户管理' }).getAttribute('aria-current'),
    ).toBe('page');
    // A restored tab opens its page.
    await tabBar(page).getByRole('link', { name: '部门管理' }).click();
    await page.waitForURL('**/system/dept');

    await page.getByRole('button', { name: /^用户菜单/ }).click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await page.waitForURL('**/login');
    await signedIn(page, 'admin', 'Demo@2026', '100001');
    await expect.poll(links).toEqual(['首页']);
    await context.close();
  });

  it("loads a screen's code when the pointer reaches its link, before the click", async () => {
    const { context, page } = await suite.newPage();
    await signedIn(page, 'admin', 'Demo@2026', '100001');
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
    });
    const menu = sideMenu(page);
    await menu.getByRole('button', { name: '系统管理', exact: true }).click();
    await menu.getByRole('link', { name: '参数管理', exact: true }).hover();
    await expect.poll(() => scripts.some((s) => /\/param-[\w-]+\.js$/.test(s))).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/wel/index');
    await context.close();
  });

  it('keeps the home page mounted while 11 other pages come and go (10 kept)', async () => {
    const { context, page } = await suite.newPage();
    await signedIn(page, 'admin', 'Demo@2026', '100001');
    const home = page.locator('[data-page-key="/wel/index"]');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await home.evaluate((el) => {
      (el as unknown as { keepAliveMark?: string }).keepAliveMark = 'home';
    });
    const menu = sideMenu(page);
    const group = menu.getByRole('button', { name: '系统管理', exact: true });
    await group.click();
    const screens = (
      await menu
        .getByRole('link')
        .evaluateAll((links) =>
          links.map((a) => ({ name: (a.textContent ?? '').trim(), path: a.getAttribute('href') })),
        )
    ).filter((s) => s.name && s.path?.startsWith('/system/'));
    expect(screens.length).toBeGreaterThanOrEqual(11);
    const opened = screens.slice(0, 11);
    for (const screen of opened) {
      await menu.getByRole('link', { name: screen.name, exact: true }).click();
      await page.waitForURL(`**${screen.path ?? ''}`);
      await shown(page, screen.name);
    }
    await expect.poll(() => tabBar(page).getByRole('link').count()).toBe(12);
    await expect.poll(() => page.locator('[data-page-key]').count()).toBe(10);
    expect(
      await home.evaluate((el) => (el as unknown as { keepAliveMark?: string }).keepAliveMark),
    ).toBe('home');
    // The least recently used pages went: the first two opened.
    const keys = await page
      .locator('[data-page-key]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-page-key')));
    expect(keys).toContain('/wel/index');
    expect(keys).not.toContain(opened[0]!.path);
    expect(keys).not.toContain(opened[1]!.path);
    expect(keys).toContain(opened[10]!.path);
    await tabBar(page).getByRole('link', { name: '首页' }).click();
    await page.waitForURL('**/wel/index');
    expect(
      await home.evaluate((el) => (el as unknown as { keepAliveMark?: string }).keepAliveMark),
    ).toBe('home');
    await context.close();
  }, 180_000);
});
