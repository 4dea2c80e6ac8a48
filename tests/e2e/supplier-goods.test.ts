import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPalette, selectedOption } from './palette-keys';
import { signedIn } from './session';
import { serverAndBrowser } from './suite';

/** The rows of the goods table body, as their cell texts. */
function rowTexts(page: Page): Promise<string[]> {
  return page
    .getByRole('table', { name: '供应商商品' })
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => (r.textContent ?? '').trim()));
}

/** Types into a filter of the filter bar and applies it with Enter. */
async function filterBy(page: Page, label: string, text: string) {
  const box = page.getByRole('form', { name: '筛选条件' }).getByRole('textbox', { name: label });
  await box.focus();
  await page.keyboard.press('Control+a');
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

describe('supplier goods (/supplier/commodity-list) as the supply user, keyboard only', () => {
  const suite = serverAndBrowser();

  it('filters, puts a selected good on the shelf after confirming, takes it off again from the palette on the focused row', async () => {
    const { context, page } = await suite.newPage();
    await signedIn(page, 'supply', 'Demo@2026', '000000');
    await page.goto('/supplier/commodity-list');
    await page.getByRole('heading', { name: '供应商商品', level: 1 }).waitFor();
    // The demo goods: twenty to a page (issue 25 item 12).
    await expect.poll(async () => (await rowTexts(page)).length).toBe(20);

    // The last demo good of each supplier is off the shelf.
    await filterBy(page, '商品编码', 'JDEK-07');
    await expect
      .poll(() => rowTexts(page))
      .toEqual([expect.stringMatching(/京东E卡.*JDEK-07.*京东E卡2000元.*2,000\.00.*下架.*启用/)]);

    // Select the row with the keyboard (focus on the row, x), then 上架 from the toolbar.
    const row = page.locator('tbody tr[data-row-index="0"]');
    await row.focus();
    await page.keyboard.press('x');
    await expect.poll(() => row.getAttribute('aria-selected')).toBe('true');
    await page.getByRole('button', { name: '上架', exact: true }).first().focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: '提示' });
    await confirm.getByText('确定上架所选商品？').waitFor();
    await page.keyboard.press('Enter');
    await page.getByText('上架成功').waitFor();
    await expect.poll(() => rowTexts(page)).toEqual([expect.stringMatching(/上架.*启用/)]);

    // The focused row's actions are palette commands: 下架 on it, confirmed like its button.
    await row.focus();
    await openPalette(page);
    await page.keyboard.type('下架：京东');
    await expect
      .poll(() => selectedOption(page).textContent())
      .toMatch(/^下架：京东E卡2000元（JDEK-07）/);
    await page.keyboard.press('Enter');
    await confirm.getByText('确定下架所选商品？').waitFor();
    await page.keyboard.press('Enter');
    await page.getByText('下架成功').waitFor();
    await expect.poll(() => rowTexts(page)).toEqual([expect.stringMatching(/下架.*启用/)]);

    // g: finds a good by its name; Enter opens the list filtered to its code (from a fresh load:
    // a list already on display does not take a new hash, see the report).
    await page.goto('/wel/index');
    await page.getByRole('navigation', { name: /侧边菜单|Side menu/ }).waitFor();
    await openPalette(page);
    await page.keyboard.type('g:瑞幸美式');
    await expect.poll(() => selectedOption(page).textContent()).toMatch(/^瑞幸美式券/);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.url()).toContain('f.goodCode=RXKF-02');
    await expect.poll(() => rowTexts(page)).toEqual([expect.stringContaining('RXKF-02')]);
    await context.close();
  });
});
