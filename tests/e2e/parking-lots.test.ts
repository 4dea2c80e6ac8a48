import { describe, expect, it } from 'vitest';
import { signedIn } from './session';
import { serverAndBrowser } from './suite';
import { rowTexts, choose, pick } from './keyboard-form';

/**
 * The engine's worked example in the browser (issue 26): a screen declared by its contract alone
 * shows its demo rows and takes a new lot with a region, a fixed choice and a switch, keyboard
 * only; a taken code is refused at its field.
 */
describe('parking lots, declared from the contract alone', () => {
  const suite = serverAndBrowser();

  it('shows the demo lots and adds one with a region, a choice and a switch', async () => {
    const { context, page } = await suite.newPage();
    await signedIn(page, 'operator', 'Demo@2026');
    await page.goto('/business/parking/parkinglotManagement');
    await page.getByRole('heading', { name: '停车场', level: 1 }).waitFor();
    await expect.poll(async () => (await rowTexts(page, '停车场')).length).toBe(20);
    const first = (await rowTexts(page, '停车场'))[0]!;
    expect(first).toMatch(/P\d{4}/);
    expect(first).toMatch(/ \/ /); // the region's names joined

    await page.getByRole('button', { name: '新增', exact: true }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: '新增停车场' });
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: /车场编号/ }).focus();
    await page.keyboard.type('KB01');
    await dialog.getByRole('textbox', { name: /车场名称/ }).focus();
    await page.keyboard.type('键盘停车场');
    await choose(page, dialog.getByRole('textbox', { name: /所在地区/ }), '朝阳区');
    await pick(page, dialog.getByRole('textbox', { name: /对接方式/ }), 'HTTP接口');
    const enabled = dialog.getByRole('switch', { name: '启用' });
    await expect.poll(() => enabled.isChecked()).toBe(true);
    await enabled.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => enabled.isChecked()).toBe(false);
    await dialog.getByRole('button', { name: '保存' }).focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(async () => (await rowTexts(page, '停车场')).find((r) => r.includes('KB01')))
      .toMatch(/键盘停车场.*朝阳区.*HTTP接口/);

    // The same code again: the server's 409 is shown at the code's field.
    await page.getByRole('button', { name: '新增', exact: true }).focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: /车场编号/ }).focus();
    await page.keyboard.type('KB01');
    await dialog.getByRole('textbox', { name: /车场名称/ }).focus();
    await page.keyboard.type('重复');
    await pick(page, dialog.getByRole('textbox', { name: /对接方式/ }), '沙箱');
    await dialog.getByRole('button', { name: '保存' }).focus();
    await page.keyboard.press('Enter');
    await dialog.getByText('车场编号已存在').waitFor();
    await context.close();
  });
});
