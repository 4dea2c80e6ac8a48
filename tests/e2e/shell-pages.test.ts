import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ApiClient } from './api-client';
import { serverAndBrowser } from './suite';
import { signedIn } from './session';

/**
 * Issue 16 item 11: no 404 on any load (the favicon was the only console error of a crawl); the
 * 导出中心 menu screen is the export centre; /test/index is the component page.
 */
describe('shell pages', () => {
  const suite = serverAndBrowser();

  it('a visit loads without a failed request, with an icon; 导出中心 and /test/index are real', async () => {
    const { context, page } = await suite.newPage();
    const failed: string[] = [];
    page.on('response', (res) => {
      if (res.status() >= 400) failed.push(`${res.status()} ${res.url()}`);
    });
    // A navigation aborts what the page before it was still loading (ERR_ABORTED): not a fault.
    page.on('requestfailed', (req) => {
      if (!req.failure()?.errorText.includes('ERR_ABORTED')) failed.push(`failed ${req.url()}`);
    });
    await signedIn(page, 'admin', 'Demo@2026', '100001');

    const icon = await page.locator('link[rel="icon"]').first().getAttribute('href');
    expect(icon).toBeTruthy();
    const res = await page.request.get(icon!);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('image/');

    await page.goto('/system/export-centre');
    await page.getByRole('heading', { level: 1, name: '数据导出中心' }).waitFor();
    await page.getByRole('button', { name: '清空全部' }).waitFor();
    await expect.poll(() => page.getByText('该功能将在后续版本提供').count()).toBe(0);

    expect(failed).toEqual([]);
    await context.close();

    // The component page is the platform administrator's only (issue 25 item 20).
    await new ApiClient(suite.server.url).login('admin', 'admin', '000000', 'Quanyi@26');
    const admin = await suite.newPage();
    admin.page.on('response', (res) => {
      if (res.status() >= 400) failed.push(`${res.status()} ${res.url()}`);
    });
    await signedIn(admin.page, 'admin', 'Quanyi@26');
    await admin.page.goto('/test/index');
    await admin.page.getByRole('heading', { level: 1, name: '组件测试页' }).waitFor();
    await admin.page.getByRole('tree', { name: '示例菜单' }).waitFor();
    expect(failed).toEqual([]);
    await admin.context.close();
  });

  it('toasts: one per outcome, covering neither a dialog title nor its buttons', async () => {
    const { context, page } = await suite.newPage();
    await signedIn(page, 'admin', 'Demo@2026', '100001');
    for (const viewport of [
      { width: 1400, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto('/system/post');
      await page.getByRole('heading', { name: '岗位', level: 1 }).waitFor();

      const bulkDelete = page.getByRole('button', { name: '批量删除' });
      for (let i = 0; i < 4; i++) await bulkDelete.click();
      await page.getByText('请选择至少一条数据').first().waitFor();
      await expect.poll(() => page.getByText('请选择至少一条数据').count()).toBe(1);

      await page.getByRole('button', { name: '新增', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: '新增岗位' });
      await dialog.getByRole('button', { name: '保存' }).click();
      const toastBox = await box(page.getByText('请完善信息'));
      for (const part of [
        dialog.getByRole('heading', { name: '新增岗位' }),
        dialog.getByRole('button', { name: '保存' }),
      ]) {
        expect(overlaps(toastBox, await box(part))).toBe(false);
      }
      expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(viewport.height);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    }
    await context.close();
  });
});

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The element's box once it has stopped moving (a toast slides in). */
async function box(locator: Locator): Promise<Box> {
  await locator.waitFor();
  let last = '';
  for (let i = 0; i < 40; i++) {
    const b = await locator.boundingBox();
    if (!b) throw new Error('not on screen');
    const now = JSON.stringify(b);
    if (now === last) return b;
    last = now;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('still moving');
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}
