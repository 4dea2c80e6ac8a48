import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../test/signed-in';
import ResetPasswordDialog from './reset-password-dialog';
import { fail, ok, posts, scriptServer, userRow } from './user-dialog-test-harness';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ANSWER = [
  { id: '1001', account: 'operator', password: 'Xy7#kQ2m!p', expireTime: '2026-03-02 10:00:00' },
  { id: '1002', account: 'zhao', password: 'Ab3$Zt9qR=', expireTime: '2026-03-02 10:00:00' },
];

describe('ResetPasswordDialog', () => {
  it('confirms, then shows each one-time password once with a copy button and a warning', async () => {
    scriptServer(() => ok(ANSWER));
    const onClose = vi.fn();
    const rows = [userRow({ id: '1001' }), userRow({ id: '1002', realName: '', account: 'zhao' })];
    const store = renderSignedIn(<ResetPasswordDialog rows={rows} onClose={onClose} />);

    const confirm = await screen.findByRole('dialog', { name: '密码重置' });
    expect(
      within(confirm).getByText(
        '确定重置所选用户（2）：王运营、zhao 的密码？系统将为每个账号生成一次性密码，原密码立即失效，已登录的会话结束。',
      ),
    ).toBeTruthy();
    // Nothing is reset before the confirmation.
    expect(posts()).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: '重置' }));

    const shown = await screen.findByRole('dialog', { name: '一次性密码' });
    expect(posts()).toEqual([
      { method: 'POST', url: '/api/blade-user/reset-password?userIds=1001,1002', body: undefined },
    ]);
    expect(
      within(shown).getByText(
        '一次性密码只显示这一次，关闭后无法再次查看。请立即复制并通过安全渠道告知用户；用户须在 2026-03-02 10:00:00 前登录并修改密码，过期后需重新重置。',
      ),
    ).toBeTruthy();
    expect(within(shown).getByText('Xy7#kQ2m!p')).toBeTruthy();
    expect(within(shown).getByText('Ab3$Zt9qR=')).toBeTruthy();
    expect(within(shown).getByRole('button', { name: '复制operator的一次性密码' })).toBeTruthy();
    expect(within(shown).getByRole('button', { name: '复制zhao的一次性密码' })).toBeTruthy();
    // Clicking outside does not lose the passwords; only the close button ends it.
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(within(shown).getByRole('button', { name: '我已记下，关闭' }));
    expect(onClose).toHaveBeenCalledWith(true);
    cleanup();
    // Closed, nothing in the console's store holds them.
    expect(JSON.stringify(store.getState())).not.toContain('Xy7#kQ2m!p');

    // Opened again, it starts from the confirmation: the passwords are not kept anywhere.
    renderSignedIn(<ResetPasswordDialog rows={rows} onClose={vi.fn()} />);
    await screen.findByRole('dialog', { name: '密码重置' });
    expect(screen.queryByText('Xy7#kQ2m!p')).toBeNull();
    expect(posts()).toHaveLength(1);
  });

  it("shows the server's refusal and stays on the confirmation", async () => {
    scriptServer(() => fail('没有权限', 403));
    const onClose = vi.fn();
    renderSignedIn(<ResetPasswordDialog rows={[userRow()]} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: '密码重置' });
    fireEvent.click(within(dialog).getByRole('button', { name: '重置' }));
    await waitFor(() => expect(within(dialog).getByText('没有权限')).toBeTruthy());
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog', { name: '一次性密码' })).toBeNull();
  });
});
