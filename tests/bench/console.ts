import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchBrowser, newPage } from '../e2e/browser';
import type { RunningServer } from '../e2e/server-process';

/** gzip size of a built asset, as a server with compression would send it. */
function gzipKb(urlPath: string): number {
  const file = path.join('dist/client', new URL(urlPath).pathname);
  return gzipSync(readFileSync(file), { level: 9 }).length / 1024;
}

/**
 * Console figures in Chromium: JS (gzip) loaded for /login and for the first page after login,
 * and the time from navigation start until the login form is on screen (cold, then warm cache).
 */
export async function benchConsole(server: RunningServer): Promise<void> {
  const browser = await launchBrowser();
  try {
    for (const [label, warm] of [
      ['cold', false],
      ['warm', true],
    ] as const) {
      const { context, page } = await newPage(browser, server.url);
      if (warm) await page.goto('/login');
      const scripts = new Set<string>();
      page.on('response', (res) => {
        if (res.request().resourceType() === 'script' && res.url().startsWith(server.url))
          scripts.add(res.url());
      });
      await page.goto('/login');
      await page.getByRole('button', { name: /^登录$/ }).waitFor();
      const paintedMs = await page.evaluate(() => performance.now());
      const loginKb = [...scripts].reduce((sum, url) => sum + gzipKb(url), 0);
      if (!warm) {
        console.log(`/login: ${scripts.size} scripts, ${loginKb.toFixed(1)} KB gzip JS`);
      }
      console.log(
        `/login form painted (${label}): ${paintedMs.toFixed(0)} ms after navigation start`,
      );
      if (!warm) {
        const before = new Set(scripts);
        await page.getByRole('textbox', { name: /用户名/ }).fill('operator');
        await page.getByLabel(/^密码/).fill('Demo@2026');
        await page.getByRole('button', { name: /^登录$/ }).click();
        await page.waitForURL('**/wel/index');
        await page.getByRole('navigation', { name: '侧边菜单' }).waitFor();
        await page.waitForLoadState('networkidle');
        const after = [...scripts].filter((u) => !before.has(u));
        const afterKb = after.reduce((sum, url) => sum + gzipKb(url), 0);
        console.log(
          `first page after login (/wel/index): ${after.length} more scripts, ${afterKb.toFixed(1)} KB gzip JS (total ${(loginKb + afterKb).toFixed(1)} KB)`,
        );
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
}
