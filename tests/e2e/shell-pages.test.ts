import { describe, expect, it } from 'vitest';
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
    page.on('requestfailed', (req) => failed.push(`failed ${req.url()}`));
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

    await page.goto('/test/index');
    await page.getByRole('heading', { level: 1, name: '组件测试页' }).waitFor();
    await page.getByRole('tree', { name: '示例菜单' }).waitFor();
    expect(failed).toEqual([]);
    await context.close();
  });
});
