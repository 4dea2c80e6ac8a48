import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LeaveDetail } from '../../contracts/blade-desk/leave';
import type { HistoryFlow } from '../../contracts/blade-flow/instance';
import { fail, renderSignedIn, reply, scriptFetch, type Call } from '../../test/signed-in';
import { LeaveFormPage } from './leave-form-page';
import { LeaveDetailPage, LeaveHandlePage } from './leave-pages';
import { checkLeave, leaveDays, type LeaveValues } from './leave-rules';
import { tabForLocation } from '../../lib/tab-labels';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const at = (text: string) => new Date(text.replace(' ', 'T'));

describe('leave days and checks', () => {
  it('counts half days: a morning, an afternoon, whole days', () => {
    expect(leaveDays(at('2026-12-01 09:00'), at('2026-12-01 18:00'))).toBe(1);
    expect(leaveDays(at('2026-12-01 09:00'), at('2026-12-01 12:00'))).toBe(0.5);
    expect(leaveDays(at('2026-12-01 13:00'), at('2026-12-01 18:00'))).toBe(0.5);
    expect(leaveDays(at('2026-12-01 13:00'), at('2026-12-03 12:00'))).toBe(2);
    expect(leaveDays(at('2026-12-01 09:00'), at('2026-12-03 18:00'))).toBe(3);
    expect(leaveDays(at('2026-12-01 18:00'), at('2026-12-01 09:00'))).toBeUndefined();
    expect(leaveDays(null, at('2026-12-01 09:00'))).toBeUndefined();
  });

  const valid: LeaveValues = {
    leaveType: 'annual',
    startTime: at('2026-12-01 09:00'),
    endTime: at('2026-12-01 18:00'),
    days: '1',
    reason: '回家',
    taskUser: 'u2',
  };

  it('refuses an end before the start, days off the half-day grid, and a long reason', () => {
    expect(checkLeave(valid)).toEqual({});
    expect(checkLeave({ ...valid, endTime: at('2026-12-01 08:00') })).toEqual({
      endTime: 'workTasks.leave.endBeforeStart',
    });
    expect(checkLeave({ ...valid, days: '0.3' }).days).toBe('workTasks.leave.daysInvalid');
    expect(checkLeave({ ...valid, days: '0' }).days).toBe('workTasks.leave.daysInvalid');
    expect(checkLeave({ ...valid, days: '365.5' }).days).toBe('workTasks.leave.daysInvalid');
    expect(checkLeave({ ...valid, days: '1.5' })).toEqual({});
    expect(checkLeave({ ...valid, reason: ' ' }).reason).toBe('workTasks.leave.reasonRequired');
    expect(checkLeave({ ...valid, reason: 'x'.repeat(501) }).reason).toBe(
      'workTasks.leave.reasonTooLong',
    );
  });
});

function Where() {
  return <output aria-label="where">{useLocation().pathname}</output>;
}

