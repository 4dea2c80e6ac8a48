import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The built console's pages, as the server answers the console's client-side routes. */
export interface ConsolePages {
  /** The page for /login: the form prerendered for this captcha mode, else index.html. */
  loginPage: string;
  /** CSP sources for the pages' inline scripts (the login snapshot's guard). */
  scriptHashes: string[];
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
  const prerendered = captcha ? 'login.html' : 'login-no-captcha.html';
  const file = path.join(staticDir, prerendered);
  if (!fs.existsSync(file)) return { loginPage: 'index.html', scriptHashes: [] };
  return {
    loginPage: prerendered,
    scriptHashes: inlineScriptHashes(fs.readFileSync(file, 'utf8')),
  };
}
