import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './api-client';
import { serverAndBrowser } from './suite';
import { signedIn } from './session';

/**
 * Issue 25 items 15 and 21: the English console shows whole tags and menu names and English
 * server-made texts; on a 390 px phone the date shortcuts stay on screen and the menu toggle
 * names what it does.
 */
async function setEnglish(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^(语言|Language)$/ }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await page.getByRole('navigation', { name: 'Side menu' }).waitFor();
}

/** Elements of `scope` matching `selector` whose text is cut (wider than their box). */
async function cut(scope: Locator, selector: string): Promise<string[]> {
  return scope.locator(selector).evaluateAll((els) =>
    els
      .filter((el) => (el as HTMLElement).offsetParent !== null)
      .filter((el) => {
        const box = el.getBoundingClientRect();
        const cell = el.closest('td')?.getBoundingClientRect();
        return (
          el.scrollWidth > el.clientWidth + 1 || (cell !== undefined && box.right > cell.right + 1)
        );
      })
      .map((el) => el.textContent ?? ''),
  );
}

/** The texts of the body cells of the table named `name`, once it has rows. */
async function cellTexts(page: Page, name: string): Promise<string[]> {
  return loadedCellTexts(page.getByRole('table', { name, exact: true }));
}

/** A table's cell texts once its rows are there (not the skeleton shown while it loads). */
async function loadedCellTexts(table: Locator): Promise<string[]> {
  await table.locator('tbody tr').first().waitFor();
  await expect.poll(() => table.locator('tbody .mantine-Skeleton-root').count()).toBe(0);
  return table
    .locator('tbody td')
    .evaluateAll((cells) => cells.map((c) => (c.textContent ?? '').trim()));
}

describe('the English console and a 390 px screen', () => {
  const suite = serverAndBrowser();
  beforeAll(async () => {
    // The administrator's first sign-in sets the password the tests use.
    await new ApiClient(suite.server.url).login('admin', 'admin', '000000', 'Quanyi@26');
  });

  it('in English: tags and menu names are whole, the goods are "Goods", server texts are English', async () => {
    const { context, page } = await suite.newPage();
    await signedIn(page, 'admin', 'Quanyi@26');
    await setEnglish(page);

    await page.goto('/supplier/commodity-list');
    const goods = page.getByRole('table', { name: 'Goods', exact: true });
    await goods.locator('tbody tr').first().waitFor();
    await expect.poll(() => goods.locator('.mantine-Badge-root').count()).toBeGreaterThan(0);
    expect(await cut(goods, '.mantine-Badge-label')).toEqual([]);
    expect(await page.getByRole('heading', { name: 'Goods', exact: true }).count()).toBe(1);

    // Every menu name shown whole: the groups, and the screens of an open group.
    const nav = page.getByRole('navigation', { name: 'Side menu' });
    const supplierGroup = nav.getByRole('button', { name: 'Supplier', exact: true });
    if ((await supplierGroup.getAttribute('aria-expanded')) !== 'true') await supplierGroup.click();
    await nav.getByRole('link', { name: /Store group/ }).waitFor();
    expect(await cut(nav, '.mantine-NavLink-label')).toEqual([]);

    // Ledger reasons, failure reasons and seeded role names the server made, in English.
    await page.goto('/supplier/supplier-quota/amount-change-flow');
    const ledger = await cellTexts(page, 'Quota changes');
    expect(
      ledger.filter((t) => ['订单扣款', '补发扣款', '订单退款', '期初余额'].includes(t)),
    ).toEqual([]);
    expect(ledger).toContain('Order charge');
    await page.goto('/supplier/commodity-unusual-order/list');
    const failures = await cellTexts(page, 'Error order');
    expect(failures.filter((t) => /^(供应商接口超时|库存不足|供应商返回失败)/.test(t))).toEqual([]);
    expect(failures.some((t) => t.startsWith('The supplier'))).toBe(true);
    await page.goto('/system/role');
    const roles = await loadedCellTexts(page.getByRole('table').first());
    expect(roles).not.toContain('运营专员');
    expect(roles).toContain('Operations specialist');
    await context.close();
  });

  it('at 390 px: the date shortcuts stay on screen and the toggle names what a press does', async () => {
    const { context, page } = await suite.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await signedIn(page, 'admin', 'Quanyi@26');
    await page.goto('/supplier/commodity-order/list');
    const filters = page.getByRole('form', { name: '筛选条件' });
    const lastMonth = filters.getByRole('button', { name: /最近一个月$/ }).first();
    await lastMonth.waitFor();
    await lastMonth.scrollIntoViewIfNeeded();
    const width = await page.evaluate(() => document.documentElement.clientWidth);
    for (const button of await filters.getByRole('button').all()) {
      const box = await button.boundingBox();
      if (!box) continue;
      // Within the page's own width (the filter panel does not scroll sideways).
      expect(box.x + box.width, (await button.textContent()) ?? '').toBeLessThanOrEqual(width);
    }

    // The overlay starts closed: the toggle opens it, then says it closes it.
    const toggle = page.getByRole('button', { name: /^(展开菜单|收起菜单)$/ });
    expect(await toggle.getAttribute('aria-label')).toBe('展开菜单');
    await toggle.click();
    await expect
      .poll(() =>
        page.getByRole('button', { name: /^(展开菜单|收起菜单)$/ }).getAttribute('aria-label'),
      )
      .toBe('收起菜单');
    expect(await page.getByRole('button', { name: '收起菜单' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    await page.getByRole('button', { name: '收起菜单' }).click();
    await expect
      .poll(() =>
        page.getByRole('button', { name: /^(展开菜单|收起菜单)$/ }).getAttribute('aria-label'),
      )
      .toBe('展开菜单');
    await context.close();
  });
});
