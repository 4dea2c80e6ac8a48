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
  page.on('request', () => void open++);
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
    /** Until no request has been open for 300 ms (at most `ms`): the screen has had its answers. */
    async settled(ms = 10_000) {
      const until = Date.now() + ms;
      let quietSince = Date.now();
      while (Date.now() < until) {
        if (open > 0) quietSince = Date.now();
        else if (Date.now() - quietSince >= 300) return;
        await page.waitForTimeout(50);
      }
    },
  };
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

/** Switches the console's language from the top bar. */
export async function setLanguage(page: Page, lang: 'zh' | 'en'): Promise<void> {
  await page.getByRole('button', { name: /^(语言|Language)$/ }).click();
  await page.getByRole('menuitem', { name: lang === 'zh' ? '中文' : 'English' }).click();
  await page.getByRole('menu').waitFor({ state: 'detached' });
  await page.getByRole('navigation', { name: lang === 'zh' ? '侧边菜单' : 'Side menu' }).waitFor();
}
