import path from 'node:path';
import Database from 'better-sqlite3';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ApiClient } from './api-client';
import { openPalette } from './palette-keys';
import { serverAndBrowser } from './suite';
import { signedIn } from './session';

const TENANT = '100001';

/** The list's 导出, confirmed, from the keyboard: resolves when the task has been created. */
async function exportTheList(page: Page) {
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
}

/** What the browser does when it hides or shows a page: the state, then the event. */
async function setVisibility(page: Page, state: 'hidden' | 'visible') {
  await page.evaluate((value) => {
    Object.defineProperty(document, 'visibilityState', { value, configurable: true });
    Object.defineProperty(document, 'hidden', { value: value === 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);
}

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

    await exportTheList(page);

    // The export centre from the palette; the task finishes while it is open (its row follows it).
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

  it('follows a 200,000-row export from another screen: one toast with its download, no asks while the page is hidden (issue 32)', async () => {
    // 200,000 posts of tenant 100001, written straight into the server's database.
    const db = new Database(path.join(suite.server.dataDir, 'quanyi.db'));
    db.pragma('busy_timeout = 10000');
    const insert = db.prepare(
      `insert into blade_post (id, tenant_id, category, post_code, post_name, sort, remark, create_time, status, is_deleted)
       values (?, ?, ?, ?, ?, ?, ?, '2026-11-30 09:00:00', 1, 0)`,
    );
    db.transaction(() => {
      for (let i = 0; i < 200_000; i++)
        insert.run(
          String(9_000_000_000_000 + i),
          TENANT,
          (i % 4) + 1,
          `BIG${String(i).padStart(6, '0')}`,
          `大批岗位${String(i % 5000)}`,
          i % 1000,
          i % 3 === 0 ? null : `备注 ${String(i)}`,
        );
    })();
    db.close();

    const { context, page } = await suite.newPage();
    const asks: number[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/blade-system/data-export/detail')) asks.push(Date.now());
    });
    await signedIn(page, 'admin', 'Demo@2026', TENANT);
    await page.goto('/system/post');
    await page.getByRole('heading', { name: '岗位', level: 1 }).waitFor();
    await page.getByText(/共 200,?0\d\d 条/).waitFor();
    await exportTheList(page);

    // Another screen, from the palette (the same page: the export is followed in the console).
    await openPalette(page);
    await page.keyboard.type('参数管理');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: '参数', level: 1 }).waitFor();
    await expect.poll(() => asks.length, { timeout: 15_000 }).toBeGreaterThan(0);

    // Hidden. Headless Chromium keeps every page visible (a tab in front or a minimised window
    // change nothing), so the page is told what a browser tells it when it hides a page: the
    // visibility state and its event.
    await setVisibility(page, 'hidden');
    const before = asks.length;
    await page.waitForTimeout(12_000);
    expect(asks.length).toBe(before);

    // Shown again: asked at once, then until the file is there; one toast with the download.
    await setVisibility(page, 'visible');
    await expect.poll(() => asks.length).toBeGreaterThan(before);
    const ready = page.getByText(/^导出完成：/);
    await ready.waitFor({ timeout: 90_000 });
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page
        .getByRole('button', { name: /^下载 / })
        .last()
        .click(),
    ]);
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    // Once: no second toast, no further asks once it has ended.
    const ended = asks.length;
    await page.waitForTimeout(6_000);
    expect(await page.getByText(/^导出完成：/).count()).toBeLessThanOrEqual(1);
    expect(asks.length).toBe(ended);
    await context.close();
  }, 180_000);
});
