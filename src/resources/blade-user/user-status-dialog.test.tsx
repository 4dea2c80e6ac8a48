import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../test/signed-in';
import { closeUserDetail } from './user-detail-store';
import UserStatusDialog from './user-status-dialog';
import { fail, ok, posts, scriptServer, userRow } from './user-dialog-test-harness';

afterEach(() => {
  act(() => closeUserDetail());
  cleanup();
  vi.unstubAllGlobals();
});

describe('UserStatusDialog', () => {
  it('disables an active user through update with its version, then closes changed', async () => {
    scriptServer(() => ok({ id: '1001' }));
    const onClose = vi.fn();
    renderSignedIn(
      <UserStatusDialog rows={[userRow({ status: 1, version: 7 })]} onClose={onClose} />,
    );
    const dialog = await screen.findByRole('dialog', { name: '禁用用户' });
    expect(
      within(dialog).getByText(
        '确定禁用用户「王运营」？禁用后该用户无法登录，已登录的会话立即失效。',
      ),
    ).toBeTruthy();
    const confirm = within(dialog).getByRole('button', { name: '禁用' });
    await waitFor(() => expect(document.activeElement).toBe(confirm));
    fireEvent.click(confirm);
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(posts()).toEqual([
      {
        method: 'POST',
        url: '/api/blade-user/update',
        body: { id: '1001', status: 0, version: 7 },
      },
    ]);
    expect(await screen.findByText('用户已禁用')).toBeTruthy();
  });

  it('enables a disabled user', async () => {
    scriptServer(() => ok({ id: '1001' }));
    const onClose = vi.fn();
    renderSignedIn(
      <UserStatusDialog
        rows={[userRow({ status: 0, realName: '', account: 'zhao' })]}
        onClose={onClose}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: '启用用户' });
    expect(within(dialog).getByText('确定启用用户「zhao」？启用后该用户可以登录。')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '启用' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(posts()[0]!.body).toEqual({ id: '1001', status: 1, version: 3 });
  });

  it("keeps the dialog open with the server's message when refused; Cancel closes unchanged", async () => {
    scriptServer(() => fail('不能禁用当前登录账号'));
    const onClose = vi.fn();
    renderSignedIn(<UserStatusDialog rows={[userRow()]} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: '禁用用户' });
    fireEvent.click(within(dialog).getByRole('button', { name: '禁用' }));
    expect(await within(dialog).findByText('不能禁用当前登录账号')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(onClose).toHaveBeenCalledWith(false);
  });
});
