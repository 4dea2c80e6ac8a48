import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './api-client';
import { rowTexts } from './keyboard-form';
import { rowCommand } from './palette-keys';
import { signedIn } from './session';
import { serverAndBrowser } from './suite';

const PLANS = 'blade-quanyi-platform-supplier/advert/plan/list';

interface Plan {
  planName: string;
  state: string;
}

/**
 * Issue 28 "Done when": an ad plan paused and resumed from the keyboard (the palette's row
 * commands, which offer only what the ad plan machine allows), as the administrator.
 */
describe('ad plans, keyboard only', () => {
  const suite = serverAndBrowser();
  let api: ApiClient;
  beforeAll(async () => {
    api = new ApiClient(suite.server.url);
    await api.login('admin', 'admin', '000000', 'Quanyi@26');
  });

  it('pauses a running plan and resumes it', async () => {
    const running = await api.get<{ records: Plan[] }>(PLANS, { state: 'running', size: '50' });
    const plan = running.records[0]!;
    expect(plan).toBeDefined();
    const { context, page } = await suite.newPage();
    await signedIn(page, 'admin', 'Quanyi@26');
    await page.goto('/ad/advertisingPlan');
    await page.getByRole('heading', { name: '广告计划', level: 1 }).waitFor();
    const box = page
      .getByRole('form', { name: '筛选条件' })
      .first()
      .getByRole('textbox', { name: '计划名称' });
    await box.focus();
    await page.keyboard.type(plan.planName);
    await page.keyboard.press('Enter');
    await expect
      .poll(() => rowTexts(page, '广告计划'))
      .toEqual([expect.stringMatching(new RegExp(`${plan.planName}.*投放中`))]);
    const row = page.locator('tbody tr[data-row-index="0"]');

    for (const [action, after] of [
      ['暂停', '已暂停'],
      ['恢复', '投放中'],
    ] as const) {
      await row.focus();
      await rowCommand(page, action, plan.planName);
      const dialog = page.getByRole('dialog', { name: action });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: '确定' }).focus();
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'hidden' });
      await expect
        .poll(() => rowTexts(page, '广告计划'))
        .toEqual([expect.stringMatching(new RegExp(`${plan.planName}.*${after}`))]);
    }
    const now = await api.get<{ records: Plan[] }>(PLANS, { planName: plan.planName });
    expect(now.records.map((p) => p.state)).toEqual(['running']);
    await context.close();
  });
});
