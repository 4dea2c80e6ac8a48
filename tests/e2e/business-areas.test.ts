import { beforeAll, describe, expect, it } from 'vitest';
import { MENU_TREE } from '../../server/db/seed/menu-tree';
import { ApiClient } from './api-client';
import {
  CLOSE_TABS_EVERY,
  closeAllTabs,
  HEADINGS,
  leaves,
  rawStates,
  setLanguage,
  shownIn,
  TABLES,
  watchAnswers,
} from './screen-walk';
import { signedIn } from './session';
import { serverAndBrowser } from './suite';

const PLACEHOLDER = /该功能将在后续版本提供|This screen arrives in a later release/;

/**
 * Issue 28 "Done when": every screen of the Business, Ad, Finance and Service menus works in
 * Chromium as the administrator in English (menu-reach.test.ts walks them in Chinese), and the
 * finance area as the `finance` user in Chinese and English: each shows its table or its heading,
 * no placeholder, no refused request and no state by its machine name.
 */
describe('the business, ad, finance and service screens', () => {
  const suite = serverAndBrowser();
  beforeAll(async () => {
    await new ApiClient(suite.server.url).login('admin', 'admin', '000000', 'Quanyi@26');
  });

  it.each([
    ['admin', 'en', 'Quanyi@26', /^\/(business|finance|ad|service)\//],
    ['finance', 'zh', 'Demo@2026', /^\/finance\//],
    ['finance', 'en', 'Demo@2026', /^\/finance\//],
  ] as const)(
    '%s opens each screen in %s',
    async (account, lang, password, area) => {
      const { context, page } = await suite.newPage();
      const answers = watchAnswers(page);
      await signedIn(page, account, password);
      if (lang === 'en') await setLanguage(page, 'en');
      const screens = leaves(MENU_TREE).filter((leaf) => area.test(leaf.path));
      expect(screens.length).toBeGreaterThan(2);
      const problems: string[] = [];
      for (const [index, leaf] of screens.entries()) {
        if (index > 0 && index % CLOSE_TABS_EVERY === 0) await closeAllTabs(page);
        await page.evaluate((path) => {
          window.history.pushState(null, '', path);
          window.dispatchEvent(new PopStateEvent('popstate'));
        }, leaf.path);
        const main = page.locator(`[data-page-key^="${leaf.path}"]:visible`);
        const left = await shownIn(page, leaf.path, `${TABLES}, ${HEADINGS}`, 20_000);
        try {
          await main
            .getByRole('table')
            .or(main.getByRole('heading', { name: lang === 'zh' ? leaf.zh : leaf.en }))
            .first()
            .waitFor({ timeout: left });
        } catch {
          problems.push(`${leaf.path}: neither a table nor its heading`);
        }
        await answers.settled();
        if (PLACEHOLDER.test(await main.innerText())) problems.push(`${leaf.path}: placeholder`);
        problems.push(...answers.refused.splice(0).map((r) => `${leaf.path}: ${r}`));
        for (const state of (await rawStates(page, leaf.path)).raw)
          problems.push(`${leaf.path}: state ${state}`);
      }
      expect(problems).toEqual([]);
      await context.close();
    },
    300_000,
  );
});
