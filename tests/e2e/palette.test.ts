import { describe, expect, it } from 'vitest';
import { serverAndBrowser } from './suite';
import { openPalette, selectedOption } from './palette-keys';
import { signedIn } from './session';

describe('command palette in Chromium, keyboard only', () => {
  const suite = serverAndBrowser();

  it('reaches a screen by pinyin initials and returns focus on Esc', async () => {
    const { context, page } = await suite.newPage();
    await signedIn(page, 'admin', 'Demo@2026', '100001');
    const lockButton = page.getByRole('button', { name: '锁屏', exact: true });
    await lockButton.focus();
    let input = await openPalette(page);
    await page.keyboard.type('yhgl');
    await expect.poll(() => selectedOption(page).textContent()).toMatch(/^用户管理/);
    await page.keyboard.press('Escape');
    await input.waitFor({ state: 'hidden' });
    await expect.poll(() => lockButton.evaluate((el) => el === document.activeElement)).toBe(true);

    input = await openPalette(page);
    await page.keyboard.type('yhgl');
    await expect.poll(() => selectedOption(page).textContent()).toMatch(/^用户管理/);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/system/user');
    await input.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('runs an action through a nested page: switch language to English', async () => {
    const { context, page } = await suite.newPage();
    await signedIn(page, 'admin', 'Demo@2026', '100001');
    await openPalette(page);
    await page.keyboard.type('qhyy');
    await expect.poll(() => selectedOption(page).textContent()).toMatch(/^切换语言/);
    await page.keyboard.press('Enter');
    // The nested page: its breadcrumb and the two languages.
    await page.getByRole('option', { name: /English/ }).waitFor();
    await page.keyboard.type('eng');
    await page.keyboard.press('Enter');
    await page.getByRole('navigation', { name: 'Side menu' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('quanyi.lang'))).toBe('"en"');
    await context.close();
  });

  it('finds a user with u: and opens the details; Tab shows the record actions', async () => {
    const { context, page } = await suite.newPage();
    await signedIn(page, 'admin', 'Demo@2026', '100001');
    await openPalette(page);
    await page.keyboard.type('u:sales');
    await expect.poll(() => selectedOption(page).textContent()).toMatch(/^sales · 周销售/);
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: '用户详情' });
    await drawer.getByText('周销售').first().waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    await openPalette(page);
    await page.keyboard.type('u:sales');
    await expect.poll(() => selectedOption(page).textContent()).toMatch(/^sales · 周销售/);
    await page.keyboard.press('Tab');
    await page.getByRole('option', { name: /^重置密码/ }).waitFor();
    await page.keyboard.type('jies');
    await expect.poll(() => selectedOption(page).textContent()).toMatch(/^解锁/);
    await page.keyboard.press('Enter');
    await page.getByText('确定解锁 sales · 周销售?').waitFor();
    await page.keyboard.press('Enter');
    await page.getByText('解锁成功').waitFor();
    await context.close();
  });

  it("'?' opens the shortcut cheat sheet, but not while typing in the palette", async () => {
    const { context, page } = await suite.newPage();
    await signedIn(page, 'admin', 'Demo@2026', '100001');
    await openPalette(page);
    await page.keyboard.type('?');
    expect(await page.getByRole('dialog', { name: /快捷键/ }).isVisible()).toBe(false);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Shift+Slash');
    const sheet = page.getByRole('dialog', { name: /快捷键/ });
    await sheet.waitFor();
    await sheet.getByText('切换到下一个标签页').waitFor();
    await context.close();
  });
});
