import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './api-client';
import { signedIn } from './session';
import { expectMoneyCoreAgrees } from './money-invariants';
import { serverAndBrowser } from './suite';

const SUPPLIER = 'blade-quanyi-platform-supplier';
const RUN = Date.now().toString(36).toUpperCase();

interface Page_<T> {
  records: T[];
  total: number;
}
interface CodeRow {
  id: string;
  state: string;
  couponCode: string;
}

/** A code workbook of the template's columns: two good rows and one without a code. */
async function codesWorkbook(): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('券码');
  sheet.addRow(['券码', '卡密', '有效期开始', '有效期结束']);
  sheet.addRow([`E2E-${RUN}-OK1`, '', '', '']);
  sheet.addRow(['', 'PIN-WITHOUT-CODE', '', '']);
  sheet.addRow([`E2E-${RUN}-OK2`, '', '', '']);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'quanyi-codes-')), '券码导入.xlsx');
  await workbook.xlsx.writeFile(file);
  return file;
}

/** The rows of the codes table (below the batches), as their cell texts. */
const codeRows = (page: Page) =>
  page
    .getByRole('region', { name: /券码/ })
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => (r.textContent ?? '').trim()));

/** Chooses `text` in the focused searchable select with the keyboard. */
async function chooseInSelect(page: Page, text: string) {
  await page.keyboard.type(text);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
}

