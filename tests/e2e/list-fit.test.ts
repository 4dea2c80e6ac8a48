import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './api-client';
import { signedIn } from './session';
import { serverAndBrowser } from './suite';

/**
 * Issue 25 items 9-12 as an operator sees them, in Chromium at 1440 x 900: list screens that fit
 * (the key columns on screen without scrolling sideways, some 15 rows, the table body the page's
 * one scroll area with its sum footer and pagination in view), labelled totals with whole
 * quantities, money with thousands separators, and the report's charts drawn with readable axes.
 */

const SEPARATED = /^-?\d{1,3}(,\d{3})*\.\d{2}$/;

async function open(page: Page, path: string): Promise<Locator> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  const main = page.locator(`[data-page-key^="${path}"]:visible`);
  await main.getByRole('table').first().locator('tbody tr').first().waitFor({ timeout: 20_000 });
  return main;
}

interface Fit {
  pageScrolls: boolean;
  sideways: boolean;
  rowHeight: number;
  rowsShown: number;
  rowsRoom: number;
  footerShown: boolean;
  pagerShown: boolean;
  /** Header label -> whether the whole header cell is in view (not under the pinned column). */
  columns: Record<string, boolean>;
}

/** How the list screen sits in the window (read in the page, in one go). */
async function fit(main: Locator): Promise<Fit> {
  return main.evaluate((page) => {
    const container = page.querySelector<HTMLElement>('.mrt-table-container')!;
    const box = container.getBoundingClientRect();
    const head = page.querySelector('thead')!.getBoundingClientRect();
    const foot = page.querySelector('tfoot')?.getBoundingClientRect();
    const rows = [...page.querySelectorAll('tbody tr')].map((r) => r.getBoundingClientRect());
    const rowHeight = rows[0]?.height ?? 0;
    const pinned = page.querySelector('thead th[data-column-pinned="right"]');
    const right = pinned ? pinned.getBoundingClientRect().left : box.right;
    const columns: Record<string, boolean> = {};
    for (const th of page.querySelectorAll('thead th')) {
      const r = th.getBoundingClientRect();
      const label = (th.textContent ?? '').trim();
      if (label) columns[label] = r.left >= box.left - 1 && r.right <= right + 1 && r.width > 0;
    }
    const pager = page.querySelector('nav[aria-label]')?.getBoundingClientRect();
    const inWindow = (r: DOMRect | undefined) =>
      Boolean(r && r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight);
    const footHeight = foot && foot.height > 0 ? foot.height : 0;
    return {
      pageScrolls: page.scrollHeight > page.clientHeight + 1,
      sideways: container.scrollWidth > container.clientWidth + 1,
      rowHeight,
      rowsShown: rows.filter(
        (r) => r.top >= head.bottom - 1 && r.bottom <= box.bottom - footHeight + 1,
      ).length,
      rowsRoom: Math.floor((box.bottom - head.bottom - footHeight) / (rowHeight || 1)),
      footerShown: inWindow(foot),
      pagerShown: inWindow(pager),
      columns,
    };
  });
}

