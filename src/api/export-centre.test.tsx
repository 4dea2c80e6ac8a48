import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import { translate, type MessageKey } from '../i18n';
import { renderSignedIn, scriptFetch } from '../test/signed-in';
import { followedTaskCount } from '../state/task-follower';
import { announceExport, type ExportTask } from './export-centre';

const t = (key: MessageKey, params?: Record<string, string | number>) =>
  translate('zh', key, params);

const task = (status: string, extra: Partial<ExportTask> = {}): ExportTask => ({
  id: '5',
  sourceFileName: '岗位导出.xlsx',
  createTime: '2026-11-30 10:00:00',
  expireTime: '2026-12-07 10:00:00',
  status,
  ...extra,
});

afterEach(() => {
  act(() => notifications.clean());
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('an export the user started (issue 32)', () => {
  it('says once that it is ready, with its download, after following it through the machine', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const answers: unknown[] = [task('生成中', { progress: 50 }), task('文件已生成')];
    const calls = scriptFetch((call) =>
      call.url.includes('/ticket')
        ? { ticket: 'T1', url: 'blade-system/data-export/file?ticket=T1' }
        : (answers.shift() ?? task('文件已生成')),
    );
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.getAttribute('href') ?? '');
    });
    // Only the toasts are on screen: no export centre, no list.
    renderSignedIn(<p>another screen</p>);
    act(() => announceExport('5', '岗位导出.xlsx', t));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.queryByText('导出完成：岗位导出.xlsx')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(screen.getByText('导出完成：岗位导出.xlsx')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(screen.getAllByText('导出完成：岗位导出.xlsx')).toHaveLength(1);
    expect(calls.filter((c) => c.url.includes('/detail'))).toHaveLength(2);
    expect(followedTaskCount()).toBe(0);

    vi.useRealTimers();
    fireEvent.click(screen.getByRole('button', { name: '下载 岗位导出.xlsx' }));
    await vi.waitFor(() =>
      expect(clicked).toEqual(['/api/blade-system/data-export/file?ticket=T1']),
    );
  });

  it('says why it failed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    scriptFetch(() => task('生成失败', { errorMessage: '数据超过 100 万行' }));
    renderSignedIn(<p>another screen</p>);
    act(() => announceExport('5', '岗位导出.xlsx', t));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('导出失败：岗位导出.xlsx。数据超过 100 万行')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^下载/ })).toBeNull();
  });
});
