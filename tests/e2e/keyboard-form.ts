import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The rows of a table body, as their cell texts. */
export function rowTexts(page: Page, table: string): Promise<string[]> {
  return page
    .getByRole('table', { name: table })
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => (r.textContent ?? '').trim()));
}

/** Chooses an option of a searchable select by typing part of its name (keyboard only). */
export async function choose(page: Page, select: ReturnType<Page['getByRole']>, text: string) {
  await select.focus();
  await page.keyboard.type(text);
  await page
    .getByRole('option', { name: new RegExp(text) })
    .first()
    .waitFor();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect.poll(() => select.inputValue()).toContain(text);
}

/** Chooses an option of a short (not searchable) select with the arrow keys. */
export async function pick(page: Page, select: ReturnType<Page['getByRole']>, text: string) {
  await select.focus();
  await page.keyboard.press('ArrowDown');
  await page.getByRole('option', { name: text }).waitFor();
  for (let i = 0; i < 10; i++) {
    const hovered = await page
      .locator('[data-combobox-selected]')
      .textContent()
      .catch(() => '');
    if (hovered === text) break;
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  await expect.poll(() => select.inputValue()).toBe(text);
}
