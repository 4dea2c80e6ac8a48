import { beforeAll, describe, expect, it } from 'vitest';
import { MENU_TREE } from '../../server/db/seed/menu-tree';
import { CUSTOM_SCREENS } from '../../src/app/custom-screens';
import { RESOURCE_ROUTES } from '../../src/resources/registry';
import { ApiClient } from './api-client';
import { serverAndBrowser } from './suite';
import {
  CLOSE_TABS_EVERY,
  closeAllTabs,
  HEADINGS,
  leaves,
  rawStates,
  shownIn,
  TABLES,
  watchAnswers,
} from './screen-walk';
import { signedIn } from './session';

/**
 * Screens with a page of their own in the router (the declared resources and custom screens are
 * found below); any other entry would be the "coming in a later release" placeholder, which the
 * walk now refuses.
 */
const OWN_PAGES = new Set(['/wel/index', '/info/index']);

describe('every seeded menu entry', () => {
  // Two worker processes (issue 30): the walk holds whichever process answers.
  const suite = serverAndBrowser({ WORKERS: '2' });
  beforeAll(async () => {
    await new ApiClient(suite.server.url).login('admin', 'admin', '000000', 'Quanyi@26');
  });

  it('opens for the administrator on its own screen, without a placeholder, one refused request or raw state name', async () => {
    const { context, page } = await suite.newPage();
    const answers = watchAnswers(page);
    await signedIn(page, 'admin', 'Quanyi@26');
    const missing: string[] = [];
    const placeholders: string[] = [];
    const refusedOn: string[] = [];
    const statesOn: string[] = [];
    const cellsRead = new Map<string, number>();
    /** What the screen just opened received and shows, once its requests are answered. */
    const checkScreen = async (path: string) => {
      await answers.settled();
      refusedOn.push(...answers.refused.splice(0).map((r) => `${path}: ${r}`));
      const shown = await rawStates(page, path);
      cellsRead.set(path, shown.cells);
      for (const state of shown.raw) statesOn.push(`${path}: ${state}`);
    };
    // Signing in asks for nothing the server refuses either.
    await checkScreen('/wel/index');
    for (const [index, leaf] of leaves(MENU_TREE).entries()) {
      if (index > 0 && index % CLOSE_TABS_EVERY === 0) await closeAllTabs(page);
      // In-app navigation (what a menu click does), not a page load per entry: ~150 full loads
      // took most of the test's time budget on 2 busy cores.
      await page.evaluate((path) => {
        window.history.pushState(null, '', path);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, leaf.path);
      // The kept-alive page on screen (the entries opened since the tabs were last closed stay
      // mounted, hidden).
      const main = page.locator(`[data-page-key^="${leaf.path}"]:visible`);
      if (OWN_PAGES.has(leaf.path)) {
        await page.waitForURL(`**${leaf.path}`);
        await checkScreen(leaf.path);
        continue;
      }
      if (leaf.path in RESOURCE_ROUTES) {
        // A declared resource: its list screen, with the table.
        const left = await shownIn(page, leaf.path, TABLES, 20_000);
        await main.getByRole('table').first().waitFor({ timeout: left });
        await checkScreen(leaf.path);
        continue;
      }
      if (leaf.path in CUSTOM_SCREENS) {
        // A screen of its own (lists, forms, references): a table, or its heading with the
        // menu name, and never the placeholder.
        const left = await shownIn(page, leaf.path, `${TABLES}, ${HEADINGS}`, 20_000);
        await main
          .getByRole('table')
          .or(main.getByRole('heading', { name: leaf.zh }))
          .first()
          .waitFor({ timeout: left });
        if ((await main.getByText('该功能将在后续版本提供').count()) > 0) missing.push(leaf.path);
        await checkScreen(leaf.path);
        continue;
      }
      placeholders.push(leaf.path);
      try {
        // The first placeholder loads its chunk: as long as a declared screen's first table.
        await main.getByText('该功能将在后续版本提供').waitFor({ timeout: 20_000 });
        await main.getByText(leaf.path, { exact: true }).waitFor({ timeout: 1000 });
        await main.getByRole('heading', { name: leaf.zh }).waitFor({ timeout: 1000 });
      } catch {
        missing.push(leaf.path);
      }
      await checkScreen(leaf.path);
    }
    expect(missing).toEqual([]);
    // Every seeded menu entry has its screen (the workflow's came last, issue 29).
    expect(placeholders).toEqual([]);
    // Every answer of 400 or above the console received on the way, and every state shown by
    // its machine name (issue 25 items 3 and 4).
    expect(refusedOn).toEqual([]);
    expect(statesOn).toEqual([]);
    // The cells were read: the lists of records in states show rows.
    for (const path of ['/supplier/commodity-order/list', '/supplier/commodity-unusual-order/list'])
      expect(cellsRead.get(path), path).toBeGreaterThan(10);
    await context.close();
  }, 600_000);
});
