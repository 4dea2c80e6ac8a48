import { describe, expect, it } from 'vitest';
import { signedIn } from './session';
import { serverAndBrowser } from './suite';
import { rowTexts, choose } from './keyboard-form';

describe('stores and store groups as the supply user, keyboard only', () => {
  const suite = serverAndBrowser();

  it('filters stores by region, then creates a group and moves two stores into it', async () => {
    const { context, page } = await suite.newPage();
    await signedIn(page, 'supply', 'Demo@2026', '000000');

    // Stores: 广东省 / 深圳市 from the regions tree, one level at a time.
    await page.goto('/supplierMerchant/management');
    await page.getByRole('heading', { name: '门店', level: 1 }).waitFor();
    await expect.poll(async () => (await rowTexts(page, '门店')).length).toBeGreaterThan(5);
    const filters = page.getByRole('form', { name: '筛选条件' });
    await choose(page, filters.getByRole('textbox', { name: '所在地区 1' }), '广东省');
    await choose(page, filters.getByRole('textbox', { name: '所在地区 2' }), '深圳市');
    await filters.getByRole('textbox', { name: '门店名称' }).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => {
        const rows = await rowTexts(page, '门店');
        return rows.length > 0 && rows.every((r) => r.includes('广东省 / 深圳市'));
      })
      .toBe(true);

    // Groups: 新增, a name, then two stores moved with Space, ArrowDown and Enter.
    await page.goto('/supplierMerchant/group');
    await page.getByRole('heading', { name: '门店分组', level: 1 }).waitFor();
    await page.getByRole('button', { name: '新增', exact: true }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: '新增门店分组' });
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: /分组名称/ }).focus();
    await page.keyboard.type('键盘分组');
    const search = dialog.getByRole('textbox', { name: '可选门店 筛选名称或编码' });
    await search.focus();
    await page.keyboard.type('福田');
    const left = dialog.getByRole('listbox', { name: '可选门店' });
    await expect
      .poll(async () => {
        const names = await left.getByRole('option').allTextContents();
        return names.length >= 2 && names.every((n) => n.includes('福田'));
      })
      .toBe(true);
    const picked = (await left.getByRole('option').allTextContents()).slice(0, 2);
    await page.keyboard.press('ArrowDown'); // from the filter into the list
    await expect.poll(() => left.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    await page.keyboard.press('Enter');
    const right = dialog.getByRole('listbox', { name: '已选门店' });
    await expect.poll(() => right.getByRole('option').allTextContents()).toEqual(picked);
    // Focus stays on the list the stores left.
    await expect.poll(() => left.evaluate((el) => el === document.activeElement)).toBe(true);
    // The move buttons are reachable by Tab.
    await page.keyboard.press('Tab');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('移入分组');
    await dialog.getByRole('button', { name: '保存' }).focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(async () => (await rowTexts(page, '门店分组')).find((r) => r.includes('键盘分组')))
      .toMatch(/键盘分组\s*2/);
    await context.close();
  });
});
