import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../test/signed-in';
import { RegisterDialog } from './register-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('RegisterDialog checks', () => {
  it('refuses missing fields with their messages, focusing the first, and sends nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const onSubmitted = vi.fn();
    renderSignedIn(
      <RegisterDialog
        opened
        tenant={{ status: 'done', tenantId: '000000' }}
        onClose={() => {}}
        onSubmitted={onSubmitted}
      />,
      { notifications: false },
    );
    const dialog = await screen.findByRole('dialog');
    // The dialog's focus trap takes the focus first (a timer), as it does before a user acts.
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.change(screen.getByRole('textbox', { name: /姓名/ }), { target: { value: '张三' } });
    fireEvent.click(screen.getByRole('button', { name: '提交申请' }));

    expect(await screen.findByText('请输入账号')).toBeTruthy();
    expect(screen.getByText('请输入密码')).toBeTruthy();
    expect(screen.getByText('请再次输入密码')).toBeTruthy();
    expect(screen.queryByText('请输入姓名')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /账号/ }));
    expect(fetch).not.toHaveBeenCalled();
    expect(onSubmitted).not.toHaveBeenCalled();

    fireEvent.change(screen.getByRole('textbox', { name: /账号/ }), { target: { value: 'zs' } });
    expect(screen.queryByText('请输入账号')).toBeNull();
  });
});
