import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serverAndBrowser } from './suite';
import { signedIn } from './session';

/**
 * Issue 17 "Done when": every supplier screen works as the tenant's admin in English (the
 * journeys of each screen run as `supply` in zh in their own files), and `supply` sees only the
 * supplier area.
 */
const SCREENS = [
  { path: '/supplier/supplier-list', table: 'Supplier' },
  { path: '/supplier/commodity-list', table: 'Goods' },
  { path: '/supplierMerchant/management', table: 'Store' },
  { path: '/supplierMerchant/group', table: 'Store group' },
  { path: '/supplier/enterprise-register', table: 'Enterprise sign-up' },
];

async function setEnglish(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^(语言|Language)$/ }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await page.getByRole('navigation', { name: 'Side menu' }).waitFor();
}

describe('the supplier screens', () => {
  const suite = serverAndBrowser();

  it('list their demo rows for the tenant admin, in English', async () => {
    const { context, page } = await suite.newPage();
    await signedIn(page, 'admin', 'Demo@2026', '100001');
    await setEnglish(page);
    for (const screen of SCREENS) {
      await page.goto(screen.path);
      const table = page.getByRole('table', { name: screen.table, exact: true });
      await table.locator('tbody tr').first().waitFor();
      await expect.poll(() => table.locator('tbody tr').count()).toBeGreaterThan(0);
      // English texts: the filter form and the table, no placeholder.
      await page.getByRole('form', { name: 'Filters' }).waitFor();
      expect(await page.getByText('该功能将在后续版本提供').count()).toBe(0);
    }
    await context.close();
  });

  it('shows supply the supplier area and the workflow (我的事务) only', async () => {
    const { context, page } = await suite.newPage();
    await signedIn(page, 'supply', 'Demo@2026');
    const menu = page.getByRole('navigation', { name: '侧边菜单' });
    await menu.getByRole('button', { name: '供应商管理', exact: true }).waitFor();
    for (const other of [
      '产品管理',
      '服务管理',
      '接入方管理',
      '业务管理',
      '财务管理',
      '广告管理',
      '设置',
      '系统管理',
    ]) {
      expect(await menu.getByRole('button', { name: other, exact: true }).count()).toBe(0);
    }
    // Every demo role starts and handles processes (leave requests) under 工作流.
    expect(await menu.getByRole('button', { name: '工作流', exact: true }).count()).toBe(1);
    await page.goto('/system/user');
    await page.waitForURL('**/403');
    await context.close();
  });
});
