import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The built console's pages, as the server answers the console's client-side routes. */
export interface ConsolePages {
  /** The page for /login: the form prerendered for this captcha mode, else index.html. */
  loginPage: string;
  /** CSP sources for the pages' inline scripts (the login snapshot's guard). */
  scriptHashes: string[];
  /** index.html marked as the answer to an unknown path (see `notFoundPage`), and gzipped. */
  notFound: { identity: Buffer; gzip: Buffer };
}

/** The mark the console reads to show its 404 page at the address it was loaded from. */
export const NOT_FOUND_MARK = '<meta name="quanyi-status" content="404">';

/** index.html with the 404 mark in its head. */
export function notFoundPage(indexHtml: string): string {
  return /<head[^>]*>/i.test(indexHtml)
    ? indexHtml.replace(/<head[^>]*>/i, (head) => `${head}${NOT_FOUND_MARK}`)
    : `${NOT_FOUND_MARK}${indexHtml}`;
}

/**
 * The paths of the console's own routes that do not come from menus (spec section 2: public
 * routes, the main layout's routes; src/app/route-paths.ts), by first segment. Menu routes add
 * the first segments of the menus' paths (blade_menu).
 */
export const FIXED_CONSOLE_ROOTS: readonly string[] = [
  'login',
  'wx-login',
  'wx-relate-phone',
  'enterprise-register',
  'lock',
  '404',
  '403',
  '500',
  'wel',
  'info',
  'myiframe',
  'test',
  'dict-horizontal',
  'dict-vertical',
  'work',
];

/**
 * Whether a GET for `pathname` (no query) may be one of the console's client-side routes, which
 * all load index.html. A route never has a segment starting with a dot (`/.env`, `/.git/config`,
 * `/x/.htaccess`) or a last segment with a file extension (`/x.php`, `/assets/gone.js`: a file
 * that is not in the build), and its first segment is a console root: one of
 * FIXED_CONSOLE_ROOTS or the first segment of a menu's path (`/system/...`, `/supplier/...`;
 * so `/actuator/env` is not one). Anything else answers the 404 page with status 404.
 */
export function isConsoleRoute(pathname: string, roots: ReadonlySet<string> | undefined): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  const segments = decoded.split('/').filter((s) => s !== '');
  const [first] = segments;
  const last = segments[segments.length - 1] ?? '';
  if (first === undefined || (roots && !roots.has(first))) return false;
  if (segments.some((s) => s.startsWith('.') || s.includes('\\'))) return false;
  return !/\.[A-Za-z0-9]+$/.test(last);
}

/**
 * The console roots: the fixed ones and the menus' (read when first needed, and again, at most
 * every 10 s, when a path misses: a menu added under a new first segment is found). While the
 * menus have never been read (database away since start-up), only the dot and extension rules
 * apply: a real console route must not fail because of the outage.
 */
export class ConsoleRoutes {
  private roots: Set<string> | undefined;
  private readAt = Number.NEGATIVE_INFINITY;
  private reading: Promise<void> | undefined;

  constructor(private readonly readMenuPaths: () => Promise<(string | null)[]>) {}

  async isRoute(pathname: string): Promise<boolean> {
    if (this.roots && isConsoleRoute(pathname, this.roots)) return true;
    if (Date.now() - this.readAt >= 10_000) {
      this.reading ??= this.read().finally(() => (this.reading = undefined));
      await this.reading;
    }
    return isConsoleRoute(pathname, this.roots);
  }

  private async read(): Promise<void> {
    this.readAt = Date.now();
    try {
      const paths = await this.readMenuPaths();
      this.roots = new Set([...FIXED_CONSOLE_ROOTS, ...menuRoots(paths)]);
    } catch {
      // Keep what was known; tried again after 10 s.
    }
  }
}

/** First segments of menu paths (`/system/user` -> `system`); external links are left out. */
export function menuRoots(paths: Iterable<string | null>): string[] {
  const roots: string[] = [];
  for (const p of paths) {
    if (!p?.startsWith('/')) continue;
    const first = p.split('/').find((s) => s !== '');
    if (first) roots.push(first);
  }
  return roots;
}

/** Whether the request's Accept-Encoding admits gzip (`gzip;q=0` refuses it). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [coding = '', ...params] = part.trim().toLowerCase().split(';');
    if (coding.trim() !== 'gzip' && coding.trim() !== '*') return false;
    const q = params.map((x) => x.trim()).find((x) => x.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** 'sha256-…' of every inline script (a <script> without src) in a page. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes = '']) => !/\ssrc\s*=/i.test(attributes))
    .map(([, , body = '']) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`);
}

/**
 * Reads the console build in `staticDir` (dist/client) once at start-up; undefined when there is
 * none (API only). scripts/prerender-login.mjs writes login.html and login-no-captcha.html.
 */
export function readConsolePages(
  staticDir: string | undefined,
  captcha: boolean,
): ConsolePages | undefined {
  if (!staticDir || !fs.existsSync(path.join(staticDir, 'index.html'))) return undefined;
  const marked = Buffer.from(
    notFoundPage(fs.readFileSync(path.join(staticDir, 'index.html'), 'utf8')),
  );
  const notFound = { identity: marked, gzip: gzipSync(marked, { level: 9 }) };
  const prerendered = captcha ? 'login.html' : 'login-no-captcha.html';
  const file = path.join(staticDir, prerendered);
  if (!fs.existsSync(file)) return { loginPage: 'index.html', scriptHashes: [], notFound };
  return {
    loginPage: prerendered,
    scriptHashes: inlineScriptHashes(fs.readFileSync(file, 'utf8')),
    notFound,
  };
}
