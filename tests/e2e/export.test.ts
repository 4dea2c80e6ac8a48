import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { ApiClient } from './api-client';
import { openPalette } from './palette-keys';
import { serverAndBrowser } from './suite';
import { signedIn } from './session';

const TENANT = '100001';

describe('exporting a list through the export centre', () => {
  const suite = serverAndBrowser();

  it('exports the filtered posts, watches the task finish and downloads the workbook', async () => {
    const api = new ApiClient(suite.server.url);
    await api.login('admin', 'Demo@2026', TENANT);
    for (let i = 1; i <= 5; i++)
      await api.post('blade-system/post/submit', {
        category: 2,
        postCode: `ex${String(i)}`,
        postName: `导出岗位${String(i)}`,
        sort: i,
      });
    await api.post('blade-system/post/submit', {
      category: 2,
      postCode: 'other',
      postName: '别的',
    });

    const { context, page } = await suite.newPage();
    await signedIn(page, 'admin', 'Demo@2026', TENANT);
    await page.goto('/system/post');
    await page.getByRole('heading', { name: '岗位', level: 1 }).waitFor();
    // Filter, keyboard only: '/' to the filter bar, the name, Enter.
    await page.keyboard.press('/');
    await page.getByRole('textbox', { name: '岗位名称' }).first().focus();
    await page.keyboard.type('导出岗位');
    await page.keyboard.press('Enter');
    await page.getByText('共 5 条').waitFor();

    await page.getByRole('button', { name: '导出', exact: true }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: '提示' });
    await confirm.getByText(/导出所需时间视数据量而定/).waitFor();
    await confirm.getByRole('button', { name: '确定' }).focus();
    await page.keyboard.press('Enter');
    await page
      .getByText(/新建导出任务成功/)
      .first()
      .waitFor();

    // The export centre from the palette; the task finishes while it is open (it polls).
    await openPalette(page);
    await page.keyboard.type('数据导出中心');
    await page.keyboard.press('Enter');
    const centre = page.getByRole('dialog', { name: '数据导出中心' });
    await centre.waitFor();
    const download = centre.getByRole('button', { name: /^下载 / }).first();
    await download.waitFor({ timeout: 30_000 });
    await centre.getByText('文件已生成').first().waitFor();

    const [file] = await Promise.all([
      page.waitForEvent('download'),
      download.focus().then(() => page.keyboard.press('Enter')),
    ]);
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await file.path());
    const sheet = workbook.worksheets[0]!;
    const cells: string[] = [];
    sheet.eachRow((row, n) => {
      if (n === 1) return;
      row.eachCell((cell) => cells.push(String(cell.value)));
    });
    // The rows of the filtered list, and nothing else.
    const names = cells.filter((v) => v.startsWith('导出岗位') || v === '别的');
    expect(names.sort()).toEqual(['导出岗位1', '导出岗位2', '导出岗位3', '导出岗位4', '导出岗位5']);
    await context.close();
  }, 120_000);
});
