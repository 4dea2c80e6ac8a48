import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ExportTask } from '../../api/export-centre';
import { renderSignedIn, scriptFetch } from '../../test/signed-in';
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
});
