import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FlowInstance } from '../../contracts/blade-flow/instance';
import type { FlowTask, StartableProcess } from '../../contracts/blade-flow/task';
import { fail, renderSignedIn, reply, scriptFetch, type Call } from '../../test/signed-in';
import { giveTableAViewport } from '../../test/table-viewport';
import { ResourceScreen, type ResourceScreenProps } from '../engine/resource-screen';
import claimScreen from './claim';
import followScreen from './follow';
import startScreen from './start';
import todoScreen from './todo';

beforeAll(() => {
  giveTableAViewport();
  Element.prototype.scrollIntoView ??= () => undefined;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const API = '/api/blade-flow';
const page = <R,>(records: R[]) => ({ records, total: records.length, size: 20, current: 1 });
const task = (over: Partial<FlowTask> = {}): FlowTask => ({
  id: 't1',
  name: '部门审批',
  activityId: 'deptApprove',
  instanceId: 'i1',
  definitionId: 'd1',
  processKey: 'expense',
  processDefinitionName: '报销流程',
  businessKey: '',
  startUserName: '张三',
  assignee: '1',
  assigneeName: '管理员',
  state: 'assigned',
  createTime: '2026-11-28 09:00:00',
  claimTime: null,
  endTime: null,
  outcome: null,
  comment: null,
  version: 1,
  ...over,
});
const instance = (over: Partial<FlowInstance> = {}): FlowInstance => ({
  id: 'i1',
  definitionId: 'd1',
  processKey: 'expense',
  processDefinitionName: '报销流程',
  processVersion: 1,
  businessKey: null,
  startedBy: '1',
  startUserName: '管理员',
  startTime: '2026-11-28 09:00:00',
  endTime: null,
  state: 'running',
  deleteReason: null,
  currentTaskNames: '部门审批',
  version: 1,
  ...over,
});

/** Where the router is: the leave pages a row action leads to. */
function Where() {
  return <output aria-label="where">{useLocation().pathname}</output>;
}

async function renderList(
  def: unknown,
  route: string,
  permissions: string[],
  answer: (call: Call) => unknown,
  first: string,
) {
  const calls = scriptFetch(answer);
  window.history.replaceState(null, '', route);
  renderSignedIn(
    <MemoryRouter initialEntries={[route]}>
      <Routes>
        <Route
          path={route}
          element={<ResourceScreen def={def as ResourceScreenProps['def']} route={route} />}
        />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
    { permissions },
  );
  await screen.findByText(first, {}, { timeout: 8000 });
  return calls;
}

/** Clicks a declared row action (in the row's 更多 menu, or its own button). */
async function rowAction(label: string, record: string) {
  const more = screen.queryByRole('button', { name: `${record} 的更多操作` });
  if (more) {
    fireEvent.click(more);
    fireEvent.click(await screen.findByRole('menuitem', { name: `${label} ${record}` }));
  } else fireEvent.click(screen.getByRole('button', { name: `${label} ${record}` }));
}

const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST');

describe('待签事务', { timeout: 30_000 }, () => {
  it('签收 posts claim-task once; a 409 says the task was taken and reloads the list', async () => {
    let lists = 0;
    const calls = await renderList(
      claimScreen,
      '/work/claim',
      ['work_claim', 'work_claim_claim', 'work_claim_view'],
      (call) => {
        if (call.url.startsWith(`${API}/work/claim-list`)) {
          lists += 1;
          return page([task({ state: 'candidate', assignee: null, assigneeName: '' })]);
        }
        if (call.url.startsWith(`${API}/work/claim-task`)) return reply(fail(409, '任务已被签收'));
        return null;
      },
      '报销流程',
    );
    await rowAction('签收', '部门审批 · 报销流程');
    const dialog = await screen.findByRole('dialog', { name: '签收任务' });
    const submit = within(dialog).getByRole('button', { name: '签收' });
    fireEvent.click(submit);
    fireEvent.click(submit);
    expect(await screen.findByText('任务已被签收')).toBeTruthy();
    expect(posts(calls).map((c) => c.url)).toEqual([`${API}/work/claim-task?taskId=t1`]);
    await waitFor(() => expect(lists).toBe(2));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '签收任务' })).toBeNull());
  });

  it('offers no 签收 without its button', async () => {
    await renderList(
      claimScreen,
      '/work/claim',
      ['work_claim', 'work_claim_view'],
      (call) => (call.url.includes('claim-list') ? page([task({ state: 'candidate' })]) : null),
      '报销流程',
    );
    expect(screen.queryByRole('button', { name: /^签收 / })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: /^签收 / })).toBeNull();
  });
});

