import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi, type Mock } from 'vitest';
import { useState } from 'react';
import type { BatchTask } from '../../contracts/platform-supplier/batch-task';
import { PageVisibleContext } from '../../lib/page-visibility';
import { fail, renderSignedIn, reply, scriptFetch, type Call } from '../../test/signed-in';
import { giveTableAViewport } from '../../test/table-viewport';
import { ResourceScreen } from '../engine/resource-screen';
import type { ResourceDef } from '../types';
import batchTask from './batch-task';
import BatchTaskDialog, { daysSpanned } from './batch-task-dialog';
import { BatchTaskOutcome, BatchTaskProgress, TASK_POLL_MS } from './batch-task-progress';

const API = '/api/blade-quanyi-platform-supplier/batch-task';
const ROUTE = '/supplier/commodity-order/batch-refresh-verification-status';

beforeAll(() => giveTableAViewport());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const task = (fields: Partial<BatchTask> = {}): BatchTask => ({
  id: '71',
  taskName: '三月刷新',
  taskType: 'refreshVerification',
  taskTypeName: '刷新核销状态',
  state: 'running',
  stateName: '执行中',
  supId: '1',
  supName: '星巴克',
  goodId: null,
  goodName: null,
  issueStart: '2026-03-01 00:00:00',
  issueEnd: '2026-03-31 23:59:59',
  total: 200,
  processed: 80,
  succeeded: 80,
  failedCount: 0,
  progress: 40,
  result: null,
  error: null,
  startedAt: '2026-11-26 10:00:00',
  finishedAt: null,
  createTime: '2026-11-26 09:59:00',
  ...fields,
});

const paths = (calls: Call[]) =>
  calls.map((c) => `${c.method} ${decodeURIComponent(c.url).replace(/\?.*$/, '')}`);

describe('batch refresh of verification status: declaration', () => {
  it('reads listPage, shows a progress column of its own, and filters by name, state, type, time', () => {
    expect(batchTask.route).toBe(ROUTE);
    expect(batchTask.paths).toMatchObject({
      list: 'listPage',
      detail: 'find',
      remove: 'removeById/{id}',
    });
    expect(batchTask.permissions).toEqual({
      add: 'verify_refresh_task_add',
      remove: 'verify_refresh_task_delete',
      view: 'verify_refresh_task_view',
    });
    const progress = batchTask.columns.find((c) => c.field === 'progress');
    expect(progress?.cell).toBe(BatchTaskProgress);
    expect(batchTask.detailSection).toBe(BatchTaskOutcome);
    const state = batchTask.columns.find((c) => c.field === 'state');
    expect(state?.options?.map((o) => o.label.zh)).toEqual(['等待中', '执行中', '已完成', '失败']);
    expect(batchTask.filters?.map((f) => f.name)).toEqual([
      'taskName',
      'state',
      'taskType',
      'createTime',
    ]);
    expect(batchTask.removableWhen?.(task(), { superAdmin: false })).toBe(false);
    expect(batchTask.removableWhen?.(task({ state: 'done' }), { superAdmin: false })).toBe(true);
  });

  it('counts the days of a range with both ends', () => {
    expect(daysSpanned('2026-03-01', '2026-03-31')).toBe(31);
    expect(daysSpanned('2026-03-01', '2026-04-01')).toBe(32);
    expect(daysSpanned('2026-03-01', '2026-03-01')).toBe(1);
  });
});

describe('batch task progress', () => {
  it('polls a running task while its page shows, then reloads the list once it has finished', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let polls = 0;
    const calls = scriptFetch((call) => {
      if (call.url.startsWith('/api/blade-system/table-set')) return null;
      if (call.url.startsWith(`${API}/find`)) {
        polls += 1;
        return polls === 1
          ? task({ processed: 120, progress: 60 })
          : task({ state: 'done', processed: 200, progress: 100 });
      }
      if (call.url.startsWith(`${API}/listPage`))
        return {
          records: [polls >= 2 ? task({ state: 'done', processed: 200, progress: 100 }) : task()],
          total: 1,
          size: 10,
          current: 1,
          pages: 1,
        };
      return null;
    });
    window.history.replaceState(null, '', ROUTE);
    renderSignedIn(<ResourceScreen def={batchTask as unknown as ResourceDef} route={ROUTE} />, {
      permissions: ['verify_refresh_task', 'verify_refresh_task_view'],
    });
    expect(await screen.findByRole('progressbar', { name: '进度 60%' })).toBeTruthy();
    expect(screen.getByText('已处理 120 / 200')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(TASK_POLL_MS + 100));
    expect(await screen.findByRole('progressbar', { name: '进度 100%' })).toBeTruthy();
    // The list is read again: the row's state tag now says done.
    await waitFor(() =>
      expect(paths(calls).filter((p) => p === `GET ${API}/listPage`).length).toBeGreaterThanOrEqual(
        2,
      ),
    );
    const table = screen.getByRole('table');
    expect(await within(table).findByText('已完成')).toBeTruthy();
    // A finished task is not asked for again.
    const asked = polls;
    await act(() => vi.advanceTimersByTimeAsync(TASK_POLL_MS * 3));
    expect(polls).toBe(asked);
  });

  it('asks nothing while its page is hidden (a kept tab in the background), and at once when shown', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let polls = 0;
    scriptFetch(() => {
      polls += 1;
      return task();
    });
    function Kept() {
      const [shown, setShown] = useState(false);
      return (
        <>
          <button onClick={() => setShown(true)}>show</button>
          <PageVisibleContext.Provider value={shown}>
            <BatchTaskProgress row={task()} />
          </PageVisibleContext.Provider>
        </>
      );
    }
    renderSignedIn(<Kept />);
    await act(() => vi.advanceTimersByTimeAsync(TASK_POLL_MS * 5));
    expect(polls).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'show' }));
    await waitFor(() => expect(polls).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(TASK_POLL_MS + 100));
    expect(polls).toBe(2);
  });

  it('the detail drawer says what a finished task found, or why it failed', () => {
    scriptFetch(() => null);
    renderSignedIn(
      <BatchTaskOutcome
        row={task({
          state: 'done',
          progress: 100,
          result: JSON.stringify({ total: 200, checked: 190, used: 37, failed: 10 }),
        })}
      />,
    );
    expect(
      screen.getByText(
        '执行结果：共 200 个已发放券码，查询成功 190 个，其中 37 个已核销并记录核销；查询失败 10 个',
      ),
    ).toBeTruthy();
    cleanup();
    renderSignedIn(<BatchTaskOutcome row={task({ state: 'failed', error: '供应商接口超时' })} />);
    expect(screen.getByText('失败原因：供应商接口超时')).toBeTruthy();
  });

  it('asks nothing for a finished task', async () => {
    const calls = scriptFetch(() => null);
    renderSignedIn(<BatchTaskProgress row={task({ state: 'failed', progress: 30 })} />);
    expect(screen.getByRole('progressbar', { name: '进度 30%' })).toBeTruthy();
    await act(() => Promise.resolve());
    expect(calls).toHaveLength(0);
  });
});

