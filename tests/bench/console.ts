import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from '../e2e/browser';
import type { RunningServer } from '../e2e/server-process';
import { SNAPSHOT_RELEASED_MARK } from '../../src/features/auth/login-snapshot/snapshot-element';

const PAINT_RUNS = 15;

/** gzip size of a built asset, as the server sends it (precompressed at level 9). */
function gzipKb(urlPath: string): number {
  const file = path.join('dist/client', new URL(urlPath).pathname);
  return gzipSync(readFileSync(file), { level: 9 }).length / 1024;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
}

function paintSummary(samples: number[]): string {
  const s = [...samples].sort((a, b) => a - b);
  return `median ${median(s).toFixed(0)} ms, min ${(s[0] ?? NaN).toFixed(0)}, max ${(s.at(-1) ?? NaN).toFixed(0)} (n=${s.length})`;
}

/** Read from the page without polling it (polling competes with the page for the main thread). */
const entryTime = (page: import('playwright-core').Page, type: 'paint' | 'mark', name: string) =>
  page.evaluate(
    ([t, n]) =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entry = list.getEntriesByName(n)[0];
          if (entry) resolve(entry.startTime);
        }).observe({ type: t, buffered: true });
      }),
    [type, name] as const,
  );

interface PaintTarget {
  baseUrl: string;
  url: string;
  ready: (page: import('playwright-core').Page) => Promise<void>;
  /** A user-timing mark whose time is collected too (the console's take-over on /login). */
  readyMark?: string;
}

interface PaintSamples {
  cold: number[];
  warm: number[];
  coldReady: number[];
  warmReady: number[];
}

/** One cold and one warm load of `target`, added to `out`. */
async function measureOnce(browser: Browser, target: PaintTarget, out: PaintSamples) {
  for (const warm of [false, true]) {
    const { context, page } = await newPage(browser, target.baseUrl);
    if (warm) {
      await page.goto(target.url);
      await target.ready(page);
    }
    // Wait for the paint itself, not by polling for the form: Playwright's polling runs in the
    // page and competes with the app for the main thread (~40 ms a load on this machine).
    await page.goto(target.url, { waitUntil: 'commit' });
    const fcp = await entryTime(page, 'paint', 'first-contentful-paint');
    await target.ready(page); // the paint measured was the form's: nothing else paints before it
    (warm ? out.warm : out.cold).push(fcp);
    if (target.readyMark)
      (warm ? out.warmReady : out.coldReady).push(await entryTime(page, 'mark', target.readyMark));
    await context.close();
  }
}

/**
 * Time from navigation start to the first contentful paint of each target, cold (new context,
 * empty cache) and warm (the page visited once before in the same context). Nothing paints on
 * /login before the login form (prerendered into login.html), so there the first contentful
 * paint is the form. The targets take turns, run by run, so a noisy spell of this shared
 * machine weighs on all of them alike.
 */
async function paintTimes(browser: Browser, targets: PaintTarget[]): Promise<PaintSamples[]> {
  const out = targets.map(
    () => ({ cold: [], warm: [], coldReady: [], warmReady: [] }) as PaintSamples,
  );
  for (let i = 0; i < PAINT_RUNS; i++) {
    for (const [n, target] of targets.entries()) await measureOnce(browser, target, out[n]!);
  }
  return out;
}

/**
 * The floor of this machine: a page that only renders one button with react-dom (no router,
 * store, machines or Mantine), served from memory with gzip. Printed beside the console's
 * figures so they can be read against what React alone costs here.
 */