describe('待办事务', { timeout: 30_000 }, () => {
  const todo = (answer: (call: Call) => unknown = () => null) =>
    renderList(
      todoScreen,
      '/work/todo',
      ['work_todo', 'work_todo_handle', 'work_todo_view'],
      (call) =>
        call.url.startsWith(`${API}/work/todo-list`)
          ? page([
              task(),
              task({
                id: 't2',
                name: '经理审批',
                processKey: 'leave',
                processDefinitionName: '请假流程',
                instanceId: 'i2',
                businessKey: 'blade_process_leave:b2',
                claimTime: '2026-11-28 10:00:00',
              }),
            ])
          : call.method === 'POST'
            ? answer(call)
            : null,
      '请假流程',
    );

  it('办理 of a task without a page approves with the comment through complete-task', async () => {
    const calls = await todo(() => ({}));
    await rowAction('办理', '部门审批 · 报销流程');
    const dialog = await screen.findByRole('dialog', { name: '办理：部门审批' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: '审批意见' }), {
      target: { value: '同意报销' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '同意' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]).toMatchObject({
      url: `${API}/work/complete-task`,
      body: { taskId: 't1', flag: 'ok', comment: '同意报销' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('驳回 needs a comment before anything is sent', async () => {
    const calls = await todo(() => ({}));
    await rowAction('办理', '部门审批 · 报销流程');
    const dialog = await screen.findByRole('dialog', { name: '办理：部门审批' });
    fireEvent.click(within(dialog).getByRole('button', { name: '驳回' }));
    expect(await within(dialog).findByText('驳回时请填写审批意见')).toBeTruthy();
    expect(posts(calls)).toHaveLength(0);
  });

  it('办理 of a leave task opens its handle page', async () => {
    await todo();
    await rowAction('办理', '经理审批 · 请假流程');
    expect((await screen.findByRole('status', { name: 'where' })).textContent).toBe(
      '/work/process/leave/handle/t2/i2/b2',
    );
  });

  it('退回 is offered for claimed tasks only and posts send-back', async () => {
    const calls = await todo(() => ({}));
    fireEvent.click(screen.getByRole('button', { name: '部门审批 · 报销流程 的更多操作' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.getAttribute('aria-label'))).not.toContain(
      '退回 部门审批 · 报销流程',
    );
    fireEvent.keyDown(items[0]!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryAllByRole('menuitem')).toHaveLength(0));
    await rowAction('退回', '经理审批 · 请假流程');
    const dialog = await screen.findByRole('dialog', { name: '退回任务' });
    fireEvent.click(within(dialog).getByRole('button', { name: '退回' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]!.url).toBe(`${API}/work/send-back?taskId=t2`);
  });
});

describe('流程跟踪', { timeout: 30_000 }, () => {
  it('删除 asks for a reason, then posts delete-process-instance with it', async () => {
    const calls = await renderList(
      followScreen,
      '/flow/follow',
      ['flow_follow', 'flow_follow_view', 'flow_follow_delete'],
      (call) =>
        call.url.startsWith(`${API}/follow/list`)
          ? page([instance()])
          : call.method === 'POST'
            ? {}
            : null,
      '报销流程',
    );
    // The engine's own delete (remove?ids=, no reason) is not offered.
    expect(screen.queryByRole('button', { name: '批量删除' })).toBeNull();
    await rowAction('删除', '报销流程（i1）');
    const dialog = await screen.findByRole('dialog', { name: '删除流程实例' });
    fireEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    expect(await within(dialog).findByText('请输入删除原因')).toBeTruthy();
    expect(posts(calls)).toHaveLength(0);
    const reason = within(dialog).getByRole('textbox', { name: /删除原因/ });
    fireEvent.change(reason, { target: { value: '重复发起' } });
    fireEvent.keyDown(reason, { key: 'Enter' });
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]!.url).toBe(
      `${API}/follow/delete-process-instance?processInstanceId=i1&deleteReason=${encodeURIComponent('重复发起')}`,
    );
  });
});

describe('发起事务', { timeout: 30_000 }, () => {
  const process = (over: Partial<StartableProcess>): StartableProcess => ({
    id: 'd9',
    processKey: 'leave',
    name: '请假流程',
    category: 'oa',
    processVersion: 2,
    deploymentId: 'p1',
    resourceName: 'leave.bpmn20.xml',
    suspended: 0,
    deployTime: '2026-11-28 09:00:00',
    ...over,
  });

  it('发起 of the leave process opens its form; another process starts on a confirmation', async () => {
    const calls = await renderList(
      startScreen,
      '/work/start',
      ['work_start', 'work_start_start'],
      (call) =>
        call.url.startsWith(`${API}/work/start-list`)
          ? page([process({}), process({ id: 'd8', processKey: 'expense', name: '报销流程' })])
          : call.method === 'POST'
            ? { processInstanceId: 'i9' }
            : null,
      '报销流程',
    );
    await rowAction('发起', '报销流程');
    const dialog = await screen.findByRole('dialog', { name: '发起流程' });
    fireEvent.click(within(dialog).getByRole('button', { name: '发起' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]).toMatchObject({
      url: `${API}/work/start-process`,
      body: { processDefinitionId: 'd8' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await rowAction('发起', '请假流程');
    expect((await screen.findByRole('status', { name: 'where' })).textContent).toBe(
      '/work/process/leave/form/d9',
    );
    expect(posts(calls)).toHaveLength(1);
  });
});
