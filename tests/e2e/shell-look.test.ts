import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './api-client';
import { setLanguage } from './screen-walk';
import { serverAndBrowser } from './suite';
import { signedIn } from './session';

/*
 * Issue 16 items 2, 5, 13 and the axe check: the shell as an operator sees it, measured in
 * Chromium from computed colours and element boxes.
 */

// The console's CSP forbids inline scripts (addScriptTag), so axe is evaluated over CDP.
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const THEMES = [
  ['default', '默认主题', 'Default'],
  ['white', '白色主题', 'White'],
  ['dark', '黑色主题', 'Dark'],
  ['star', '炫彩主题', 'Star'],
  ['smart', '智能主题', 'Smart'],
  ['iview', 'iView 主题', 'iView'],
  ['vip', 'VIP 主题', 'VIP'],
  ['cool', '酷黑主题', 'Cool'],
  ['d2', 'D2 主题', 'D2'],
  ['hey', 'Hey 主题', 'Hey'],
] as const;

const ZH_TOP = [
  '首页',
  '供应商管理',
  '产品管理',
  '服务管理',
  '接入方管理',
  '业务管理',
  '财务管理',
  '广告管理',
  '设置',
  '工作流',
  '系统管理',
];
const EN_TOP = [
  'Home',
  'Supplier',
  'Product',
  'Service',
  'Access party',
  'Business',
  'Finance',
  'Ad',
  'Setting',
  'Workflow',
  'System',
];

interface Finding {
  what: string;
  text: string;
  fg: string;
  bg: string;
  ratio: number;
  need: number;
}

/**
 * Every visible text and icon of the top bar, the logo block, the sidebar (the active item
 * too) and the tab bar, with the contrast of its computed colour against the background it is
 * painted on (the nearest backgrounds up the tree, composited). Returns those below WCAG AA:
 * 4.5:1 for text, 3:1 for large text and icons.
 */
function lowContrast(page: Page): Promise<Finding[]> {
  return page.evaluate(() => {
    type Rgba = [number, number, number, number];
    const probe = document.createElement('canvas').getContext('2d')!;
    const parse = (css: string): Rgba => {
      const m = /rgba?\(([^)]+)\)/.exec(css);
      if (m) {
        const p = m[1]!
          .split(/[\s,/]+/)
          .filter(Boolean)
          .map(Number);
        return [p[0]!, p[1]!, p[2]!, p[3] ?? 1];
      }
      // color(srgb ...) or other notations: let a canvas normalise it.
      probe.fillStyle = '#000';
      probe.fillStyle = css;
      probe.fillRect(0, 0, 1, 1);
      const d = probe.getImageData(0, 0, 1, 1).data;
      return [d[0]!, d[1]!, d[2]!, d[3]! / 255];
    };
    const over = (top: Rgba, under: Rgba): Rgba => {
      const a = top[3] + under[3] * (1 - top[3]);
      if (a === 0) return [0, 0, 0, 0];
      const mix = (i: number) => (top[i]! * top[3] + under[i]! * under[3] * (1 - top[3])) / a;
      return [mix(0), mix(1), mix(2), a];
    };
    const backgroundOf = (el: Element): Rgba => {
      const layers: Rgba[] = [];
      for (let e: Element | null = el; e; e = e.parentElement) {
        const c = parse(getComputedStyle(e).backgroundColor);
        if (c[3] > 0) layers.push(c);
        if (c[3] >= 1) break;
      }
      let bg: Rgba = [255, 255, 255, 1];
      for (const layer of layers.reverse()) bg = over(layer, bg);
      return bg;
    };
    const lum = ([r, g, b]: Rgba) => {
      const f = (v: number) => {
        const s = v / 255;
        return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const ratio = (a: Rgba, b: Rgba) => {
      const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
      return (x! + 0.05) / (y! + 0.05);
    };
    const hex = (c: Rgba) =>
      '#' +
      c
        .slice(0, 3)
        .map((v) => Math.round(v).toString(16).padStart(2, '0'))
        .join('');
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      if (r.width < 1 || r.height < 1) return false;
      if (el.closest('[inert], [aria-hidden="true"]')) return false;
      const s = getComputedStyle(el);
      return s.visibility !== 'hidden' && s.display !== 'none' && Number(s.opacity) > 0.1;
    };
    // The tab bar: the row in the main area that holds the open pages' navigation.
    let tabs: Element | null = document.querySelector(
      'nav[aria-label="已打开的页面"], nav[aria-label="Open pages"]',
    );
    while (tabs && tabs.parentElement && tabs.parentElement.id !== 'main-content')
      tabs = tabs.parentElement;
    const regions: [string, Element | null][] = [
      ['header', document.querySelector('header')],
      [
        'sidebar',
        document.querySelector('nav[aria-label="侧边菜单"], nav[aria-label="Side menu"]'),
      ],
      ['tabs', tabs],
    ];
    const out: {
      what: string;
      text: string;
      fg: string;
      bg: string;
      ratio: number;
      need: number;
    }[] = [];
    for (const [what, root] of regions) {
      if (!root) {
        out.push({ what: `${what} missing`, text: '', fg: '', bg: '', ratio: 0, need: 0 });
        continue;
      }
      // Text: every element with its own text; icons: every svg.
      for (const el of root.querySelectorAll('*')) {
        const own = [...el.childNodes]
          .filter((n) => n.nodeType === Node.TEXT_NODE)
          .map((n) => n.textContent ?? '')
          .join('')
          .trim();
        const isIcon = el.tagName.toLowerCase() === 'svg';
        if ((!own && !isIcon) || !visible(el)) continue;
        const s = getComputedStyle(el);
        const fgRaw = parse(
          isIcon && s.stroke !== 'none' && !s.stroke.startsWith('url') ? s.stroke : s.color,
        );
        const bg = backgroundOf(el);
        const fg = over(fgRaw, bg);
        const size = parseFloat(s.fontSize);
        const large = size >= 24 || (size >= 18.66 && Number(s.fontWeight) >= 700);
        const need = isIcon || large ? 3 : 4.5;
        const r = ratio(fg, bg);
        if (r < need)
          out.push({
            what,
            text: own || el.closest('[aria-label]')?.getAttribute('aria-label') || 'icon',
            fg: hex(fg),
            bg: hex(bg),
            ratio: Math.round(r * 100) / 100,
            need,
          });
      }
    }
    return out;
  });
}

