import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { NOT_FOUND_MARK } from './lib/console-pages.js';
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

const INDEX =
  '<!doctype html><html><head><title>q</title></head><body><div id="root"></div></body></html>';
const LOGIN = `<!doctype html><html><head>${GUARD}</head><body>login</body></html>`;
const SCRIPT = 'console.log("app");';

/** A console build as npm run build leaves it: originals with .gz copies beside them. */
function compressedBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'quanyi-console-'));
  mkdirSync(path.join(dir, 'assets'));
  const files: Record<string, string> = {
    'index.html': INDEX,
    'login.html': LOGIN,
    'login-no-captcha.html': LOGIN,
    'assets/app-1a2b.js': SCRIPT,
  };
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(path.join(dir, name), text);
    writeFileSync(path.join(dir, `${name}.gz`), gzipSync(text));
  }
  return dir;
}

/** The same with brotli copies too, as build-server.mjs writes them. */
function brotliBuild(): string {
  const dir = compressedBuild();
  for (const name of ['index.html', 'login.html', 'login-no-captcha.html', 'assets/app-1a2b.js'])
    writeFileSync(
      path.join(dir, `${name}.br`),
      brotliCompressSync(readFileSync(path.join(dir, name))),
    );
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
    // Not a console route (no such root): the 404 page, never the login snapshot.
    const other = await t.get('/login-page');
    expect(other.statusCode).toBe(404);
    expect(other.body).toBe(`${NOT_FOUND_MARK}<p>index</p>`);
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

  it('serves every page and asset with and without compression', async () => {
    dir = compressedBuild();
    t = await createTestApp({ staticDir: dir, captcha: true });
    for (const [url, text] of [
      ['/wel/index', INDEX],
      ['/system/user', INDEX],
      ['/assets/app-1a2b.js', SCRIPT],
      ['/login', LOGIN],
    ] as const) {
      for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'br' }]) {
        const plain = await t.inject({ method: 'GET', url, headers });
        expect(plain.statusCode, url).toBe(200);
        expect(plain.headers['content-encoding'], url).toBeUndefined();
        expect(plain.body, url).toBe(text);
      }
      const zipped = await t.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(zipped.statusCode, url).toBe(200);
      expect(zipped.headers['content-encoding'], url).toBe('gzip');
      expect(gunzipSync(zipped.rawPayload).toString(), url).toBe(text);
    }
  });

  it('sends brotli to browsers that accept it, gzip to the others', async () => {
    dir = brotliBuild();
    t = await createTestApp({ staticDir: dir, captcha: true });
    for (const [url, text] of [
      ['/system/user', INDEX],
      ['/assets/app-1a2b.js', SCRIPT],
      ['/login', LOGIN],
    ] as const) {
      const br = await t.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString(), url).toBe(text);
      const gz = await t.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding'], url).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString(), url).toBe(text);
    }
  });

  it('marks hashed assets immutable for a year and asks again for pages', async () => {
    dir = compressedBuild();
    t = await createTestApp({ staticDir: dir });
    for (const headers of [{}, { 'accept-encoding': 'gzip' }]) {
      const asset = await t.inject({ url: '/assets/app-1a2b.js', headers });
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      for (const url of ['/system/user', '/login']) {
        const page = await t.inject({ url, headers });
        expect(page.headers['cache-control'], url).toBe('no-cache');
      }
    }
  });

  it('redirects / to the home page, with or without compression', async () => {
    dir = compressedBuild();
    t = await createTestApp({ staticDir: dir });
    for (const headers of [{}, { 'accept-encoding': 'gzip' }]) {
      const res = await t.inject({ method: 'GET', url: '/', headers });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/wel/index');
    }
    expect((await t.inject({ method: 'HEAD', url: '/' })).statusCode).toBe(302);
  });

  it('answers paths that are no console route with the 404 page and status 404', async () => {
    dir = compressedBuild();
    t = await createTestApp({ staticDir: dir });
    const marked = INDEX.replace('<head>', `<head>${NOT_FOUND_MARK}`);
    for (const url of [
      '/.env',
      '/.git/config',
      '/.git/',
      '/actuator/env',
      '/actuator/health',
      '/system/.env',
      '/%2Eenv',
      '/wp-login.php',
      '/system/user.bak',
      '/assets/gone-9z.js',
      '/index.html.bak',
    ]) {
      const res = await t.get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.body, url).toBe(marked);
      const zipped = await t.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(zipped.statusCode, url).toBe(404);
      expect(gunzipSync(zipped.rawPayload).toString(), url).toBe(marked);
    }
    // Console routes, fixed and from the menus, still load the console.
    for (const url of ['/wel', '/404', '/lock', '/supplier/supplier-list', '/myiframe/x?url=a']) {
      const res = await t.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX);
    }
    // The API keeps its JSON 404.
    const api = await t.get('/api/no/such/route');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 404, msg: '404 没找到请求' });
  });

  it('answers /api/health: database up and the version, without a token', async () => {
    dir = compressedBuild();
    t = await createTestApp({ staticDir: dir });
    const res = await t.get('/api/health');
    expect(res.statusCode).toBe(200);
    const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string })
      .version;
    expect(res.json()).toEqual({
      code: 200,
      success: true,
      data: { status: 'up', database: 'up', version },
      msg: '操作成功',
    });
  });
});