function renderAt(path: string, pattern: string, element: React.ReactNode) {
  renderSignedIn(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={pattern} element={element} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

const approvers = [
  { id: 'u2', account: 'finance', realName: '财务' },
  { id: 'u3', account: 'operator', realName: '运营' },
];
const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST');

describe('请假申请', { timeout: 30_000 }, () => {
  const FORM = '/work/process/leave/form/:processDefinitionId';

  it('says what is missing and sends nothing', async () => {
    const calls = scriptFetch((call) =>
      call.url.startsWith('/api/blade-desk/process/leave/approvers') ? approvers : null,
    );
    renderAt('/work/process/leave/form/d1', FORM, <LeaveFormPage />);
    fireEvent.click(screen.getByRole('button', { name: '提交申请' }));
    for (const text of [
      '请选择请假类型',
      '请选择开始时间',
      '请选择结束时间',
      '请输入请假天数',
      '请输入请假理由',
      '请选择审批人',
    ])
      expect(await screen.findByText(text)).toBeTruthy();
    expect(posts(calls)).toHaveLength(0);
  });

  it('refuses an end before the start and days off the grid, then sends once and opens the detail', async () => {
    let release!: (r: Response) => void;
    const pending = new Promise<Response>((resolve) => (release = resolve));
    const calls = scriptFetch((call) =>
      call.url.startsWith('/api/blade-desk/process/leave/approvers')
        ? approvers
        : call.method === 'POST'
          ? pending
          : null,
    );
    renderAt(
      '/work/process/leave/form/d1',
      FORM,
      <LeaveFormPage
        initial={{
          leaveType: 'sick',
          startTime: at('2026-12-02 09:00'),
          endTime: at('2026-12-01 18:00'),
          days: '0.3',
          reason: '  看病  ',
          taskUser: 'u2',
        }}
      />,
    );
    const submit = screen.getByRole('button', { name: '提交申请' });
    fireEvent.click(submit);
    expect(await screen.findByText('结束时间须晚于开始时间')).toBeTruthy();
    expect(screen.getByText('请假天数须为0.5到365之间的半天整数倍')).toBeTruthy();
    expect(posts(calls)).toHaveLength(0);
    cleanup();

    renderAt(
      '/work/process/leave/form/d1',
      FORM,
      <LeaveFormPage
        initial={{
          leaveType: 'sick',
          startTime: at('2026-12-01 09:00'),
          endTime: at('2026-12-02 12:00'),
          days: '1.5',
          reason: '  看病  ',
          taskUser: 'u2',
        }}
      />,
    );
    const again = screen.getByRole('button', { name: '提交申请' });
    fireEvent.click(again);
    fireEvent.click(again);
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]).toMatchObject({
      url: '/api/blade-desk/process/leave/start-process',
      body: {
        processDefinitionId: 'd1',
        leaveType: 'sick',
        startTime: '2026-12-01 09:00:00',
        endTime: '2026-12-02 12:00:00',
        days: 1.5,
        reason: '看病',
        taskUser: 'u2',
      },
    });
    release(
      reply({
        status: 200,
        body: { code: 200, success: true, data: { businessId: 'b1', processInstanceId: 'i1' } },
      }),
    );
    expect((await screen.findByRole('status', { name: 'where' })).textContent).toBe(
      '/work/process/leave/detail/i1/b1',
    );
  });

  it('shows a refused field at the field', async () => {
    scriptFetch((call) =>
      call.url.startsWith('/api/blade-desk/process/leave/approvers')
        ? approvers
        : call.method === 'POST'
          ? reply(fail(400, 'days:请假天数须为0.5到365之间的半天整数倍'))
          : null,
    );
    renderAt(
      '/work/process/leave/form/d1',
      FORM,
      <LeaveFormPage
        initial={{
          leaveType: 'sick',
          startTime: at('2026-12-01 09:00'),
          endTime: at('2026-12-01 18:00'),
          days: '1',
          reason: '看病',
          taskUser: 'u2',
        }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: '提交申请' }));
    const days = screen.getByRole('textbox', { name: /请假天数/ });
    await waitFor(() => expect(days.getAttribute('aria-invalid')).toBe('true'));
  });
});

const leave = (over: Partial<LeaveDetail> = {}): LeaveDetail => ({
  id: 'b1',
  processDefinitionId: 'd1',
  processInstanceId: 'i1',
  leaveType: 'annual',
  startTime: '2026-12-01 09:00:00',
  endTime: '2026-12-01 18:00:00',
  days: 1,
  reason: '<b>回家</b>',
  taskUser: 'u2',
  taskUserName: '财务',
  applyTime: '2026-11-28 09:00:00',
  leaveState: 'pending',
  createUser: 'u1',
  createUserName: '张三',
  createTime: '2026-11-28 09:00:00',
  version: 1,
  ...over,
});
const history: HistoryFlow[] = [
  {
    historyActivityId: 'start',
    historyActivityName: '开始',
    historyActivityType: 'bpmn:StartEvent',
    assignee: '',
    assigneeName: '',
    createTime: '2026-11-28 09:00:00',
    endTime: '2026-11-28 09:00:00',
    outcome: '',
    comment: '',
    durationSeconds: 0,
  },
  {
    historyActivityId: 'deptApprove',
    historyActivityName: '部门审批',
    historyActivityType: 'bpmn:UserTask',
    assignee: 'u2',
    assigneeName: '财务',
    createTime: '2026-11-28 09:00:00',
    endTime: '',
    outcome: '',
    comment: '',
    durationSeconds: null,
  },
];

function serveLeave(detail: LeaveDetail, answer: (call: Call) => unknown = () => ({})) {
  return scriptFetch((call) => {
    if (call.url.startsWith('/api/blade-desk/process/leave/detail')) return detail;
    if (call.url.startsWith('/api/blade-flow/process/history-flow-list')) return history;
    return call.method === 'POST' ? answer(call) : null;
  });
}