/** axe-core over the shell's regions: serious and critical violations only. */
async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...a: unknown[]) => Promise<unknown> } }).axe;
    let tabs: Element | null = document.querySelector(
      'nav[aria-label="已打开的页面"], nav[aria-label="Open pages"]',
    );
    while (tabs && tabs.parentElement && tabs.parentElement.id !== 'main-content')
      tabs = tabs.parentElement;
    const include = [
      document.querySelector('header'),
      document.querySelector('nav[aria-label="侧边菜单"], nav[aria-label="Side menu"]'),
      tabs,
    ].filter((e): e is Element => e !== null);
    const result = (await axe.run({ include }, { resultTypes: ['violations'] })) as {
      violations: { id: string; impact: string; nodes: { target: string[] }[] }[];
    };
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

async function pickTheme(page: Page, label: string): Promise<void> {
  await page.getByRole('button', { name: /^(主题|Theme)$/ }).click();
  await page.getByRole('menuitem', { name: label, exact: true }).click();
  await page.getByRole('menu').waitFor({ state: 'detached' });
}

/** The top-menu buttons and the "more" trigger, with their boxes and the header's. */
function topMenuBoxes(page: Page) {
  return page.evaluate(() => {
    const nav = document.querySelector('nav[aria-label="顶部菜单"], nav[aria-label="Top menus"]');
    const toolbar = document.querySelector('header [role="toolbar"]')!.getBoundingClientRect();
    const header = document.querySelector('header')!.getBoundingClientRect();
    const items = nav
      ? [...nav.querySelectorAll('button')]
          .filter((b) => {
            const r = b.getBoundingClientRect();
            return r.width > 0 && !b.closest('[aria-hidden="true"]');
          })
          .map((b) => {
            const r = b.getBoundingClientRect();
            const label = b.querySelector('.mantine-Button-label') ?? b;
            return {
              text: b.textContent ?? '',
              more: b.hasAttribute('data-more'),
              left: r.left,
              right: r.right,
              clipped: label.scrollWidth > label.clientWidth + 0.5,
            };
          })
      : [];
    return { items, header: { left: header.left, right: header.right }, toolbarLeft: toolbar.left };
  });
}

