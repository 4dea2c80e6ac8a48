import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SUPPLIER_SERVICE } from '../../src/contracts/business-services';
import { ApiClient } from './api-client';
import { signedIn } from './session';
import { serverAndBrowser } from './suite';

const TENANT = '100001';
const COMPANY = '澄江文旅权益有限公司';
const SUP_CODE = 'SUP-CJWL';

/** Types into the field labelled `label` (focus, then the keyboard). */
async function typeInto(page: Page, label: RegExp, text: string) {
  await page.getByRole('textbox', { name: label }).focus();
  await page.keyboard.type(text);
}

/** The rows of the review table, as their cell texts. */
function rowTexts(page: Page): Promise<string[]> {
  return page
    .getByRole('table', { name: '企业注册' })
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => (r.textContent ?? '').trim()));
}

describe('enterprise registration (issue 17 item 5)', () => {
  const suite = serverAndBrowser();

  it('a supplier applies on the public page; the admin approves it keyboard-only; it is a supplier', async () => {
    // 1. The public form, without an account, keyboard only.
    const applicant = await suite.newPage();
    const form = applicant.page;
    await form.goto('/enterprise-register');
    await form.getByRole('heading', { name: '供应商入驻申请' }).waitFor();
    await typeInto(form, /租户编号/, TENANT);
    await typeInto(form, /企业名称/, COMPANY);
    await typeInto(form, /统一社会信用代码/, '91530000mA6K0E2E01');
    await typeInto(form, /联系人/, '段经理');
    await typeInto(form, /联系电话/, '13887650001');
    await typeInto(form, /邮箱/, 'cjwl@example.com');
    await form.getByRole('textbox', { name: /供应类型/ }).focus();
    await form.keyboard.press('ArrowDown');
    await form.getByRole('option', { name: '直充' }).waitFor();
    const highlighted = form.locator('[role="option"][data-combobox-selected]');
    for (let i = 0; i < 4 && (await highlighted.textContent()) !== '直充'; i += 1)
      await form.keyboard.press('ArrowDown');
    await form.keyboard.press('Enter');
    await form.getByRole('button', { name: '提交申请' }).focus();
    await form.keyboard.press('Enter');
    await form.getByText('申请已提交，请等待平台审核。').waitFor();
    await applicant.context.close();

    // 2. The tenant's administrator reviews it: filter, 通过, a supplier code, Enter.
    const { context, page } = await suite.newPage();
    await signedIn(page, 'admin', 'Demo@2026', TENANT);
    await page.goto('/supplier/enterprise-register');
    await page.getByRole('heading', { name: '企业注册', level: 1 }).waitFor();
    const nameFilter = page
      .getByRole('form', { name: '筛选条件' })
      .getByRole('textbox', { name: '企业名称' });
    await nameFilter.focus();
    await page.keyboard.type('澄江');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => rowTexts(page))
      .toEqual([
        expect.stringMatching(/澄江文旅权益有限公司.*91530000MA6K0E2E01.*138\*{4}0001.*待审核/),
      ]);
    // Row buttons are named by their action and the row (通过 <company>).
    await page.getByRole('button', { name: `通过 ${COMPANY}`, exact: true }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `通过申请：${COMPANY}` });
    await dialog.waitFor();
    await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await dialog.getByRole('textbox', { name: /供应商编码/ }).focus();
    await page.keyboard.type(SUP_CODE);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText(`已通过，供应商编码 ${SUP_CODE}`).waitFor();
    await expect
      .poll(() => rowTexts(page))
      .toEqual([expect.stringMatching(new RegExp(`已通过.*${SUP_CODE}`))]);
    // A reviewed application offers no review any more.
    expect(await page.getByRole('button', { name: `通过 ${COMPANY}` }).count()).toBe(0);
    await context.close();

    // 3. The supplier list API of the tenant has it.
    const api = new ApiClient(suite.server.url);
    await api.login('admin', 'Demo@2026', TENANT);
    const list = await api.get<{ records: { supCode: string; supName: string }[] }>(
      `${SUPPLIER_SERVICE}/sup/list`,
      { supCode: SUP_CODE },
    );
    expect(list.records).toEqual([
      expect.objectContaining({ supCode: SUP_CODE, supName: COMPANY }),
    ]);
  });
});
