import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiEntryType,
  clearDebugLog,
  readDebugLog,
  recordDebugEntry,
} from '../../../features/debug-log/debug-log-store';
import { createAppStore } from '../../app-store';
import { DebugLogButton } from './debug-log-button';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

function renderButton() {
  return render(
    <Provider store={createAppStore()}>
      <MantineProvider>
        <DebugLogButton />
      </MantineProvider>
    </Provider>,
  );
}

const record = (n: number) => {
  for (let i = 0; i < n; i++)
    recordDebugEntry({ type: 'api', url: '/api/x', message: `m${i}`, stack: 'at x', info: '' });
};

describe('DebugLogButton', () => {
  beforeEach(() => clearDebugLog());
  afterEach(cleanup);

  it('shows no badge without entries and the count otherwise, capped at 99+', () => {
    renderButton();
    expect(screen.getByRole('button', { name: '调试日志' })).toBeTruthy();
    expect(screen.queryByText('99+')).toBeNull();
    act(() => record(99));
    expect(screen.getByText('99')).toBeTruthy();
    act(() => record(1));
    expect(screen.getByText('99+')).toBeTruthy();
  });

  it('counts errors and failures only: refusals stay in the log, uncounted (issue 25 item 20)', () => {
    renderButton();
    act(() => {
      for (const status of [400, 400, 404, 409, 422, 429, 403])
        recordDebugEntry({
          type: apiEntryType(status),
          url: '/api/x',
          message: `${status} 请输入名称`,
          stack: '',
          info: '',
        });
    });
    expect(readDebugLog()).toHaveLength(7);
    expect(screen.queryByText('7')).toBeNull();
    expect(document.querySelector('.mantine-Indicator-indicator')).toBeNull();
    act(() => {
      for (const status of [500, 'network', 'timeout', 'malformed'] as const)
        recordDebugEntry({
          type: apiEntryType(status),
          url: '/api/x',
          message: String(status),
          stack: '',
          info: '',
        });
      recordDebugEntry({ type: 'error', url: '/x', message: 'boom', stack: 'at x', info: '' });
    });
    expect(screen.getByText('5')).toBeTruthy();
  });

  it('opens the dialog and clears the log after confirming', async () => {
    record(2);
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: '调试日志' }));
    const dialog = await screen.findByRole('dialog', { name: '调试日志' });
    expect(dialog.textContent).toContain('m1');
    fireEvent.click(screen.getByRole('button', { name: '清空' }));
    const confirm = await screen.findByRole('dialog', { name: '提示' });
    expect(confirm.textContent).toContain('确定清空本地日志记录?');
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(readDebugLog()).toHaveLength(0));
    expect(await screen.findByText('暂无日志')).toBeTruthy();
  });
});
