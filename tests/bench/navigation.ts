import { createServer, request, type Server } from 'node:http';
import { brotliCompressSync, constants } from 'node:zlib';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from '../e2e/browser';
import type { RunningServer } from '../e2e/server-process';
import { signedIn } from '../e2e/session';
import { quantile } from './harness';

/**
 * Moving around the signed-in console in Chromium (issue 16 item 15), as tenant 100001's
 * administrator on the demo data:
 * - switching to an open tab (kept alive): tab clicked -> its page painted with its rows;
 * - opening a list screen that is not open, from the sidebar: link clicked -> first data row
 *   painted (the first visit of each screen, whose code is not loaded yet, apart);
 * - reloading a list screen: navigation start -> first data row painted;
 * - /system/menu (the menu tree) reloaded: navigation start -> first row painted.
 * Clicks are made inside the page and timed there (performance.now), so the figures hold the
 * console's work and not the test driver's round trips; "painted" is the frame in which the
 * condition first holds (checked each animation frame, read after that frame).
 */

/** Screens with rows on the demo data of tenant 100001. */
const LIST_SCREENS = [
  '/system/param',
  '/system/user',
  '/system/role',
  '/system/dict',
  '/system/client',
  '/system/log-usual',
  '/system/dept',
];
const ROUNDS = 4;
/** A list's data request (not the menu, the buttons or a dictionary). */
const DATA_REQUEST = /^\/api\/.+\/(?:list|page|lazy-list|tree)$/;
const RELOADS = 10;

function summary(samples: number[]): string {
  const s = [...samples].sort((a, b) => a - b);
  return `median ${quantile(s, 0.5).toFixed(0)} ms, p95 ${quantile(s, 0.95).toFixed(0)} ms (n=${s.length})`;
}

/**
 * In the page: clicks the element matching `selector` (or, with none, measures from navigation
 * start) and resolves with the time until a frame shows the visible page holding a data row.
 */
/*
 * Kept as source text: tsx would wrap named functions in a helper the page does not have.
 */
const TIME_TO_ROWS = `(sel, key) => new Promise((resolve, reject) => {
  const rowsShown = () => {
    const p = document.querySelector('[data-page-key="' + key + '"]');
    if (!p || p.style.display === 'none') return false;
    const row = p.querySelector('tbody tr td')?.closest('tr');
    // The empty-list row has one cell spanning the table.
    return Boolean(row && row.querySelectorAll('td').length > 1);
  };
  let t0 = 0;
  if (sel) {
    const target = document.querySelector(sel);
    if (!target) return reject(new Error('nothing matches ' + sel));
    t0 = performance.now();
    target.click();
  }
  const deadline = performance.now() + 20000;
  const frame = () => {
    if (rowsShown()) {
      // Read after this frame's paint.
      setTimeout(() => resolve([t0, performance.now()]), 0);
      return;
    }
    if (performance.now() > deadline) return reject(new Error('no rows within 20 s'));
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})`;

/** From the click (or navigation start) to the frame with rows, in the page's clock. */
interface Span {
  t0: number;
  t1: number;
}

/** Clicks `selector` (none: from navigation start) until the page of `path` shows a data row. */
async function spanToRows(page: Page, selector: string | null, path: string): Promise<Span> {
  if (selector) await page.locator(selector).waitFor();
  try {
    const args = `${JSON.stringify(selector)}, ${JSON.stringify(path)}`;
    const [t0, t1] = (await page.evaluate(`(${TIME_TO_ROWS})(${args})`)) as [number, number];
    return { t0, t1 };
  } catch (error) {
    throw new Error(`${selector ?? page.url()}: ${String(error)}`);
  }
}

async function timeToRows(page: Page, selector: string | null, path: string): Promise<number> {
  const { t0, t1 } = await spanToRows(page, selector, path);
  return t1 - t0;
}

/** What happened between a span's start and its rows (issue 31), read from the page. */
interface PathFigures {
  /** Scripts fetched in the span: bytes as sent (brotli, as the console serves them), and how many. */
  jsKb: number;
  scripts: number;
  /** Every request started in the span and answered before the rows. */
  requests: number;
  /** From the span's start to the start of the list's data request (undefined: none seen). */
  toData: number | undefined;
  toRows: number;
  /** The longest animation frames in the span: duration and the script that took most of it. */
  frames: { ms: number; what: string }[];
}

