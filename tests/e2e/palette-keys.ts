import type { Page } from 'playwright-core';

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
