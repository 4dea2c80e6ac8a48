import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The palette's search field: its accessible name. */
export const PALETTE_INPUT = '命令面板';

/** Opens the command palette from the keyboard and returns its search field. */
export async function openPalette(page: Page) {
  await page.keyboard.press('Control+k');
  const input = page.getByRole('combobox', { name: PALETTE_INPUT });
  await input.waitFor();
  return input;
}

/**
 * The palette's selected result. Scoped to the palette: a list screen's page-size select has
 * options marked selected too.
 */
export const selectedOption = (page: Page) =>
  page.locator('[cmdk-root] [role="option"][aria-selected="true"]');

/** Runs the focused row's action `label` from the palette (`<action>：<record>`). */
export async function rowCommand(page: Page, label: string, record: string) {
  // The palette opens over the focused row; its field takes the typing.
  await (await openPalette(page)).focus();
  await page.keyboard.type(`${label}：${record}`);
  await expect
    .poll(() => selectedOption(page).textContent())
    .toMatch(new RegExp(`^${label}：${record}`));
  await page.keyboard.press('Enter');
}