/*
 * In the page (source text, see TIME_TO_ROWS): resource timing for bytes, requests and the
 * data request; long-animation-frame entries (collected from the start of each document by
 * LONG_FRAMES) for the longest frames.
 */
const PATH_FIGURES = `(t0, t1, data) => {
  const all = performance.getEntriesByType('resource').filter((r) => r.startTime >= t0);
  const answered = all.filter((r) => r.responseEnd <= t1);
  const js = answered.filter((r) => new URL(r.name).pathname.endsWith('.js'));
  const list = all.find((r) => new RegExp(data).test(new URL(r.name).pathname));
  const frames = (window.__longFrames || [])
    .filter((f) => f.startTime >= t0 && f.startTime < t1)
    .sort((a, b) => b.duration - a.duration)
    .slice(0, 3)
    .map((f) => ({ ms: Math.round(f.duration), what: f.what }));
  return {
    jsKb: js.reduce((sum, r) => sum + r.encodedBodySize, 0) / 1024,
    scripts: js.length,
    requests: answered.length,
    toData: list ? list.startTime - t0 : undefined,
    toRows: t1 - t0,
    frames,
  };
}`;

/** Collects long animation frames (over 50 ms) from the start of every document of the page. */
const LONG_FRAMES = `(() => {
  window.__longFrames = [];
  try {
    new PerformanceObserver((list) => {
      for (const f of list.getEntries()) {
        const top = [...(f.scripts || [])].sort((a, b) => b.duration - a.duration)[0];
        const source = top ? (top.sourceURL || '').split('/').pop() : '';
        const what = top ? (top.invoker || top.invokerType || '') + (source ? ' @ ' + source : '') : 'rendering';
        window.__longFrames.push({ startTime: f.startTime, duration: f.duration, what });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {}
})();`;

async function pathFigures(page: Page, span: Span): Promise<PathFigures> {
  const args = `${String(span.t0)}, ${String(span.t1)}, ${JSON.stringify(DATA_REQUEST.source)}`;
  return (await page.evaluate(`(${PATH_FIGURES})(${args})`)) as PathFigures;
}

const median = (values: number[]) =>
  quantile(
    [...values].sort((a, b) => a - b),
    0.5,
  );

/** Medians of a set of figures, and the longest frames of the sample with the median rows. */
function figuresLine(label: string, samples: PathFigures[]): string {
  const data = samples.flatMap((s) => (s.toData === undefined ? [] : [s.toData]));
  const middle = [...samples].sort((a, b) => a.toRows - b.toRows)[samples.length >> 1]!;
  const frames = middle.frames.map((f) => `${String(f.ms)} ms ${f.what}`).join('; ');
  return (
    `${label}: to the data request ${data.length ? `${median(data).toFixed(0)} ms` : 'not seen'}, ` +
    `to rows ${median(samples.map((s) => s.toRows)).toFixed(0)} ms; before the rows ` +
    `${median(samples.map((s) => s.jsKb)).toFixed(0)} KB JS as sent (brotli) in ` +
    `${median(samples.map((s) => s.scripts)).toFixed(0)} scripts, ` +
    `${median(samples.map((s) => s.requests)).toFixed(0)} requests (medians, n=${String(samples.length)}); ` +
    `longest frames: ${frames || 'none over 50 ms'}`
  );
}

const sideLink = (path: string) => `nav[aria-label="侧边菜单"] a[href="${path}"]`;
const tabLink = (path: string) => `nav[aria-label="已打开的页面"] a[href="${path}"]`;

/** The sidebar's group holding the list screens, opened once (its links are then in the DOM). */
async function openSystemGroup(page: Page): Promise<void> {
  const group = page
    .getByRole('navigation', { name: '侧边菜单' })
    .getByRole('button', { name: '系统管理', exact: true });
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  await page.locator(sideLink(LIST_SCREENS[0]!)).waitFor();
}

async function closeAllTabs(page: Page): Promise<void> {
  await page.getByRole('button', { name: '标签页操作' }).click();
  await page.getByRole('menuitem', { name: '关闭全部' }).click();
  await page.waitForURL('**/wel/index');
}

