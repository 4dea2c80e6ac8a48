import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './api-client';
import { serverAndBrowser } from './suite';
import { openAllSideMenuGroups, signedIn } from './session';

const TENANT = '100001';
const AUDITOR = { account: 'auditor_e2e', first: 'Audit@2026', password: 'Audit@2027' };

/** The menu entries of the side menu, every group opened. */
async function sideMenu(page: Page): Promise<string[]> {
  await openAllSideMenuGroups(page);
  return page
    .getByRole('navigation', { name: '侧边菜单' })
    .getByRole('link', { includeHidden: true })
    .evaluateAll((links) => links.map((a) => (a.textContent ?? '').trim()));
}

/**
 * As the tenant's administrator, keyboard only: the role's 权限设置 row button, the menu tree's
 * filter, the first match, Space to tick it, Enter to save.
 */
async function grantMenu(page: Page, menu: string) {
  await page.goto('/system/role');
  const row = page.getByRole('table', { name: '角色' }).locator('tbody tr', { hasText: '审计员' });
  await row.getByRole('button', { name: '权限设置 审计员' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: '权限设置' });
  // The menu tab's filter box has the focus when the dialog opens.
  const filter = dialog.getByRole('textbox', { name: '菜单权限: 输入关键字筛选' });
  await filter.waitFor();
  await expect.poll(() => filter.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.type(menu);
  await page.keyboard.press('Enter');
  const item = dialog.getByRole('treeitem', { name: menu });
  await expect.poll(() => item.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.press('Space');
  await expect.poll(() => item.getAttribute('aria-checked')).toBe('true');
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'hidden' });
  await page.getByText('操作成功').first().waitFor();
}

describe('granting a role its menus changes the sidebar of its users', () => {
  const suite = serverAndBrowser();

  beforeAll(async () => {
    // A role with no menus yet and a user holding it (set-up through the API).
    const api = new ApiClient(suite.server.url);
    await api.login('admin', 'Demo@2026', TENANT);
    await api.post('blade-system/role/submit', {
      roleName: '审计员',
      roleAlias: 'auditor_e2e',
      sort: 9,
    });
    const roles = await api.get<{ id: string; roleName: string }[]>('blade-system/role/list');
    const role = roles.find((r) => r.roleName === '审计员');
    if (!role) throw new Error('the role was not created');
    await api.post('blade-user/submit', {
      account: AUDITOR.account,
      password: await api.encryptedPassword(AUDITOR.first),
      realName: '审计一号',
      name: '审计',
      roleId: role.id,
    });
    // The first sign-in asks for a new password.
    await new ApiClient(suite.server.url).login(
      AUDITOR.account,
      AUDITOR.first,
      TENANT,
      AUDITOR.password,
    );
  });

  it('shows the auditor exactly what the role was granted, before and after a second grant', async () => {
    const admin = await suite.newPage();
    await signedIn(admin.page, 'admin', 'Demo@2026', TENANT);
    await grantMenu(admin.page, '岗位管理');

    const auditor = await suite.newPage();
    await signedIn(auditor.page, AUDITOR.account, AUDITOR.password, TENANT);
    await expect.poll(() => sideMenu(auditor.page)).toContain('岗位管理');
    expect(await sideMenu(auditor.page)).not.toContain('参数管理');

    await grantMenu(admin.page, '参数管理');
    // A grant ends the sessions of the role's users; signing in again shows the new menu.
    await auditor.page.reload();
    await auditor.page.waitForURL('**/login**');
    await signedIn(auditor.page, AUDITOR.account, AUDITOR.password, TENANT);
    await expect.poll(() => sideMenu(auditor.page)).toContain('参数管理');
    expect(await sideMenu(auditor.page)).toContain('岗位管理');
    await admin.context.close();
    await auditor.context.close();
  }, 120_000);
});
