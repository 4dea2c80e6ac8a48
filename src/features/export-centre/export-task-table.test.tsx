import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ExportTask } from '../../api/export-centre';
import { renderSignedIn, scriptFetch } from '../../test/signed-in';
import { followedTaskCount } from '../../state/task-follower';
import { ExportTaskTable } from './export-task-table';

const task = (id: string, status: string, extra: Partial<ExportTask> = {}): ExportTask => ({
  id,
  sourceFileName: `岗位导出-${id}`,
  createTime: '2026-11-21 10:00:00',
  expireTime: '2026-11-28 10:00:00',
  status,
  ...extra,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the export centre table', () => {
  it('shows progress while writing, the reason of a failure, and downloads a finished file by ticket', async () => {
    const calls = scriptFetch(() => ({
      ticket: 'T9',
      url: 'blade-system/data-export/file?ticket=T9',
    }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.getAttribute('href') ?? '');
    });
    renderSignedIn(
      <ExportTaskTable
        tasks={[
          task('1', '生成中', { progress: 40 }),
          task('2', '生成失败', { errorMessage: '第 12 行「金额」无法格式化' }),
          task('3', '文件已生成'),
          task('4', '排队中'),
        ]}
        active={false}
        loading={false}
        confirm={async () => true}
      />,
    );
    expect(screen.getByRole('progressbar', { name: '已完成 40%' })).toBeTruthy();
    // A queued task says so, without a progress bar of its own.
    expect(screen.getByText('排队中')).toBeTruthy();
    expect(screen.getAllByRole('progressbar')).toHaveLength(1);
    expect(screen.getByText('第 12 行「金额」无法格式化')).toBeTruthy();
    // Only the finished task can be downloaded.
    expect(screen.getAllByRole('button', { name: /^下载 / })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: '下载 岗位导出-3' }));
    await waitFor(() => expect(clicked).toEqual(['/api/blade-system/data-export/file?ticket=T9']));
    expect(calls.map((c) => [c.method, c.url])).toEqual([
      ['POST', '/api/blade-system/data-export/ticket?id=3'],
    ]);
  });

  describe('following the tasks still being generated (issue 32)', () => {
    const setVisibility = (state: 'visible' | 'hidden') => {
      Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    };
    afterEach(() => {
      setVisibility('visible');
      vi.useRealTimers();
    });

    it('asks about each running task every 5 s while shown, shows its progress, then its download', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const answers = [
        task('7', '生成中', { progress: 30 }),
        task('7', '生成中', { progress: 70 }),
        task('7', '文件已生成'),
      ];
      const calls = scriptFetch(() => answers.shift());
      renderSignedIn(
        <ExportTaskTable
          tasks={[task('7', '排队中'), task('8', '文件已生成')]}
          active
          loading={false}
          confirm={async () => true}
        />,
      );
      const asks = () =>
        calls.filter((c) => c.url.includes('data-export/detail')).map((c) => c.url);
      await act(() => vi.advanceTimersByTimeAsync(0));
      // Only the task still in the works is asked about, by its id.
      expect(asks()).toEqual(['/api/blade-system/data-export/detail?id=7']);
      expect(screen.getByRole('progressbar', { name: '已完成 30%' })).toBeTruthy();
      await act(() => vi.advanceTimersByTimeAsync(5_000));
      expect(screen.getByRole('progressbar', { name: '已完成 70%' })).toBeTruthy();
      await act(() => vi.advanceTimersByTimeAsync(5_000));
      expect(screen.getByRole('button', { name: '下载 岗位导出-7' })).toBeTruthy();
      // Done: no more asks.
      await act(() => vi.advanceTimersByTimeAsync(30_000));
      expect(asks()).toHaveLength(3);
      cleanup();
      expect(followedTaskCount()).toBe(0);
    });

    it('asks nothing while the page is hidden, nor for a list that is not shown', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const calls = scriptFetch(() => task('9', '生成中', { progress: 10 }));
      const asks = () => calls.filter((c) => c.url.includes('data-export/detail')).length;
      function Closable() {
        const [active, setActive] = useState(true);
        return (
          <>
            <button onClick={() => setActive(false)}>close</button>
            <ExportTaskTable
              tasks={[task('9', '生成中')]}
              active={active}
              loading={false}
              confirm={async () => true}
            />
          </>
        );
      }
      renderSignedIn(<Closable />);
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(asks()).toBe(1);
      act(() => setVisibility('hidden'));
      await act(() => vi.advanceTimersByTimeAsync(60_000));
      expect(asks()).toBe(1);
      act(() => setVisibility('visible'));
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(asks()).toBe(2);
      fireEvent.click(screen.getByRole('button', { name: 'close' }));
      await act(() => vi.advanceTimersByTimeAsync(60_000));
      expect(asks()).toBe(2);
      expect(followedTaskCount()).toBe(0);
    });
  });
});
