import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/support.js';

const GUARD_JS = 'document.documentElement.dataset.x = "1";';
const GUARD = `<script data-appearance="zh">${GUARD_JS}</script><script type="module" src="/a.js"></script>`;
const sha256 = (text: string) => createHash('sha256').update(text).digest('base64');

/** A console build with or without the prerendered login pages. */
function consoleBuild(withLoginPages: boolean): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'quanyi-console-'));
  writeFileSync(path.join(dir, 'index.html'), '<p>index</p>');
  if (withLoginPages) {
    writeFileSync(path.join(dir, 'login.html'), `<p>login with captcha</p>${GUARD}`);
    writeFileSync(path.join(dir, 'login-no-captcha.html'), `<p>login without captcha</p>${GUARD}`);
  }
  return dir;
}

describe('console pages', () => {
  let t: TestApp | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('serves /login with the form prerendered for its captcha mode, other routes index.html', async () => {
    dir = consoleBuild(true);
    t = await createTestApp({ staticDir: dir, captcha: true });
    for (const url of ['/login', '/login/', '/login?redirect=%2Fsystem%2Fuser']) {
      const res = await t.get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(`<p>login with captcha</p>${GUARD}`);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    expect((await t.get('/wel/index')).body).toBe('<p>index</p>');
    expect((await t.get('/login-page')).body).toBe('<p>index</p>');
  });

  it('serves the variant without the captcha field when captcha mode is off', async () => {
    dir = consoleBuild(true);
    t = await createTestApp({ staticDir: dir, captcha: false });
    expect((await t.get('/login')).body).toBe(`<p>login without captcha</p>${GUARD}`);
  });

  it("allows the login page's inline script by its hash, and no other inline script", async () => {
    dir = consoleBuild(true);
    t = await createTestApp({ staticDir: dir });
    for (const url of ['/login', '/wel/index', '/api/blade-auth/oauth/public-key']) {
      const policy = String((await t.get(url)).headers['content-security-policy']);
      const scriptSrc = policy.split('; ').find((d) => d.startsWith('script-src '));
      expect(scriptSrc).toBe(`script-src 'self' 'sha256-${sha256(GUARD_JS)}'`);
    }
  });

  it('falls back to index.html for /login when the build has no prerendered page', async () => {
    dir = consoleBuild(false);
    t = await createTestApp({ staticDir: dir });
    const res = await t.get('/login');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('<p>index</p>');
    const policy = String(res.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self';");
  });
});