describe('新建任务 dialog', () => {
  const SUPPLIERS = [{ id: '1', supName: '星巴克' }];

  it('refuses to send without a name, a supplier and a range', async () => {
    const calls = scriptFetch((call) => (call.url.includes('list-not-page') ? SUPPLIERS : []));
    const onClose = vi.fn();
    renderSignedIn(<BatchTaskDialog rows={[]} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: '新建任务' });
    fireEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    expect(await within(dialog).findByText('请输入任务名称')).toBeTruthy();
    expect(within(dialog).getByText('请选择供应商')).toBeTruthy();
    expect(within(dialog).getByText('请选择发放时间范围')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('offers no day after today: codes issued in the future do not exist (issue 25 item 19)', async () => {
    scriptFetch((call) => (call.url.includes('list-not-page') ? SUPPLIERS : []));
    renderSignedIn(<BatchTaskDialog rows={[]} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: '新建任务' });
    fireEvent.click(within(dialog).getByRole('button', { name: /发放时间范围/ }));
    const next = await waitFor(() => {
      const found = document.querySelector('[data-direction="next"]');
      if (!found) throw new Error('no calendar yet');
      return found;
    });
    expect(next.hasAttribute('data-disabled')).toBe(true);
    const today = new Date().getDate();
    const thisMonth = [
      ...document.querySelectorAll<HTMLButtonElement>('button[data-dates-day], table button'),
    ].filter((b) => /^\d+$/.test(b.textContent ?? '') && !b.hasAttribute('data-outside'));
    const future = thisMonth.filter((b) => Number(b.textContent) > today && !b.disabled);
    expect(future.filter((b) => !b.hasAttribute('data-disabled'))).toEqual([]);
    const past = thisMonth.find((b) => Number(b.textContent) === today);
    expect(past?.hasAttribute('data-disabled')).toBe(false);
  });

  it('sends one submit with an Idempotency-Key however often it is pressed, and says why a refusal', async () => {
    let release: (r: Response) => void = () => undefined;
    const calls = scriptFetch((call) => {
      if (call.url.includes('list-not-page')) return SUPPLIERS;
      if (call.url.includes('list-by-sup')) return [{ id: '9', goodName: '中杯券' }];
      if (call.method === 'POST') return new Promise<Response>((r) => (release = r));
      return null;
    });
    const onClose = vi.fn();
    renderSignedIn(<BatchTaskDialog rows={[]} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: '新建任务' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: '任务名称' }), {
      target: { value: '三月刷新' },
    });
    // Supplier: open the select and choose.
    const supplier = within(dialog).getByRole('textbox', { name: '供应商' });
    fireEvent.click(supplier);
    fireEvent.click(await screen.findByRole('option', { name: '星巴克' }));
    // Range: the first and the tenth of last month (no day after today is offered).
    fireEvent.click(within(dialog).getByRole('button', { name: /发放时间范围/ }));
    fireEvent.click(document.querySelector('[data-direction="previous"]')!);
    const days = (n: string) =>
      screen
        .getAllByRole('button', { name: new RegExp(`^${n} `) })
        .filter((b) => !b.hasAttribute('data-outside'));
    fireEvent.click(days('1')[0]!);
    fireEvent.click(days('10')[0]!);
    const submit = within(dialog).getByRole('button', { name: '提交' });
    fireEvent.click(submit);
    fireEvent.click(submit);
    fireEvent.submit(submit.closest('form')!);
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe(`${API}/submit`);
    expect(post.body).toMatchObject({ taskName: '三月刷新', supId: '1', goodId: '' });
    const body = post.body as { issueStart: string; issueEnd: string };
    expect(body.issueStart).toMatch(/-01 00:00:00$/);
    expect(body.issueEnd).toMatch(/-10 23:59:59$/);
    const init = (fetch as Mock).mock.calls.find(
      (c) => (c[1] as RequestInit)?.method === 'POST',
    )![1] as RequestInit;
    expect((init.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    release(reply(fail(400, '发放时间范围不能超过31天')));
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      '发放时间范围不能超过31天',
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});