describe('the shell look in Chromium', () => {
  const suite = serverAndBrowser();
  beforeAll(async () => {
    await new ApiClient(suite.server.url).login('admin', 'admin', '000000', 'Quanyi@26');
  });

  it('passes WCAG AA contrast and axe in all ten themes, zh and en, with the full site name', async () => {
    const { context, page } = await suite.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await signedIn(page, 'operator', 'Demo@2026');
    const failures: string[] = [];
    for (const lang of ['zh', 'en'] as const) {
      if (lang === 'en') await setLanguage(page, 'en');
      // The site name is not cut in the logo block.
      const logo = await page.evaluate(() => {
        const title = document.querySelector('header a[href="/wel/index"] > span');
        return title
          ? { text: title.textContent, scroll: title.scrollWidth, client: title.clientWidth }
          : undefined;
      });
      if (!logo || logo.scroll > logo.client)
        failures.push(
          `${lang}: logo title "${logo?.text}" needs ${logo?.scroll} px of ${logo?.client}`,
        );
      for (const [name, zh, en] of THEMES) {
        await pickTheme(page, lang === 'zh' ? zh : en);
        await expect
          .poll(() => page.evaluate(() => localStorage.getItem('quanyi.theme')))
          .toBe(JSON.stringify(name));
        for (const f of await lowContrast(page))
          failures.push(
            `${name}/${lang} ${f.what} "${f.text}" ${f.fg} on ${f.bg} = ${f.ratio} < ${f.need}`,
          );
        for (const v of await axeViolations(page)) failures.push(`${name}/${lang} axe ${v}`);
      }
    }
    expect(failures).toEqual([]);
    await context.close();
  });

  it('shows sales and operator only the top menus they can use, each with a sidebar', async () => {
    for (const [account, tenant] of [
      ['sales', '100001'],
      ['operator', '000000'],
    ] as const) {
      const { context, page } = await suite.newPage();
      await page.setViewportSize({ width: 1440, height: 900 });
      await signedIn(page, account, 'Demo@2026', tenant);
      const nav = page.getByRole('navigation', { name: '顶部菜单' });
      await nav.getByRole('button').first().waitFor();
      const more = nav.getByRole('button', { name: '更多' });
      const labels = (await nav.getByRole('button').allInnerTexts()).filter((l) => l !== '更多');
      if (await more.count()) {
        await more.click();
        const menu = page.getByRole('menu', { name: '更多' });
        labels.push(...(await menu.getByRole('menuitem').allInnerTexts()));
        await page.keyboard.press('Escape');
        await menu.waitFor({ state: 'detached' });
      }
      // A staff user has the home page and 我的事务 (workflow: start, to do, leave requests).
      if (account === 'sales') expect(labels).toEqual(['全部', '首页', '工作流']);
      else expect(labels).not.toContain('系统管理');
      // Every top menu leads to a sidebar with at least one screen.
      for (const label of labels.filter((l) => l !== '全部')) {
        const button = nav.getByRole('button', { name: label, exact: true });
        if (await button.count()) await button.click();
        else {
          await more.click();
          await page.getByRole('menuitem', { name: label, exact: true }).click();
        }
        const sidebar = page.getByRole('navigation', { name: '侧边菜单' });
        await expect
          .poll(() => sidebar.locator('[data-menu-item]').count(), {
            message: `${account}/${label}`,
          })
          .toBeGreaterThan(0);
        expect(await sidebar.getByText('暂无可用菜单').count()).toBe(0);
      }
      await context.close();
    }
  });

  it('fits the administrator’s top menus in the header at 1440 and 1100 px, the rest under "more", zh and en', async () => {
    const { context, page } = await suite.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await signedIn(page, 'admin', 'Quanyi@26');
    for (const lang of ['zh', 'en'] as const) {
      if (lang === 'en') await setLanguage(page, 'en');
      const all = lang === 'zh' ? ['全部', ...ZH_TOP] : ['All', ...EN_TOP];
      // 1440 px as the issue measured; 1100 px so that the zh names overflow even with this
      // machine's narrow fallback glyphs (operators' CJK fonts are wider).
      for (const width of [1440, 1100]) {
        await page.setViewportSize({ width, height: 900 });
        const nav = page.getByRole('navigation', {
          name: lang === 'zh' ? '顶部菜单' : 'Top menus',
        });
        await nav.getByRole('button').first().waitFor();
        const where = `${lang} ${width}px`;
        let boxes = await topMenuBoxes(page);
        await expect
          .poll(async () => {
            boxes = await topMenuBoxes(page);
            return boxes.items.every((i) => i.right <= boxes.toolbarLeft);
          })
          .toBe(true);
        // Every visible item is whole and inside the header, left of the toolbar.
        for (const item of boxes.items) {
          expect(item.left, `${where} ${item.text}`).toBeGreaterThanOrEqual(boxes.header.left);
          expect(item.right, `${where} ${item.text}`).toBeLessThanOrEqual(boxes.toolbarLeft);
          expect(item.clipped, `${where} ${item.text} clipped`).toBe(false);
        }
        const shown = boxes.items.filter((i) => !i.more).map((i) => i.text);
        const more = boxes.items.some((i) => i.more);
        if (width === 1100 || lang === 'en') expect(more, `${where}: a "more" trigger`).toBe(true);
        let hidden: string[] = [];
        if (more) {
          // Keyboard: focus the trigger, open with Enter, pick with the arrows.
          const moreName = lang === 'zh' ? '更多' : 'More';
          await nav.getByRole('button', { name: moreName }).focus();
          await page.keyboard.press('Enter');
          const menu = page.getByRole('menu', { name: moreName });
          await menu.waitFor();
          hidden = await menu.getByRole('menuitem').allInnerTexts();
          await page.keyboard.press('ArrowDown');
          await page.keyboard.press('Enter');
          await menu.waitFor({ state: 'detached' });
          await expect
            .poll(() =>
              page
                .getByRole('navigation', { name: lang === 'zh' ? '侧边菜单' : 'Side menu' })
                .locator('[data-menu-item]')
                .count(),
            )
            .toBeGreaterThan(0);
        }
        // Every top menu is reachable: on the bar or under "more", once.
        expect([...shown, ...hidden], where).toEqual(all);
      }
      await page.setViewportSize({ width: 1440, height: 900 });
    }
    await context.close();
  });
});
