import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './api-client';
import { serverAndBrowser } from './suite';
import { openAllSideMenuGroups, signedIn } from './session';

const TENANT = '100001';
const SUPER = { account: 'admin', first: 'admin', password: 'Quanyi@26' };
const PACKAGE = '系统套餐';

/** The side menu's links (screens) and group buttons, every group opened. */
async function sideMenu(page: Page) {
  const nav = page.getByRole('navigation', { name: '侧边菜单' });
  await openAllSideMenuGroups(page);
  return nav.evaluate((el) => ({
    groups: [...el.querySelectorAll('[data-group-id]')].map((g) => ({
      name: (g.querySelector('.mantine-NavLink-label')?.textContent ?? '').trim(),
      id: g.getAttribute('data-group-id'),
    })),
    links: [...el.querySelectorAll('a[data-menu-item]')].map((a) => ({
      name: (a.textContent ?? '').trim(),
      href: a.getAttribute('href'),
      parent: a.getAttribute('data-parent-id'),
    })),
  }));
}

describe('a tenant package picked in the menu tree gives its tenant whole groups', () => {
  const suite = serverAndBrowser();

  beforeAll(async () => {
    // The super administrator's first sign-in asks for a new password.
    await new ApiClient(suite.server.url).login(
      SUPER.account,
      SUPER.first,
      '000000',
      SUPER.password,
    );
  });

  it('checks 系统管理 in the tree; the tenant admin then sees its screens, no placeholder', async () => {
    const admin = await suite.newPage();
    await signedIn(admin.page, SUPER.account, SUPER.password);
    const page = admin.page;
    await page.goto('/system/tenant-package');
    await page.getByRole('button', { name: /^新增/ }).click();
    const dialog = page.getByRole('dialog', { name: /新增/ });
    await dialog.getByRole('textbox', { name: /产品包名称/ }).fill(PACKAGE);

    // The menu field is a tree, not a select of every menu.
    const tree = dialog.getByRole('tree', { name: '菜单' });
    await tree.waitFor();
    expect(await dialog.getByRole('combobox').count()).toBe(0);
    // Keyboard: the tree's filter, Enter to the first match, Space to check it.
    await dialog.getByRole('textbox', { name: '菜单: 输入关键字筛选' }).fill('系统管理');
    await page.keyboard.press('Enter');
    const system = tree.getByRole('treeitem', { name: '系统管理', exact: true });
    await expect.poll(() => system.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Space');
    await expect.poll(() => system.getAttribute('aria-checked')).toBe('true');
    // Checking the group checked its screens.
    await page.keyboard.press('ArrowRight');
    const user = tree.getByRole('treeitem', { name: '用户管理', exact: true });
    await expect.poll(() => user.getAttribute('aria-checked')).toBe('true');
    // The mouse: 首页 too (the dashboard the tenant admin lands on).
    await dialog.getByRole('textbox', { name: '菜单: 输入关键字筛选' }).fill('');
    await tree.getByRole('treeitem', { name: '首页', exact: true }).click();
    await expect
      .poll(() =>
        tree.getByRole('treeitem', { name: '首页', exact: true }).getAttribute('aria-checked'),
      )
      .toBe('true');
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('table').getByText(PACKAGE).waitFor();

    // Assigned to the demo tenant (the tenant screen's 套餐配置 sends this).
    const api = new ApiClient(suite.server.url);
    await api.login(SUPER.account, SUPER.password, '000000');
    const list = await api.get<{ records: { id: string; packageName: string }[] }>(
      'blade-system/tenant-package/list',
      { packageName: PACKAGE },
    );
    const pkg = list.records.find((p) => p.packageName === PACKAGE);
    if (!pkg) throw new Error('the package was not saved');
    await api.post('blade-system/tenant/package-setting', undefined, {
      tenantId: TENANT,
      packageId: pkg.id,
    });
    await admin.context.close();

    const tenant = await suite.newPage();
    await signedIn(tenant.page, 'admin', 'Demo@2026', TENANT);
    const menu = await sideMenu(tenant.page);
    const group = menu.groups.find((g) => g.name === '系统管理');
    expect(group).toBeDefined();
    const screens = menu.links.filter((l) => l.parent === group!.id).map((l) => l.name);
    expect(screens).toEqual(expect.arrayContaining(['用户管理', '部门管理', '角色管理']));
    // Only the package's groups, and no group shown as a bare link to a placeholder.
    expect(menu.groups.map((g) => g.name).sort()).toEqual(['系统管理', '首页'].sort());
    expect(menu.links.map((l) => l.href)).not.toContain('/system');
    expect(menu.links.map((l) => l.href)).not.toContain('/home');

    // A screen of the group opens as itself.
    await tenant.page.goto('/system/user');
    await tenant.page.getByRole('table', { name: /用户/ }).waitFor();
    await tenant.context.close();
  }, 120_000);
});