/**
 * The page (already open on `key`'s page) shown once, then reloaded RELOADS times: each reload's
 * time from navigation start to rows, and its figures.
 */
async function reloadsToRows(
  page: Page,
  key: string,
): Promise<{ samples: number[]; figures: PathFigures[] }> {
  await timeToRows(page, null, key);
  const samples: number[] = [];
  const figures: PathFigures[] = [];
  for (let i = 0; i < RELOADS; i++) {
    await page.reload({ waitUntil: 'commit' });
    const span = await spanToRows(page, null, key);
    samples.push(span.t1 - span.t0);
    figures.push(await pathFigures(page, span));
  }
  return { samples, figures };
}

/** The list the floor pages read: /system/param's first page, as the console asks for it. */
const FLOOR_LIST = '/api/blade-system/param/list?current=1&size=10';
const FLOOR_KEY = '/floor';

/** Reads the token from the page and fetches the list (the start of both floors' scripts). */
const FETCH_LIST = `
  const token = document.getElementById('root').dataset.token;
  const rowsOf = () =>
    fetch(${JSON.stringify(FLOOR_LIST)}, { headers: { 'Blade-Auth': 'bearer ' + token } })
      .then((r) => r.json())
      .then((body) => body.data.records);`;

/** react-dom alone renders the rows in a plain table. */
const BARE_FLOOR = `
  import { createRoot } from 'react-dom/client';
  ${FETCH_LIST}
  rowsOf().then((rows) => {
    const keys = Object.keys(rows[0] || {}).slice(0, 6);
    createRoot(document.getElementById('root')).render(
      <div data-page-key=${JSON.stringify(FLOOR_KEY)}>
        <table>
          <thead><tr>{keys.map((k) => <th key={k}>{k}</th>)}</tr></thead>
          <tbody>
            {rows.map((row, i) => (
              <tr key={i}>{keys.map((k) => <td key={k}>{String(row[k] ?? '')}</td>)}</tr>
            ))}
          </tbody>
        </table>
      </div>,
    );
  });`;

/**
 * The stack the console must use (react-dom, Mantine 7, mantine-react-table 2) and nothing else:
 * the table library's own list of the same rows, no shell, no store, no router, no styles.
 */
const STACK_FLOOR = `
  import { createRoot } from 'react-dom/client';
  import { MantineProvider } from '@mantine/core';
  import { MantineReactTable, useMantineReactTable } from 'mantine-react-table';
  ${FETCH_LIST}
  function List({ rows }) {
    const keys = Object.keys(rows[0] || {}).slice(0, 6);
    const table = useMantineReactTable({
      columns: keys.map((k) => ({ accessorKey: k, header: k })),
      data: rows,
    });
    return <MantineReactTable table={table} />;
  }
  rowsOf().then((rows) => {
    createRoot(document.getElementById('root')).render(
      <MantineProvider>
        <div data-page-key=${JSON.stringify(FLOOR_KEY)}><List rows={rows} /></div>
      </MantineProvider>,
    );
  });`;

/**
 * A floor page of a list reload (issue 31): its only script (`source`, bundled here) fetches
 * the list with the token and renders its rows. Served with brotli, as the console's assets
 * are, by a server of its own that passes /api to the console's server, so the list's answer
 * costs what it costs the console. The token is written into the page: a bench page on
 * loopback, never the console.
 */
