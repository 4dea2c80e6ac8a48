import type { Page, Response } from 'playwright-core';
import { adPlanLifecycle } from '../../machines/lifecycles/ad-plan-machine';
import { couponCodeLifecycle } from '../../machines/lifecycles/coupon-code-machine';
import { errorOrderLifecycle } from '../../machines/lifecycles/error-order-machine';
import { parkBillLifecycle } from '../../machines/lifecycles/park-bill-machine';
import { payOrderLifecycle } from '../../machines/lifecycles/pay-order-machine';
import { refundLifecycle } from '../../machines/lifecycles/refund-machine';
import { supOrderLifecycle } from '../../machines/lifecycles/sup-order-machine';
import type { SeedMenu } from '../../server/db/seed/menu-tree';

/** The walks over menu screens (menu-reach.test.ts, business-areas.test.ts). */

export const leaves = (nodes: SeedMenu[]): SeedMenu[] =>
  nodes.flatMap((n) => (n.children?.length ? leaves(n.children) : [n]));

/**
 * Answers of 400 and above that the walk expects, with the reason: none. A screen that asks for
 * something the server refuses shows the user an error toast the user did not cause (issue 25
 * item 3: table-set refused `supplierMerchant/management` on every visit).
 */
const EXPECTED_REFUSALS: readonly { url: RegExp; status: number; why: string }[] = [];

/** Every lifecycle state id: a cell showing one shows a machine name, not a label. */
const STATE_IDS = new Set(
  [
    couponCodeLifecycle,
    supOrderLifecycle,
    errorOrderLifecycle,
    refundLifecycle,
    parkBillLifecycle,
    adPlanLifecycle,
    payOrderLifecycle,
  ].flatMap((l) => Object.keys(l.states)),
);

/** Watches the page's HTTP answers: those of 400 and above, and the requests still open. */
export function watchAnswers(page: Page) {
  const refused: string[] = [];
  let open = 0;
  let started = 0;
  page.on('request', () => {
    open++;
    started++;
  });
  const done = () => void (open = Math.max(0, open - 1));
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  page.on('response', (response: Response) => {
    const status = response.status();
    const url = response.url();
    if (status < 400) return;
    if (EXPECTED_REFUSALS.some((e) => e.status === status && e.url.test(url))) return;
    refused.push(
      `${status} ${response.request().method()} ${url.replace(/^https?:\/\/[^/]+/, '')}`,
    );
  });
  return {
    refused,
    /**
     * Until the screen has had its answers (at most `ms`): no request open, then a frame and an
     * idle moment of the page (the answers drawn, the requests their effects make sent) without
     * a request started meanwhile.
     */
    async settled(ms = 10_000) {
      const until = Date.now() + ms;
      while (Date.now() < until) {
        if (open > 0) {
          await page.waitForTimeout(50);
          continue;
        }
        const before = started;
        await page.evaluate(
          () =>
            new Promise<void>((resolve) => {
              // Bounded: a page that draws no frames still answers.
              setTimeout(resolve, 1000);
              requestAnimationFrame(() => requestIdleCallback(() => resolve(), { timeout: 1000 }));
            }),
        );
        if (open === 0 && started === before) return;
      }
    },
  };
}

/** CSS for what `getByRole('table')` and `getByRole('heading')` find, for {@link shownIn}. */
export const TABLES = 'table, [role="table"]';
export const HEADINGS = 'h1, h2, h3, h4, h5, h6, [role="heading"]';

/**
 * Waits until the kept-alive page of `path` on screen shows an element matching `css` (checked in
 * the page on every frame), at most `timeout` ms and without failing; answers what is left of
 * `timeout` (at least a second) for the check by role that follows. Playwright's own waits poll
 * every 500 ms after their first 270 ms: woken by this one, each screen's check is done about
 * half a second sooner.
 */
export async function shownIn(
  page: Page,
  path: string,
  css: string,
  timeout: number,
): Promise<number> {
  const until = Date.now() + timeout;
  await page
    .waitForFunction(
      ([path, css]) => {
        const visible = (e: Element) => {
          const box = e.getBoundingClientRect();
          return box.width > 0 && box.height > 0 && getComputedStyle(e).visibility === 'visible';
        };
        return [...document.querySelectorAll(`[data-page-key^="${path}"]`)].some(
          (kept) => visible(kept) && [...kept.querySelectorAll(css)].some(visible),
        );
      },
      [path, css] as const,
      { polling: 'raf', timeout },
    )
    .catch(() => undefined);
  return Math.max(1000, until - Date.now());
}

/** Texts of the visible table cells of the page on screen that are exactly a state id. */
export async function rawStates(
  page: Page,
  path: string,
): Promise<{ cells: number; raw: string[] }> {
  const texts = await page
    .locator(`[data-page-key^="${path}"]:visible td`)
    .evaluateAll((cells) => cells.map((c) => (c.textContent ?? '').trim()));
  return { cells: texts.length, raw: [...new Set(texts.filter((text) => STATE_IDS.has(text)))] };
}

/**
 * Kept-alive pages stay laid out (hidden) and every open tab is drawn in the tab bar: after a few
 * dozen screens each navigation took 2 to 4 times as long to show its table. The walks close
 * their tabs every this many screens, from the tab bar as a user does.
 */
export const CLOSE_TABS_EVERY = 5;

/** Closes every tab from the tab bar's actions menu (back on the home page). */
export async function closeAllTabs(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^(标签页操作|Tab actions)$/ }).click();
  await page.getByRole('menuitem', { name: /^(关闭全部|Close all)$/ }).click();
  await page.waitForURL('**/wel/index');
  await page.getByRole('menu').waitFor({ state: 'detached' });
}

/** Switches the console's language from the top bar. */
export async function setLanguage(page: Page, lang: 'zh' | 'en'): Promise<void> {
  await page.getByRole('button', { name: /^(语言|Language)$/ }).click();
  await page.getByRole('menuitem', { name: lang === 'zh' ? '中文' : 'English' }).click();
  await page.getByRole('menu').waitFor({ state: 'detached' });
  await page.getByRole('navigation', { name: lang === 'zh' ? '侧边菜单' : 'Side menu' }).waitFor();
}
