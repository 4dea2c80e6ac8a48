import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { toast } from './toast';

function renderToasts() {
  render(
    <MantineProvider env="test">
      <Notifications />
    </MantineProvider>,
  );
}

describe('toast (issue 16 item 9: one message per outcome)', () => {
  afterEach(() => {
    act(() => notifications.clean());
    cleanup();
  });

  it('replaces the toast of its kind instead of stacking under it', async () => {
    renderToasts();
    act(() => toast('success', '添加成功'));
    expect(await screen.findByText('添加成功')).toBeTruthy();
    act(() => toast('success', '修改成功'));
    expect(await screen.findByText('修改成功')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('添加成功')).toBeNull());
    act(() => {
      for (let i = 0; i < 6; i++) toast('success', '操作成功');
    });
    await waitFor(() => expect(screen.getAllByText('操作成功')).toHaveLength(1));
  });

  it('keeps one toast of each kind side by side', async () => {
    renderToasts();
    act(() => {
      toast('success', '删除成功');
      toast('warning', '请至少选择一条记录');
      toast('error', '网络异常');
    });
    expect(await screen.findByText('删除成功')).toBeTruthy();
    expect(screen.getByText('请至少选择一条记录')).toBeTruthy();
    expect(screen.getByText('网络异常')).toBeTruthy();
    expect(screen.getAllByRole('alert')).toHaveLength(3);
  });
});
