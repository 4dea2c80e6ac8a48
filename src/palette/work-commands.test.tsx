import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { authMachine } from '../../machines/auth-machine';
import { lockMachine } from '../../machines/lock-machine';
import { tabsMachine } from '../../machines/tabs-machine';
import type { FlowTask } from '../contracts/blade-flow/task';
import { HOME_TAB, ShellContext } from '../state/shell-context';
import { scriptFetch, signedInStore } from '../test/signed-in';
import { PaletteHost } from './palette-host';
import { openPalette } from './palette-requests';

/* The palette's workflow commands (issue 29 item 7): 发起流程, 我的待办 and each todo task. */

beforeAll(() => {
  const height = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.hasAttribute('cmdk-list') ? 2000 : (height?.get?.call(this) ?? 0);
    },
  });
  Element.prototype.scrollIntoView ??= () => undefined;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const task = (over: Partial<FlowTask>): FlowTask => ({
  id: 't1',
  name: '部门审批',
  activityId: 'deptApprove',
  instanceId: 'i1',
  definitionId: 'd1',
  processKey: 'leave',
  processDefinitionName: '请假流程',
  businessKey: 'blade_process_leave:b1',
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

function Where() {
  return <output aria-label="where">{useLocation().pathname}</output>;
}

function renderHost(permissions: string[]) {
  const calls = scriptFetch((call) =>
    call.url.startsWith('/api/blade-flow/work/todo-list')
      ? {
          records: [
            task({}),
            task({
              id: 't2',
              name: '财务复核',
              processKey: 'expense',
              processDefinitionName: '报销流程',
              businessKey: '',
            }),
          ],
          total: 2,
          size: 20,
          current: 1,
        }
      : null,
  );
  const shell = {
    auth: createActor(authMachine, { input: { captchaMode: false, switchMode: false } }),
    lock: createActor(lockMachine, { input: { locked: false } }),
    tabs: createActor(tabsMachine, { input: { home: HOME_TAB } }).start(),
  };
  render(
    <Provider store={signedInStore()}>
      <MantineProvider env="test">
        <MemoryRouter initialEntries={['/wel/index']}>
          <ShellContext.Provider value={shell}>
            <PaletteHost permissions={new Set(permissions)} tree={[]} leaves={[]} buttons={[]} />
            <Routes>
              <Route path="*" element={<Where />} />
            </Routes>
          </ShellContext.Provider>
        </MemoryRouter>
      </MantineProvider>
    </Provider>,
  );
  act(() => openPalette());
  return { input: screen.getByRole('combobox'), calls };
}

const options = () => screen.queryAllByRole('option').map((o) => o.textContent ?? '');

describe('workflow palette commands', { timeout: 20_000 }, () => {
  it('a user with 待办事务 only gets 我的待办 and a command per todo task', async () => {
    const { input } = renderHost(['work_todo']);
    fireEvent.change(input, { target: { value: '办理' } });
    await waitFor(() =>
      expect(options().some((t) => t.includes('办理 部门审批 · 请假流程'))).toBe(true),
    );
    expect(options().some((t) => t.includes('办理 财务复核 · 报销流程'))).toBe(true);
    fireEvent.change(input, { target: { value: '我的待办' } });
    await waitFor(() => expect(options().some((t) => t.startsWith('我的待办'))).toBe(true));
    fireEvent.change(input, { target: { value: '发起流程' } });
    await waitFor(() => expect(options().some((t) => t.startsWith('发起流程'))).toBe(false));
  });

  it('a leave task opens its handle page; another task the todo screen with its dialog', async () => {
    const { input } = renderHost(['work_todo', 'work_start']);
    fireEvent.change(input, { target: { value: '部门审批' } });
    const leave = await screen.findByRole('option', { name: /办理 部门审批 · 请假流程/ });
    fireEvent.click(leave);
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'where' }).textContent).toBe(
        '/work/process/leave/handle/t1/i1/b1',
      ),
    );
    act(() => openPalette());
    fireEvent.change(screen.getByRole('combobox'), { target: { value: '财务复核' } });
    fireEvent.click(await screen.findByRole('option', { name: /办理 财务复核 · 报销流程/ }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'where' }).textContent).toBe('/work/todo'),
    );
    expect(await screen.findByRole('dialog', { name: '办理：财务复核' })).toBeTruthy();
  });

  it('asks for no todo tasks without 待办事务', async () => {
    const { input, calls } = renderHost(['work_start']);
    fireEvent.change(input, { target: { value: '发起流程' } });
    await waitFor(() => expect(options().some((t) => t.startsWith('发起流程'))).toBe(true));
    expect(options().some((t) => t.startsWith('我的待办'))).toBe(false);
    expect(calls.filter((c) => c.url.includes('todo-list'))).toHaveLength(0);
  });
});
