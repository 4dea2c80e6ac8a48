import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { ApiClient } from './api-client';
import { serverAndBrowser } from './suite';
import { signedIn } from './session';

const TENANT = '100001';

/** A users workbook with two good rows and one bad one (an account with a space, no name). */
async function usersWorkbook(): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('用户');
  sheet.addRow(['账户', '姓名', '昵称', '邮箱']);
  sheet.addRow(['import_ok1', '导入一号', '一号', 'ok1@example.com']);
  sheet.addRow(['bad account', '', '', '']);
  sheet.addRow(['import_ok2', '导入二号', '二号', 'ok2@example.com']);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'quanyi-import-')), '用户导入.xlsx');
  await workbook.xlsx.writeFile(file);
  return file;
}

describe('importing users', () => {
  const suite = serverAndBrowser();

  it('writes nothing when one row is bad, and hands back a result file naming it', async () => {
    const file = await usersWorkbook();
    const { context, page } = await suite.newPage();
    await signedIn(page, 'admin', 'Demo@2026', TENANT);
    await page.goto('/system/user');
    await page.getByRole('heading', { name: '用户', level: 1 }).waitFor();
    await page.getByRole('button', { name: '导入', exact: true }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: '导入用户' });
    await dialog.waitFor();
    await dialog.locator('input[type="file"]').setInputFiles(file);
    await dialog.getByRole('button', { name: '开始导入' }).focus();
    await page.keyboard.press('Enter');
    await dialog.getByText('导入失败').first().waitFor({ timeout: 30_000 });

    const [result] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: '下载导入结果' }).click(),
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await result.path());
    const rows: string[] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push(JSON.stringify(row.values)));
    expect(rows[0]).toContain('错误原因');
    // The bad row is named, with why; the good rows are not errors.
    expect(rows.some((r) => r.includes('bad account'))).toBe(true);
    expect(rows.some((r) => r.includes('import_ok1'))).toBe(false);

    // All or nothing: neither good row was written.
    const api = new ApiClient(suite.server.url);
    await api.login('admin', 'Demo@2026', TENANT);
    const found = await api.get<{ records: { account: string }[] }>('blade-user/page', {
      account: 'import_ok',
    });
    expect(found.records).toEqual([]);
    await context.close();
  }, 120_000);
});