async function startFloorPage(): Promise<{ url: string; server: Server }> {
  const bundle = await build({
    stdin: {
      contents:
        "import { createRoot } from 'react-dom/client';\n" +
        "createRoot(document.getElementById('root')).render(<button>登录</button>);",
      loader: 'tsx',
      resolveDir: process.cwd(),
    },
    bundle: true,
    minify: true,
    format: 'esm',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
  });
  const js = gzipSync(bundle.outputFiles[0]?.contents ?? new Uint8Array(), { level: 9 });
  const html =
    '<!doctype html><html><head><meta charset="UTF-8"><script type="module" src="/floor.js"></script></head><body><div id="root"></div></body></html>';
  const server = createServer((req, res) => {
    if (req.url === '/floor.js') {
      res.writeHead(200, { 'content-type': 'text/javascript', 'content-encoding': 'gzip' });
      res.end(js);
    } else {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(html);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  console.log(`react-dom alone (the floor): ${(js.length / 1024).toFixed(1)} KB gzip JS`);
  return { url: `http://127.0.0.1:${String(port)}`, server };
}

/**
 * Console figures in Chromium: JS (gzip) loaded for /login and for the first page after login,
 * and the time from navigation start until the login form is painted (cold and warm cache),
 * next to the same figure for a page with react-dom alone.
 */
export async function benchConsole(server: RunningServer): Promise<void> {
  const browser = await launchBrowser();
  const loginButton = (page: import('playwright-core').Page) =>
    page.getByRole('button', { name: /^登录$/ }).waitFor();
  try {
    const { context, page } = await newPage(browser, server.url);
    const scripts = new Set<string>();
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script' && res.url().startsWith(server.url))
        scripts.add(res.url());
    });
    // The command palette loads at idle time once the first page is up; on a busy machine that
    // can come before this script sees the page's heading. Held back until the first page is
    // counted, so it is always counted as idle-time loading.
    let releasePalette!: () => void;
    const paletteHeld = new Promise<void>((resolve) => (releasePalette = resolve));
    await page.route(/\/palette-host-[\w-]+\.js$/, async (route) => {
      await paletteHeld;
      await route.continue();
    });
    await page.goto('/login');
    await loginButton(page);
    const loginKb = [...scripts].reduce((sum, url) => sum + gzipKb(url), 0);
    console.log(`/login: ${scripts.size} scripts, ${loginKb.toFixed(1)} KB gzip JS`);
    const before = new Set(scripts);
    await page.getByRole('textbox', { name: /用户名/ }).fill('operator');
    await page.getByLabel(/^密码/).fill('Demo@2026');
    await page.getByRole('button', { name: /^登录$/ }).click();
    await page.waitForURL('**/wel/index');
    await page.getByRole('navigation', { name: '侧边菜单' }).waitFor();
    await page.getByRole('heading', { level: 1 }).waitFor();
    const after = [...scripts].filter((u) => !before.has(u));
    const afterKb = after.reduce((sum, url) => sum + gzipKb(url), 0);
    console.log(
      `first page after login (/wel/index): ${after.length} more scripts, ${afterKb.toFixed(1)} KB gzip JS (total ${(loginKb + afterKb).toFixed(1)} KB)`,
    );
    // What loads once that page is up, at idle time (the command palette).
    releasePalette();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(2500);
    const idle = [...scripts].filter((u) => !before.has(u) && !after.includes(u));
    const idleKb = idle.reduce((sum, url) => sum + gzipKb(url), 0);
    console.log(
      `then at idle time: ${idle.length} more scripts, ${idleKb.toFixed(1)} KB gzip JS (${idle
        .map((u) =>
          u
            .split('/')
            .pop()
            ?.replace(/-[\w-]{8}\.js$/, ''),
        )
        .join(', ')})`,
    );
    await context.close();

    const floor = await startFloorPage();
    try {
      const [login, alone] = await paintTimes(browser, [
        {
          baseUrl: server.url,
          url: '/login',
          ready: loginButton,
          readyMark: SNAPSHOT_RELEASED_MARK,
        },
        { baseUrl: floor.url, url: '/', ready: (p) => p.getByRole('button').waitFor() },
      ]);
      if (!login || !alone) throw new Error('no samples');
      console.log(`/login form painted, cold cache: ${paintSummary(login.cold)}`);
      console.log(`/login form painted, warm cache: ${paintSummary(login.warm)}`);
      // Until then the painted form takes typing but its button waits (login-snapshot/).
      console.log(
        `/login console took the form over, cold cache: ${paintSummary(login.coldReady)}`,
      );
      console.log(
        `/login console took the form over, warm cache: ${paintSummary(login.warmReady)}`,
      );
      console.log(`react-dom alone painted, cold cache: ${paintSummary(alone.cold)}`);
      console.log(`react-dom alone painted, warm cache: ${paintSummary(alone.warm)}`);
    } finally {
      floor.server.close();
    }
  } finally {
    await browser.close();
  }
}
