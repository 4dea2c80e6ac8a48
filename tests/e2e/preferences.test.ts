import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { serverAndBrowser } from './suite';
import { signedIn } from './session';

describe('preferences and lock in Chromium', () => {
  const suite = serverAndBrowser();

  it('locks with a new lock password, stays locked across a reload, and unlocks', async () => {
    const { context, page } = await suite.newPage();
    await signedIn(page, 'operator', 'Demo@2026');
    await page.getByRole('button', { name: '锁屏', exact: true }).click();
    await page.getByRole('menuitem', { name: '立即锁屏' }).click();
    const dialog = page.getByRole('dialog', { name: '设置锁屏密码' });
    await dialog.getByRole('button', { name: '锁屏' }).click();
    await expect.poll(() => dialog.getByText('锁屏密码不能为空').isVisible()).toBe(true);
    await dialog.getByLabel(/锁屏密码/).fill('Lock#2026');
    await dialog.getByRole('button', { name: '锁屏' }).click();
    await page.waitForURL('**/lock');

    await page.reload();
    await page.waitForURL('**/lock');
    await page.goto('/wel/index');
    await page.waitForURL('**/lock');
    // The lock password is never stored as written.
    const stored = await page.evaluate(() => JSON.stringify(localStorage));
    expect(stored).not.toContain('Lock#2026');

    await page.getByLabel(/锁屏密码/).fill('wrong');
    await page.getByRole('button', { name: '解锁' }).click();
    await expect.poll(() => page.getByText('锁屏密码错误').isVisible()).toBe(true);
    await page.getByLabel(/锁屏密码/).fill('Lock#2026');
    await page.getByRole('button', { name: '解锁' }).click();
    await page.waitForURL((url) => url.pathname !== '/lock');
    await page.getByRole('navigation', { name: '侧边菜单' }).waitFor();
    await context.close();
  });

  it('switches the language at run time and remembers it', async () => {
    const { context, page } = await suite.newPage();
    await signedIn(page, 'operator', 'Demo@2026');
    await page.getByRole('button', { name: '语言', exact: true }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('navigation', { name: 'Side menu' }).waitFor();
    await expect
      .poll(() =>
        page.getByRole('navigation', { name: 'Open pages' }).getByRole('link').allInnerTexts(),
      )
      .toEqual(['Home']);
    await page.reload();
    await page.getByRole('navigation', { name: 'Side menu' }).waitFor();
    // The menu loads after the navigation landmark appears.
    await expect
      .poll(() => page.getByRole('button', { name: 'Supplier' }).count())
      .toBeGreaterThan(0);
    await context.close();
  });

  it('switches the theme and keeps it after a reload', async () => {
    const { context, page } = await suite.newPage();
    await signedIn(page, 'operator', 'Demo@2026');
    expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('light');
    await page.getByRole('button', { name: '主题', exact: true }).click();
    await page.getByRole('menuitem', { name: '黑色主题' }).click();
    await expect
      .poll(() => page.locator('html').getAttribute('data-mantine-color-scheme'))
      .toBe('dark');
    await page.reload();
    await page.getByRole('navigation', { name: '侧边菜单' }).waitFor();
    expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark');
    await context.close();
  });

  it('lists export tasks in the export centre, showing script-like file names as text', async () => {
    const payload = '<img src=x onerror="window.__xss=1">.xlsx';
    // A finished state: the export worker's sweep would fail a running task it never claimed.
    const reason = '<b onmouseover="window.__xss=2">第 3 行</b>';
    const db = new Database(path.join(suite.server.dataDir, 'quanyi.db'));
    const user = db
      .prepare("select id from blade_user where account = 'finance' and tenant_id = '000000'")
      .get() as { id: string };
    db.prepare(
      `insert into blade_data_export (id, tenant_id, user_id, excel_type, source_file_name, status, file_path, error_message, create_time, expire_time, is_deleted)
       values ('1', '000000', ?, 'supplier', ?, '生成失败', null, ?, '2026-11-21 10:00:00', '2099-01-01 00:00:00', 0)`,
    ).run(user.id, payload, reason);
    db.close();
    const { context, page } = await suite.newPage();
    await signedIn(page, 'finance', 'Demo@2026');
    await page.getByRole('button', { name: '下载中心' }).click();
    const dialog = page.getByRole('dialog', { name: '数据导出中心' });
    await expect.poll(() => dialog.getByText(payload).isVisible()).toBe(true);
    await expect.poll(() => dialog.getByText('生成失败').first().isVisible()).toBe(true);
    await expect.poll(() => dialog.getByText(reason).isVisible()).toBe(true);
    expect(
      await page.evaluate(() => (window as unknown as { __xss?: number }).__xss),
    ).toBeUndefined();
    await context.close();
  });
});
