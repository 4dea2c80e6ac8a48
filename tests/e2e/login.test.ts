import { describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './browser';
import { startServer } from './server-process';
import { logIn } from './session';
import { serverAndBrowser } from './suite';

describe('login in Chromium', () => {
  // Two worker processes (issue 30): the journey holds whichever process answers.
  const suite = serverAndBrowser({ WORKERS: '2' });

  it('makes the seeded admin change the password first, then signs in with the new one', async () => {
    const { context, page } = await suite.newPage();
    await logIn(page, 'admin', 'admin');
    await expect.poll(() => page.getByRole('heading', { name: '修改密码' }).isVisible()).toBe(true);
    await page.getByLabel(/^原密码/).fill('admin');
    await page.getByLabel(/^新密码/).fill('weak');
    await page.getByLabel(/^确认新密码/).fill('weak');
    await page.getByRole('button', { name: '修改密码' }).click();
    await expect
      .poll(() =>
        page
          .getByText(/密码长度为6-10位/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await page.getByLabel(/^新密码/).fill('Quanyi@26');
    await page.getByLabel(/^确认新密码/).fill('Quanyi@26');
    await page.getByRole('button', { name: '修改密码' }).click();
    await expect
      .poll(() => page.getByText('修改成功，请使用新密码重新登录').isVisible())
      .toBe(true);
    await logIn(page, 'admin', 'Quanyi@26');
    await page.waitForURL('**/wel/index');
    await context.close();
  });

  it('shows the wrong-password text and keeps what was typed', async () => {
    const { context, page } = await suite.newPage();
    await logIn(page, 'operator', 'Wrong@123');
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: '用户名或密码错误' }).isVisible())
      .toBe(true);
    expect(await page.getByRole('textbox', { name: /用户名/ }).inputValue()).toBe('operator');
    expect(page.url()).toContain('/login');
    await context.close();
  });

  it('starts with corrupted or oversized browser storage', async () => {
    const { context, page } = await suite.newPage();
    await page.goto('/404');
    await page.evaluate(() => {
      localStorage.setItem('quanyi.session', '{"access_token": broken');
      localStorage.setItem('quanyi.lang', '"klingon"');
      localStorage.setItem('quanyi.lock', JSON.stringify({ locked: 'yes' }));
      localStorage.setItem('quanyi.debug-log', JSON.stringify([{ type: 1 }, 'x'.repeat(100)]));
      localStorage.setItem('quanyi.theme', JSON.stringify('x'.repeat(700 * 1024)));
    });
    await logIn(page, 'operator', 'Demo@2026');
    await page.waitForURL('**/wel/index');
    await context.close();
  });

  it('sends a signed-in user away from /login and an anonymous one to /login', async () => {
    const { context, page } = await suite.newPage();
    await page.goto('/info/index');
    await page.waitForURL('**/login');
    await logIn(page, 'operator', 'Demo@2026');
    await page.waitForURL('**/info/index');
    await page.goto('/login');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await context.close();
  });
});

describe('login when the server is unreachable', () => {
  it("shows 'network exception' and keeps the form input", async () => {
    const [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    try {
      const { page } = await newPage(browser, server.url);
      await page.goto('/login');
      await page.getByRole('textbox', { name: /用户名/ }).fill('operator');
      await page.getByLabel(/^密码/).fill('Demo@2026');
      // Every API call now fails at the network level, as when the server is down.
      await page.route('**/api/**', (route) => route.abort('connectionrefused'));
      await page.getByRole('button', { name: /^登录$/ }).click();
      await expect
        .poll(() => page.getByRole('alert').filter({ hasText: '网络异常' }).isVisible())
        .toBe(true);
      expect(await page.getByRole('textbox', { name: /用户名/ }).inputValue()).toBe('operator');
      expect(await page.getByLabel(/^密码/).inputValue()).toBe('Demo@2026');
    } finally {
      await browser.close();
      await server.stop();
    }
  });
});

describe('captcha mode', () => {
  it('shows a captcha image and draws a new one on refresh', async () => {
    const [server, browser] = await Promise.all([startServer({ CAPTCHA: 'on' }), launchBrowser()]);
    try {
      const { page } = await newPage(browser, server.url);
      await page.goto('/login');
      const image = page.getByRole('img', { name: /验证码/ });
      await expect.poll(() => image.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
      const first = await image.getAttribute('src');
      await page.getByRole('button', { name: '刷新验证码' }).click();
      await expect.poll(() => image.getAttribute('src')).not.toBe(first);
      // A login without the captcha is refused by the client before it reaches the server.
      await page.getByRole('textbox', { name: /用户名/ }).fill('operator');
      await page.getByLabel(/^密码/).fill('Demo@2026');
      await page.getByRole('button', { name: /^登录$/ }).click();
      await expect.poll(() => page.getByText('请输入验证码').isVisible()).toBe(true);
    } finally {
      await browser.close();
      await server.stop();
    }
  });
});

describe('the login form painted before the console has loaded', () => {
  const suite = serverAndBrowser();

  /** Holds the console's script back until `release` is called. */
  async function holdConsoleScript(page: import('playwright-core').Page) {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    return release;
  }

  it('can be typed into at once, submits nothing natively, and keeps what was typed', async () => {
    const { context, page } = await suite.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    const release = await holdConsoleScript(page);
    // 'commit': the console's module script, held back, keeps DOMContentLoaded from firing.
    const response = await page.goto('/login', { waitUntil: 'commit' });
    expect(response?.headers()['content-encoding']).toBe('br'); // build-server.mjs's brotli copy
    await page.getByRole('textbox', { name: /用户名/ }).waitFor();
    expect(await page.title()).toBe('登录 - 数字权益平台运营后台');
    const button = page.getByRole('button', { name: /^登录$/ });
    expect(await button.isDisabled()).toBe(true);
    await page.getByRole('textbox', { name: /用户名/ }).fill('operator');
    await page.getByLabel(/^密码/).fill('Demo@2026');
    await page.getByLabel(/^密码/).press('Enter');
    expect(page.url()).toBe(`${suite.server.url}/login`); // no GET with the password in it
    release();
    await page.locator('#login-snapshot').waitFor({ state: 'detached' });
    expect(await page.getByRole('textbox', { name: /用户名/ }).inputValue()).toBe('operator');
    expect(await page.getByLabel(/^密码/).inputValue()).toBe('Demo@2026');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).name)).toBe(
      'password',
    );
    await button.click();
    await page.waitForURL('**/wel/index');
    // The guard ran as an inline script: the server's CSP allows it by its hash.
    expect(errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
    await context.close();
  });

  it('stays hidden when the stored language is not the one it was painted in', async () => {
    const { context, page } = await suite.newPage();
    await page.goto('/404');
    await page.evaluate(() => localStorage.setItem('quanyi.lang', '"en"'));
    const release = await holdConsoleScript(page);
    await page.goto('/login', { waitUntil: 'commit' });
    await page.locator('#login-snapshot').waitFor({ state: 'attached' });
    expect(await page.locator('#login-snapshot').isHidden()).toBe(true);
    expect(await page.getByRole('button', { name: /^登录$/ }).count()).toBe(0);
    release();
    await page.getByRole('button', { name: /^Login$/ }).waitFor();
    expect(await page.locator('#login-snapshot').count()).toBe(0);
    await context.close();
  });
});