describe('请假审批', { timeout: 30_000 }, () => {
  const HANDLE = '/work/process/leave/handle/:taskId/:processInstanceId/:businessId';

  it('shows the request as text and its history, approves with the comment, then the detail', async () => {
    const calls = serveLeave(leave());
    renderAt('/work/process/leave/handle/t1/i1/b1', HANDLE, <LeaveHandlePage />);
    expect(await screen.findByText('<b>回家</b>')).toBeTruthy();
    expect(await screen.findByText('部门审批')).toBeTruthy();
    expect(screen.getByText('办理中')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: '审批意见' }), {
      target: { value: '同意' },
    });
    fireEvent.click(screen.getByRole('button', { name: '同意' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]).toMatchObject({
      url: '/api/blade-flow/work/complete-task',
      body: { taskId: 't1', flag: 'ok', comment: '同意' },
    });
    expect((await screen.findByRole('status', { name: 'where' })).textContent).toBe(
      '/work/process/leave/detail/i1/b1',
    );
  });

  it('rejects only with a comment', async () => {
    const calls = serveLeave(leave());
    renderAt('/work/process/leave/handle/t1/i1/b1', HANDLE, <LeaveHandlePage />);
    const reject = await screen.findByRole('button', { name: '驳回' });
    fireEvent.click(reject);
    expect(await screen.findByText('驳回时请填写审批意见')).toBeTruthy();
    expect(posts(calls)).toHaveLength(0);
    fireEvent.change(screen.getByRole('textbox', { name: '审批意见' }), {
      target: { value: '时间冲突' },
    });
    fireEvent.click(reject);
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]!.body).toEqual({ taskId: 't1', flag: 'reject', comment: '时间冲突' });
  });

  it("offers the applicant's adjust task as resubmit / withdraw (withdraw needs no comment)", async () => {
    const calls = serveLeave(leave({ leaveState: 'rejected' }));
    renderAt('/work/process/leave/handle/t3/i1/b1', HANDLE, <LeaveHandlePage />);
    expect(await screen.findByRole('button', { name: '重新提交' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '撤回申请' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]!.body).toEqual({ taskId: 't3', flag: 'reject', comment: '' });
  });

  it('offers no decision on a closed request', async () => {
    serveLeave(leave({ leaveState: 'approved' }));
    renderAt('/work/process/leave/handle/t1/i1/b1', HANDLE, <LeaveHandlePage />);
    expect(await screen.findByText('该申请已办结，无需再办理。')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '同意' })).toBeNull();
  });

  it('says so when the task was handled meanwhile', async () => {
    serveLeave(leave(), () => reply(fail(409, '流程已被他人处理，请刷新')));
    renderAt('/work/process/leave/handle/t1/i1/b1', HANDLE, <LeaveHandlePage />);
    fireEvent.click(await screen.findByRole('button', { name: '同意' }));
    expect(await screen.findByText('流程已被他人处理，请刷新')).toBeTruthy();
  });
});

describe('请假详情', { timeout: 30_000 }, () => {
  it('shows the request, its history and a retry when it cannot be loaded', async () => {
    let broken = true;
    scriptFetch((call) => {
      if (call.url.startsWith('/api/blade-desk/process/leave/detail'))
        return broken ? reply(fail(500, '服务器错误')) : leave({ leaveState: 'approved' });
      if (call.url.startsWith('/api/blade-flow/process/history-flow-list')) return history;
      return null;
    });
    renderAt(
      '/work/process/leave/detail/i1/b1',
      '/work/process/leave/detail/:processInstanceId/:businessId',
      <LeaveDetailPage />,
    );
    const alert = await screen.findByRole('alert');
    broken = false;
    fireEvent.click(within(alert).getByRole('button', { name: '重试' }));
    expect(await screen.findByText('已通过')).toBeTruthy();
    expect(screen.getByText('年假')).toBeTruthy();
    expect(screen.getByRole('button', { name: '流程图' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '同意' })).toBeNull();
  });
});

describe('leave page tabs', () => {
  it('each leave page opens a tab of its own with a fixed label', () => {
    const handle = tabForLocation('/work/process/leave/handle/t1/i1/b1', '', []);
    expect(handle.known).toBe(true);
    expect(handle.tab.path).toBe('/work/process/leave/handle/t1/i1/b1');
    expect(handle.tab.meta?.title).toEqual({ zh: '请假审批', en: 'Leave approval' });
    expect(tabForLocation('/work/process/leave/form/d1', '', []).tab.meta?.title?.zh).toBe(
      '请假申请',
    );
    expect(tabForLocation('/work/process/leave/detail/i1/b1', '', []).tab.meta?.title?.zh).toBe(
      '请假详情',
    );
  });
});
