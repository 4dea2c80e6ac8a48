import { describe, expect, it } from 'vitest';
import { exportTaskState, hasPendingTask } from './export-task-status';

describe('exportTaskState', () => {
  it("treats 'file generated' as finished, in either language", () => {
    expect(exportTaskState('文件已生成')).toBe('done');
    expect(exportTaskState(' File generated ')).toBe('done');
  });

  it('shows every other text as in progress, a queued job apart', () => {
    for (const s of ['生成中', '', 'processing', undefined, null])
      expect(exportTaskState(s)).toBe('pending');
    expect(exportTaskState('排队中')).toBe('queued');
  });

  it('keeps a failed job apart so it is not polled for ever', () => {
    expect(exportTaskState('生成失败')).toBe('failed');
  });
});

describe('hasPendingTask', () => {
  it('polls only while some task is in progress', () => {
    expect(hasPendingTask(undefined)).toBe(false);
    expect(hasPendingTask([{ status: '文件已生成' }, { status: '生成失败' }])).toBe(false);
    expect(hasPendingTask([{ status: '文件已生成' }, { status: '生成中' }])).toBe(true);
    expect(hasPendingTask([{ status: '排队中' }])).toBe(true);
  });
});
