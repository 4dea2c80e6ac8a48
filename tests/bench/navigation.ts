import type { Page } from 'playwright-core';
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
      setTimeout(() => resolve(performance.now() - t0), 0);
      return;
    }
    if (performance.now() > deadline) return reject(new Error('no rows within 20 s'));
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})`;

/** Clicks `selector` (none: from navigation start) until the page of `path` shows a data row. */
async function timeToRows(page: Page, selector: string | null, path: string): Promise<number> {
  if (selector) await page.locator(selector).waitFor();
  try {
    const args = `${JSON.stringify(selector)}, ${JSON.stringify(path)}`;
    return (await page.evaluate(`(${TIME_TO_ROWS})(${args})`)) as number;
  } catch (error) {
    throw new Error(`${selector ?? page.url()}: ${String(error)}`);
  }
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

export async function benchNavigation(server: RunningServer): Promise<void> {
  const browser = await launchBrowser();
  try {
    const { context, page } = await newPage(browser, server.url);
    await signedIn(page, 'admin', 'Demo@2026', '100001');
    await openSystemGroup(page);

    // New list screens from the sidebar: every round closes all tabs first.
    const firstVisit: number[] = [];
    const newScreen: number[] = [];
    const switchTab: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const path of LIST_SCREENS) {
        const ms = await timeToRows(page, sideLink(path), path);
        (round === 0 ? firstVisit : newScreen).push(ms);
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

    // Reloads: the browser's cache holds the code, the console starts afresh.
    for (const [label, path] of [
      ['reload a list screen (/system/param) to rows', '/system/param'],
      ['reload /system/menu to rows', '/system/menu'],
    ] as const) {
      await page.goto(path);
      await timeToRows(page, null, path);
      const samples: number[] = [];
      for (let i = 0; i < RELOADS; i++) {
        await page.reload({ waitUntil: 'commit' });
        samples.push(await timeToRows(page, null, path));
      }
      console.log(`${label}: ${summary(samples)}`);
    }
    await context.close();
  } finally {
    await browser.close();
  }
}