async function startListFloor(
  target: string,
  token: string,
  source: string,
): Promise<{ url: string; server: Server; kb: number }> {
  const bundle = await build({
    stdin: { contents: source, loader: 'tsx', resolveDir: process.cwd() },
    bundle: true,
    minify: true,
    format: 'esm',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    // The table imports a date input for column filters no floor shows (the console's build
    // gives it an on-demand one, see vite.config.ts); the floor gives it nothing.
    plugins: [
      {
        name: 'no-dates',
        setup(b) {
          b.onResolve({ filter: /^@mantine\/dates$/ }, () => ({
            path: 'dates',
            namespace: 'stub',
          }));
          b.onLoad({ filter: /.*/, namespace: 'stub' }, () => ({
            contents: 'export const DateInput = () => null;',
            loader: 'js',
          }));
        },
      },
    ],
    write: false,
  });
  const js = brotliCompressSync(bundle.outputFiles[0]?.contents ?? new Uint8Array(), {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
  });
  const html =
    '<!doctype html><html><head><meta charset="UTF-8"><script type="module" src="/floor.js"></script></head>' +
    `<body><div id="root" data-token="${token}"></div></body></html>`;
  const server = createServer((req, res) => {
    if (req.url?.startsWith('/api/')) {
      const upstream = request(new URL(req.url, target), { headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.on('error', () => res.writeHead(502).end());
      req.pipe(upstream);
    } else if (req.url === '/floor.js') {
      res.writeHead(200, { 'content-type': 'text/javascript', 'content-encoding': 'br' });
      res.end(js);
    } else {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(html);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${String(port)}`, server, kb: js.length / 1024 };
}

/** Reloads a floor page RELOADS times and prints its figures. */
async function measureFloor(
  browser: Browser,
  target: string,
  token: string,
  label: string,
  source: string,
): Promise<void> {
  const floor = await startListFloor(target, token, source);
  try {
    const { context, page } = await newPage(browser, floor.url);
    await context.addInitScript({ content: LONG_FRAMES });
    await page.goto('/');
    const { samples, figures } = await reloadsToRows(page, FLOOR_KEY);
    console.log(`${label} (${floor.kb.toFixed(1)} KB JS as sent): ${summary(samples)}`);
    console.log(figuresLine(`  ${label}, from navigation start`, figures));
    await context.close();
  } finally {
    floor.server.close();
  }
}

export async function benchNavigation(server: RunningServer): Promise<void> {
  const browser = await launchBrowser();
  try {
    const { context, page } = await newPage(browser, server.url);
    await context.addInitScript({ content: LONG_FRAMES });
    await signedIn(page, 'admin', 'Demo@2026', '100001');
    await openSystemGroup(page);

    // New list screens from the sidebar: every round closes all tabs first.
    const firstVisit: number[] = [];
    const firstVisitFigures: PathFigures[] = [];
    const newScreen: number[] = [];
    const switchTab: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const path of LIST_SCREENS) {
        const span = await spanToRows(page, sideLink(path), path);
        (round === 0 ? firstVisit : newScreen).push(span.t1 - span.t0);
        if (round === 0) firstVisitFigures.push(await pathFigures(page, span));
        await page.locator(tabLink(path)).waitFor();
      }
      // Switching between the open tabs (all kept alive: 7 pages plus home).
      if (round > 0)
        for (const path of [...LIST_SCREENS].reverse())
          switchTab.push(await timeToRows(page, tabLink(path), path));
      await closeAllTabs(page);
      await openSystemGroup(page);
    }
    console.log(`open a list screen from the sidebar, first visit: ${summary(firstVisit)}`);
    console.log(`open a list screen from the sidebar, code loaded: ${summary(newScreen)}`);
    console.log(`switch to an open tab (kept alive): ${summary(switchTab)}`);
    console.log(figuresLine('first visit of a list screen, from the click', firstVisitFigures));

    // Reloads: the browser's cache holds the code, the console starts afresh.
    for (const [label, path] of [
      ['reload a list screen (/system/param) to rows', '/system/param'],
      ['reload /system/menu to rows', '/system/menu'],
    ] as const) {
      await page.goto(path);
      const { samples, figures } = await reloadsToRows(page, path);
      console.log(`${label}: ${summary(samples)}`);
      console.log(figuresLine(`  ${label}, from navigation start`, figures));
    }

    // The floor: the same list's JSON fetched and its rows rendered with react-dom alone.
    const token = await page.evaluate(() => {
      const raw =
        localStorage.getItem('quanyi.session') ?? sessionStorage.getItem('quanyi.session');
      return raw ? (JSON.parse(raw) as { access_token?: string }).access_token : undefined;
    });
    if (!token) throw new Error('no stored session to read the token from');
    await measureFloor(
      browser,
      server.url,
      token,
      "floor: react-dom alone, the same list's JSON to rows",
      BARE_FLOOR,
    );
    await measureFloor(
      browser,
      server.url,
      token,
      'stack floor: react-dom, Mantine and mantine-react-table alone, the same list to rows',
      STACK_FLOOR,
    );
    await context.close();
  } finally {
    await browser.close();
  }
}
