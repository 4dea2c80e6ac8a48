import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD, DEMO_TENANT } from '../../../server/test/support';
import type { FlowTask } from '../../contracts/blade-flow/task';
import { ResourceScreen, type ResourceScreenProps } from '../../resources/engine/resource-screen';
import todoScreen from '../../resources/blade-flow-work/todo';
import { serveInProcess, type InProcessServer } from '../../test/in-process-server';
import { renderSignedIn } from '../../test/signed-in';
import { giveTableAViewport } from '../../test/table-viewport';
import { LeaveDetailPage, LeaveHandlePage } from './leave-pages';

/*
 * The leave process through the console against the real server (design.md convention 9): the
 * demo tenant's administrator finds the sales user's demo request in 待办事务, 办理 opens the
 * handle page, 同意 completes the task on the engine, and the detail page shows the decision in
 * the history.
 */
let api: InProcessServer;
let session: { access_token: string; tenant_id: string; user_id: string };

beforeAll(async () => {
  giveTableAViewport();
  Element.prototype.scrollIntoView ??= () => undefined;
  api = await serveInProcess();
  const login = await api.server.tokenRequest('admin', DEMO_PASSWORD, DEMO_TENANT);
  session = login.json() as typeof session;
}, 120_000);
afterAll(async () => {
  vi.unstubAllGlobals();
  await api.close();
});
afterEach(cleanup);

const get = async <T,>(url: string, query: Record<string, string> = {}) =>
  ((await api.server.get(url, session.access_token, query)).json() as { data: T }).data;

describe('leave approval in the console', { timeout: 60_000 }, () => {
  it('待办事务 -> 办理 -> 同意 -> the detail with the decision in the history', async () => {
    const before = await get<{ records: FlowTask[] }>('/api/blade-flow/work/todo-list', {
      current: '1',
      size: '20',
    });
    const task = before.records.find((t) => t.processKey === 'leave');
    expect(task).toBeDefined();
    const counted = await get<{ todo: number }>('/api/blade-flow/work/todo-count');

    renderSignedIn(
      <MemoryRouter initialEntries={['/work/todo']}>
        <Routes>
          <Route
            path="/work/todo"
            element={
              <ResourceScreen
                def={todoScreen as unknown as ResourceScreenProps['def']}
                route="/work/todo"
              />
            }
          />
          <Route
            path="/work/process/leave/handle/:taskId/:processInstanceId/:businessId"
            element={<LeaveHandlePage />}
          />
          <Route
            path="/work/process/leave/detail/:processInstanceId/:businessId"
            element={<LeaveDetailPage />}
          />
        </Routes>
      </MemoryRouter>,
      { session, permissions: ['work_todo', 'work_todo_view', 'work_todo_handle'] },
    );
    const label = `${task!.name} · ${task!.processDefinitionName}`;
    const more = await screen.findByRole(
      'button',
      { name: `${label} 的更多操作` },
      { timeout: 15_000 },
    );
    fireEvent.click(more);
    fireEvent.click(await screen.findByRole('menuitem', { name: `办理 ${label}` }));

    const decision = await screen.findByRole('region', { name: '审批' }, { timeout: 15_000 });
    fireEvent.change(within(decision).getByRole('textbox', { name: '审批意见' }), {
      target: { value: '同意，交接好工作' },
    });
    fireEvent.click(within(decision).getByRole('button', { name: '同意' }));

    expect(
      await screen.findByRole('heading', { name: '请假详情' }, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(await screen.findByText('同意，交接好工作', {}, { timeout: 15_000 })).toBeTruthy();
    const after = await get<{ todo: number }>('/api/blade-flow/work/todo-count');
    expect(after.todo).toBe(counted.todo - 1);
    await waitFor(() =>
      expect(
        api.calls.filter((c) => c.method === 'POST' && c.url.includes('complete-task')),
      ).toHaveLength(1),
    );
  });
});
