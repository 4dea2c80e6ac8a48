import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serverAndBrowser } from './suite';

/**
 * Login by phone code and the sandbox WeChat journey (issue 16 item 17), in Chromium against the
 * built console and server. The SMS "sent" is read where the embedded driver records it: the
 * blade_sms_outbox table of the server's SQLite file (read-only), as a phone would receive it.
 */
const PHONE = '13800000001'; // operator, tenant 000000 (demo data)
const WX_PHONE = '13800000002'; // supply, tenant 000000: its own phone, so no send limit is shared

describe('phone and WeChat login in Chromium', () => {
  const suite = serverAndBrowser();

  const lastCode = (phone: string): string => {
    const db = new SQLite(path.join(suite.server.dataDir, 'quanyi.db'), { readonly: true });
    try {
      const row = db
        .prepare(
          'select params from blade_sms_outbox where phone = ? order by create_time desc, id desc limit 1',
        )
        .get(phone) as { params: string } | undefined;
      return row ? (JSON.parse(row.params) as { code: string }).code : '';
    } finally {
      db.close();
    }
  };

  /** Types the phone, presses the code button, reads the code from the outbox and types it. */
  const proveCode = async (page: Page, phone: string) => {
    await page.getByRole('textbox', { name: /^手机号/ }).fill(phone);
    const before = lastCode(phone);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: /秒后重新获取/ }).isVisible())
      .toBe(true);
    await expect.poll(() => lastCode(phone)).not.toBe(before);
    await page.getByRole('textbox', { name: /短信验证码/ }).fill(lastCode(phone));
  };

  it('logs in with phone and SMS code from the login page', async () => {
    const { context, page } = await suite.newPage();
    await page.goto('/login');
    await page.getByRole('radio', { name: '手机号登录' }).check();
    // A wrong code is refused with the server's text.
    await page.getByRole('textbox', { name: /^手机号/ }).fill(PHONE);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect.poll(() => lastCode(PHONE)).toMatch(/^\d{6}$/);
    const right = lastCode(PHONE);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    await page.getByRole('textbox', { name: /短信验证码/ }).fill(wrong);
    await page.getByRole('button', { name: '登录' }).click();
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: '验证码不正确或已过期' }).isVisible())
      .toBe(true);
    await page.getByRole('textbox', { name: /短信验证码/ }).fill(right);
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL('**/wel/index');
    await page.getByRole('navigation', { name: /侧边菜单|Side menu/ }).waitFor();
    await context.close();
  });

  it('binds a WeChat account by phone through the sandbox provider, then signs in with WeChat alone', async () => {
    const { context, page } = await suite.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: '微信登录' }).click();
    await page.waitForURL('**/wx-login');
    await page.getByRole('button', { name: '使用微信登录' }).click();
    // The sandbox authorises at once; the account is not bound yet: on to binding.
    await page.waitForURL('**/wx-relate-phone');
    expect(page.url()).not.toContain('code=');
    await expect
      .poll(() => page.getByText('该微信尚未绑定账号，请验证手机号完成绑定').isVisible())
      .toBe(true);
    await proveCode(page, WX_PHONE);
    await page.getByRole('button', { name: '绑定并登录' }).click();
    await page.waitForURL('**/wel/index');
    await page.getByRole('navigation', { name: /侧边菜单|Side menu/ }).waitFor();
    await context.close();

    // A new browser: WeChat alone signs supply in.
    const second = await suite.newPage();
    await second.page.goto('/wx-login');
    await second.page.getByRole('button', { name: '使用微信登录' }).click();
    await second.page.waitForURL('**/wel/index');
    await second.page.getByRole('navigation', { name: /侧边菜单|Side menu/ }).waitFor();
    await second.context.close();
  });
});
