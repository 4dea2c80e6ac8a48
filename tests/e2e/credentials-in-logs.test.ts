import { describe, expect, it } from 'vitest';
import { signedIn } from './session';
import { serverAndBrowser } from './suite';

/**
 * Issue 15 item 1: after a browser login and a token refresh, the server's own output (its
 * access log) holds neither the password ciphertext nor a refresh token, in any spelling.
 */
describe('credentials in the server log', () => {
  const suite = serverAndBrowser();

  it('a browser login and a refresh leave no password or refresh token in the server output', async () => {
    const { context, page } = await suite.newPage();
    // Each grant's fields, wherever the browser put them (form body or query string).
    const grants: { url: string; form: URLSearchParams }[] = [];
    const fieldsOf = (url: string, body: string | null) =>
      new URLSearchParams(`${new URL(url).search.slice(1)}&${body ?? ''}`);
    page.on('request', (req) => {
      if (req.url().includes('/api/blade-auth/oauth/token'))
        grants.push({ url: req.url(), form: fieldsOf(req.url(), req.postData()) });
    });
    await signedIn(page, 'operator', 'Demo@2026');

    // An access token the server refuses: the next call gets 401 and the console refreshes.
    const refreshed = page.waitForResponse(
      (res) =>
        res.url().includes('/api/blade-auth/oauth/token') &&
        fieldsOf(res.url(), res.request().postData()).get('grant_type') === 'refresh_token',
    );
    await page.evaluate(() => {
      const session = JSON.parse(localStorage.getItem('quanyi.session') ?? '{}') as Record<
        string,
        unknown
      >;
      localStorage.setItem('quanyi.session', JSON.stringify({ ...session, access_token: 'x.y.z' }));
    });
    await page.reload();
    expect((await refreshed).status()).toBe(200);
    await page.getByRole('navigation', { name: /侧边菜单|Side menu/ }).waitFor();
    const stored = await page.evaluate(
      () => JSON.parse(localStorage.getItem('quanyi.session') ?? '{}') as { refresh_token: string },
    );
    await context.close();

    const login = grants.find((g) => g.form.get('grant_type') === 'password');
    const refresh = grants.find((g) => g.form.get('grant_type') === 'refresh_token');
    const cipher = login?.form.get('password');
    const spent = refresh?.form.get('refresh_token');
    expect(cipher).toBeTruthy();
    expect(spent).toBeTruthy();

    const output = suite.server.output();
    // The server did log these requests, so finding nothing means something.
    expect(output).toContain('/api/blade-auth/oauth/token');
    for (const secret of [cipher!, spent!, stored.refresh_token]) {
      expect(output).not.toContain(secret);
      expect(output).not.toContain(encodeURIComponent(secret));
      // A ciphertext's first and last parts, in case a line was cut or re-encoded.
      expect(output).not.toContain(secret.slice(0, 24));
      expect(output).not.toContain(secret.slice(-24));
    }
    expect(output).not.toContain('password=');
    expect(output).not.toContain('Demo@2026');
    // Nothing secret in the URLs the browser sent.
    for (const g of grants) expect(new URL(g.url).search).toBe('');
  });
});