describe('coupon codes as the supply user, keyboard only', () => {
  const suite = serverAndBrowser();
  const api = () => new ApiClient(suite.server.url);
  let goodId = '';
  let goodName = '';

  beforeAll(async () => {
    const client = api();
    await client.login('supply', 'Demo@2026');
    const sup = await client.post<{ id: string }>(`${SUPPLIER}/sup/submit`, {
      supCode: `E2E-${RUN}`,
      supName: `券码测试供应商${RUN}`,
      settlementType: 1,
      supplyType: 1,
      driver: 'sandbox',
    });
    goodName = `券码测试商品${RUN}`;
    const good = await client.post<{ id: string }>(`${SUPPLIER}/sup-good/submit`, {
      supId: sup.id,
      goodCode: `E2E-${RUN}`,
      goodName,
      goodType: 1,
      marketAmount: 10,
      costPrice: 8,
    });
    goodId = good.id;
  }, 60_000);

  it('imports a file with one bad row: nothing is written, the result file names the row', async () => {
    const file = await codesWorkbook();
    const { context, page } = await suite.newPage();
    // Seven engineers share two cores: the machine may be slow, not the console.
    page.setDefaultTimeout(30_000);
    await signedIn(page, 'supply', 'Demo@2026');
    await page.goto('/supplier/code-batch/management');
    await page.getByRole('heading', { name: '券码批次', level: 1 }).waitFor();

    await page.getByRole('button', { name: '导入', exact: true }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: '导入券码' });
    await dialog.waitFor();
    // The good select has the focus.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-haspopup')))
      .toBe('listbox');
    // The file: the operating system's file dialog is outside the page, so the file is handed to
    // the dialog's file input, as the import e2e does.
    await dialog.locator('input[type="file"]').setInputFiles(file);
    await dialog.getByText('券码导入.xlsx').waitFor();
    // Then the good, typed into its select.
    await dialog.getByRole('textbox', { name: /商品/ }).focus();
    await chooseInSelect(page, goodName);
    await expect
      .poll(() => dialog.getByRole('textbox', { name: /商品/ }).inputValue())
      .toContain(goodName);
    await dialog.getByRole('button', { name: '导入', exact: true }).focus();
    await page.keyboard.press('Enter');
    await dialog.getByText('导入失败，未写入任何券码').waitFor({ timeout: 30_000 });
    await dialog
      .getByText(/第 3 行/)
      .first()
      .waitFor();

    await dialog.getByRole('button', { name: '下载结果文件' }).focus();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.keyboard.press('Enter'),
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const rows: string[] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push(JSON.stringify(row.values)));
    // Issue 24: the result file names the row, never the plain pin or code.
    expect(rows.join('\n')).not.toContain('PIN-WITHOUT-CODE');
    expect(rows.some((r) => r.includes('******'))).toBe(true);
    expect(rows.join('\n')).not.toContain(`E2E-${RUN}-OK1`);

    // Esc closes the dialog; nothing was written for the good.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    const client = api();
    await client.login('supply', 'Demo@2026');
    const batches = await client.get<Page_<unknown>>(
      `${SUPPLIER}/sup-batch-coupon-code/batch-list`,
      {
        goodId,
      },
    );
    expect(batches.total).toBe(0);
    const codes = await client.get<Page_<unknown>>(`${SUPPLIER}/sup-coupon-code/list`, { goodId });
    expect(codes.total).toBe(0);
    await context.close();
  }, 120_000);

  it('invalidates two codes of a batch, then recovers them', async () => {
    const client = api();
    await client.login('supply', 'Demo@2026');
    const imported = await client.post<{ status: string; batchNo: string }>(
      `${SUPPLIER}/sup-coupon-code/import`,
      { goodId, codes: [{ code: `E2E-${RUN}-A` }, { code: `E2E-${RUN}-B` }] },
    );
    expect(imported.status).toBe('success');

    const { context, page } = await suite.newPage();
    // Seven engineers share two cores: the machine may be slow, not the console.
    page.setDefaultTimeout(30_000);
    await signedIn(page, 'supply', 'Demo@2026');
    await page.goto('/supplier/code-batch/management');
    await page.getByRole('heading', { name: '券码批次', level: 1 }).waitFor();
    // Filter the batches by the new batch's number, open it with Enter.
    const filter = page
      .getByRole('form', { name: '筛选条件' })
      .first()
      .getByRole('textbox', { name: '批次号' });
    await filter.focus();
    await page.keyboard.type(imported.batchNo);
    await page.keyboard.press('Enter');
    const batchRow = page
      .getByRole('table', { name: '券码批次' })
      .locator('tbody tr', { hasText: imported.batchNo });
    await batchRow.waitFor();
    await batchRow.focus();
    await page.keyboard.press('Enter');
    const heading = page.getByRole('heading', { name: `批次 ${imported.batchNo} 的券码` });
    await heading.waitFor({ timeout: 5000 }).catch(async (error: unknown) => {
      await page.screenshot({ path: '/tmp/a2/batch-open.png', fullPage: true });
      throw error;
    });
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H2');
    await expect.poll(async () => (await codeRows(page)).length).toBe(2);

    // Select both codes with the keyboard (x on each focused row).
    const section = page.getByRole('region', { name: /券码/ });
    for (const index of [0, 1]) {
      const row = section.locator(`tbody tr[data-row-index="${index}"]`);
      await row.focus();
      await page.keyboard.press('x');
      await expect.poll(() => row.getAttribute('aria-selected')).toBe('true');
    }
    // Both unused: 作废 is offered, 回收 is not.
    await expect
      .poll(() => section.getByRole('button', { name: '回收', exact: true }).count())
      .toBe(0);
    await section.getByRole('button', { name: '作废', exact: true }).focus();
    await page.keyboard.press('Enter');
    const invalid = page.getByRole('dialog', { name: '作废券码' });
    await invalid.getByText('确定作废所选的 2 个券码？', { exact: false }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByText('已作废 2 个券码').waitFor();
    await expect
      .poll(() => codeRows(page))
      .toEqual([expect.stringContaining('已作废'), expect.stringContaining('已作废')]);

    // Now 回收 is offered over the selection and 作废 is not.
    await expect
      .poll(() => section.getByRole('button', { name: '作废', exact: true }).count())
      .toBe(0);
    await section.getByRole('button', { name: '回收', exact: true }).focus();
    await page.keyboard.press('Enter');
    const recover = page.getByRole('dialog', { name: '回收券码' });
    await recover.getByText('确定回收所选的 2 个已作废券码？', { exact: false }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByText('已回收 2 个券码').waitFor();
    await expect
      .poll(() => codeRows(page))
      .toEqual([expect.stringContaining('未使用'), expect.stringContaining('未使用')]);

    const codes = await client.get<Page_<CodeRow>>(`${SUPPLIER}/sup-coupon-code/list`, { goodId });
    expect(codes.records.map((c) => c.state).sort()).toEqual(['unused', 'unused']);
    await context.close();
  }, 120_000);

  it('leaves every ledger and every order, code and error order in agreement', async () => {
    await expectMoneyCoreAgrees(suite.server);
  });
});
