import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdPlan } from '../../contracts/platform-ad/ad-plan';
import { fail, ok, renderSignedIn, reply, scriptFetch } from '../../test/signed-in';
import { giveTableAViewport } from '../../test/table-viewport';
import { ResourceScreen, type ResourceScreenProps } from '../engine/resource-screen';
import adPlans from './ad-plan';
import { PausePlanDialog } from './ad-plan-dialogs';

beforeAll(() => {
  giveTableAViewport();
  Element.prototype.scrollIntoView ??= () => undefined;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const A = '/api/blade-quanyi-platform-supplier/advert';
const plan = (over: Partial<AdPlan> = {}): AdPlan => ({
  id: 'a1',
  planName: '春季投放',
  advertiserId: 'v1',
  advertiserName: '鲜果超市',
  materialIds: 'm1',
  positionIds: 'p1',
  lotIds: null,
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  dailyBudget: 100,
  totalBudget: 1000,
  bid: 1,
  state: 'running',
  pauseFlag: 0,
  spent: 0,
  pauseReason: null,
  remark: null,
  version: 1,
  createTime: '2026-01-01 09:00:00',
  ...over,
});

async function renderPlans(permissions: string[]) {
  scriptFetch((call) =>
    call.url.startsWith(`${A}/plan/list`)
      ? {
          records: [
            plan(),
            plan({ id: 'a2', planName: '周末投放', state: 'paused', pauseFlag: 1 }),
            plan({ id: 'a3', planName: '新店草稿', state: 'draft' }),
            plan({ id: 'a4', planName: '节日结束', state: 'ended' }),
          ],
          total: 4,
          size: 20,
          current: 1,
          pages: 1,
        }
      : null,
  );
  window.history.replaceState(null, '', '/ad/advertisingPlan');
  renderSignedIn(
    <ResourceScreen
      def={adPlans as unknown as ResourceScreenProps['def']}
      route="/ad/advertisingPlan"
    />,
    { permissions },
  );
  await screen.findByText('节日结束', {}, { timeout: 8000 });
}

describe('广告计划 screen', { timeout: 30_000 }, () => {
  it('offers pause, resume, start and end only where the ad plan machine allows them', async () => {
    await renderPlans(['ad_plan', 'ad_plan_status', 'ad_plan_pause', 'ad_plan_copy']);
    /** The declared actions of a row: folded into its "more" menu. */
    const actions = async (name: string) => {
      fireEvent.click(screen.getByRole('button', { name: `${name} 的更多操作` }));
      const items = await screen.findAllByRole('menuitem');
      const labels = items.map((i) => i.getAttribute('aria-label'));
      fireEvent.keyDown(items[0]!, { key: 'Escape' });
      await waitFor(() => expect(screen.queryAllByRole('menuitem')).toHaveLength(0));
      return labels;
    };
    expect(await actions('春季投放')).toEqual([
      '暂停 春季投放',
      '结束投放 春季投放',
      '复制 春季投放',
    ]);
    expect(await actions('周末投放')).toEqual([
      '恢复 周末投放',
      '结束投放 周末投放',
      '复制 周末投放',
    ]);
    expect(await actions('新店草稿')).toEqual(['开始投放 新店草稿', '复制 新店草稿']);
    // An ended plan: copy only.
    expect(await actions('节日结束')).toEqual(['复制 节日结束']);
  });

  it('offers none of the moves without their buttons', async () => {
    await renderPlans(['ad_plan']);
    expect(screen.queryByRole('button', { name: /^(暂停|恢复|开始投放|结束投放) / })).toBeNull();
  });
});

describe('暂停 dialog', { timeout: 30_000 }, () => {
  it('sends the pause flag once by path and closes', async () => {
    let release!: (r: Response) => void;
    const pending = new Promise<Response>((resolve) => (release = resolve));
    const calls = scriptFetch(() => pending);
    const onClose = vi.fn();
    renderSignedIn(<PausePlanDialog rows={[plan()]} onClose={onClose} />);
    expect(screen.getByText('确定暂停计划「春季投放」？')).toBeTruthy();
    const submit = screen.getByRole('button', { name: '确定' });
    fireEvent.click(submit);
    fireEvent.click(submit);
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.url).toContain(
      `${A}/plan/setPlanPauseFlag/a1/1`,
    );
    release(reply(ok({ id: 'a1', state: 'paused', pauseFlag: 1 })));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
  });

  it('shows the refusal naming the state and stays open', async () => {
    scriptFetch(() => reply(fail(409, '广告计划当前状态为「已结束」，不能执行此操作')));
    const onClose = vi.fn();
    renderSignedIn(<PausePlanDialog rows={[plan()]} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('广告计划当前状态为「已结束」，不能执行此操作')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