describe('list screens at 1440 x 900 (issue 25 items 9-12)', () => {
  const suite = serverAndBrowser();
  let page: Page;

  beforeAll(async () => {
    await new ApiClient(suite.server.url).login('admin', 'admin', '000000', 'Quanyi@26');
    const context = await suite.browser.newContext({
      baseURL: suite.server.url,
      locale: 'zh-CN',
      viewport: { width: 1440, height: 900 },
    });
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await signedIn(page, 'admin', 'Quanyi@26');
  });

  it.each([
    [
      '供应商订单',
      '/supplier/commodity-order/list',
      ['实付金额', '成本金额', '订单状态', '下单时间'],
    ],
    ['商品管理', '/supplier/commodity-list', ['成本价', '上架状态', '启用状态', '创建时间']],
    ['供应商管理', '/supplier/supplier-list', ['状态', '创建时间']],
  ] as const)('%s fits: key columns in view, ~15 rows, one scroll area', async (_, path, keys) => {
    const main = await open(page, path);
    const shown = await fit(main);
    for (const key of keys) expect(shown.columns[key], `${path} ${key}`).toBe(true);
    expect(shown.sideways, `${path} scrolls sideways`).toBe(false);
    expect(shown.pageScrolls, `${path}: the page scrolls around the table`).toBe(false);
    expect(shown.rowsRoom, `${path} rows of ${shown.rowHeight} px`).toBeGreaterThanOrEqual(15);
    const total = await main.locator('tbody tr').count();
    expect(shown.rowsShown).toBeGreaterThanOrEqual(Math.min(15, total));
    expect(shown.pagerShown).toBe(true);
  });

  it('the order list labels its page total, counts whole quantities and separates thousands', async () => {
    const main = await open(page, '/supplier/commodity-order/list');
    const shown = await fit(main);
    expect(shown.footerShown).toBe(true);
    const footer = await main.locator('tfoot th').allInnerTexts();
    expect(footer[0]).toBe('本页合计');
    const header = await main.locator('thead th').allInnerTexts();
    const at = (label: string) => header.findIndex((h) => h.trim() === label);
    expect(footer[at('数量')]).toMatch(/^\d{1,3}(,\d{3})*$/);
    for (const label of ['面值金额', '实付金额', '成本金额']) {
      expect(footer[at(label)], label).toMatch(SEPARATED);
      const cells = await main.locator(`tbody tr td:nth-child(${at(label) + 1})`).allInnerTexts();
      for (const cell of cells) expect(cell, label).toMatch(SEPARATED);
    }
  });

  it('the project report totals every row (全部合计) with the margin, beside the page (本页合计)', async () => {
    const main = await open(page, '/finance/project-reportList');
    const panel = main.getByRole('tabpanel');
    const header = await panel.locator('thead th').allInnerTexts();
    const footer = panel.locator('tfoot th');
    const at = (label: string) => header.findIndex((h) => h.trim() === label);
    expect(at('毛利')).toBeGreaterThan(0);
    const labels = (await footer.nth(0).innerText()).split('\n');
    const pages = await panel.getByRole('button', { name: '第 2 页' }).count();
    expect(labels).toEqual(pages > 0 ? ['本页合计', '全部合计'] : ['全部合计']);
    const lines = (label: string) =>
      footer
        .nth(at(label))
        .innerText()
        .then((text) => text.split('\n'));
    for (const quantity of await lines('数量')) expect(quantity).toMatch(/^-?\d{1,3}(,\d{3})*$/);
    for (const label of ['实收金额', '成本金额', '毛利'])
      for (const value of await lines(label)) expect(value, label).toMatch(SEPARATED);
  });

  it('the report charts draw their lines, compact axes with room, and every supplier', async () => {
    const main = await open(page, '/finance/project-reportList');
    const figures = main.getByRole('tabpanel').locator('figure');
    await figures.first().locator('.recharts-surface').waitFor();
    const charts = await figures.evaluateAll((boxes) =>
      boxes.map((figure) => {
        const svg = figure.querySelector('svg.recharts-surface')!.getBoundingClientRect();
        const ticks = [
          ...figure.querySelectorAll('.recharts-yAxis .recharts-cartesian-axis-tick text'),
        ];
        return {
          lines: [...figure.querySelectorAll('path.recharts-line-curve')].map((p) => ({
            d: p.getAttribute('d') ?? '',
            stroke: getComputedStyle(p).stroke,
          })),
          yTicks: ticks.map((t) => t.textContent ?? ''),
          clipped: ticks.some((t) => t.getBoundingClientRect().left < svg.left - 0.5),
          xTicks: [...figure.querySelectorAll('.recharts-xAxis .recharts-cartesian-axis-tick')]
            .length,
          bars: figure.querySelectorAll('.recharts-bar-rectangle').length,
        };
      }),
    );
    const [perMonth, perSupplier] = charts;
    expect(perMonth!.lines).toHaveLength(2);
    for (const line of perMonth!.lines) {
      expect(line.d).toMatch(/^M[\d.]+,[\d.]+L/);
      expect(line.stroke).not.toBe('none');
    }
    expect(perMonth!.yTicks.length).toBeGreaterThan(1);
    for (const tick of perMonth!.yTicks) expect(tick).toMatch(/^(-?[\d.]+万|-?\d{1,3}(,\d{3})*)$/);
    expect(perMonth!.clipped).toBe(false);
    // Bars across: one category row per supplier (two bars each), every one labelled.
    expect(perSupplier!.bars).toBeGreaterThan(0);
    expect(perSupplier!.yTicks).toHaveLength(perSupplier!.bars / 2);
    for (const name of perSupplier!.yTicks) expect(name.length).toBeGreaterThan(0);
    expect(perSupplier!.clipped).toBe(false);
  });
});
