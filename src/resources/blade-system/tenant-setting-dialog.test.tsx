import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { langChanged } from '../../state/ui-slice';
import TenantSettingDialog from './tenant-setting-dialog';
import { fail, ok } from '../../test/signed-in';
import { queueFetch, renderDialog, tenant } from './tenant-test-kit';

const SETTING = 'blade-system/tenant/setting';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const quota = () => screen.getByRole('textbox', { name: '账号额度' }) as HTMLInputElement;
const expiry = () => screen.getByRole('textbox', { name: '过期时间' }) as HTMLInputElement;
const submit = () => screen.getByRole('button', { name: '提交' });

describe('TenantSettingDialog', () => {
  it("starts from one tenant's licence and sends the changed quota with the expiry", async () => {
    const net = queueFetch();
    net.answer(SETTING, ok());
    const onClose = vi.fn();
    renderDialog(<TenantSettingDialog rows={[tenant()]} onClose={onClose} />);

    const dialog = screen.getByRole('dialog', { name: '授权配置' });
    expect(within(dialog).getByText('星河零售（204816）')).toBeTruthy();
    expect(quota().value).toBe('20');
    expect(expiry().value).toBe('2030-06-30');
    await waitFor(() => expect(document.activeElement).toBe(quota()));

    fireEvent.change(quota(), { target: { value: '50' } });
    fireEvent.click(submit());
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(net.posts()).toEqual([
      {
        method: 'POST',
        path: SETTING,
        params: {
          ids: '1900000000000000001',
          accountNumber: '50',
          expireTime: '2030-06-30 23:59:59',
        },
      },
    ]);
  });

  it('sets several tenants at once; empty fields mean unlimited and never expiring', async () => {
    const net = queueFetch();
    net.answer(SETTING, ok());
    const onClose = vi.fn();
    renderDialog(
      <TenantSettingDialog
        rows={[tenant(), tenant({ id: '1900000000000000002', tenantName: '云杉书店' })]}
        onClose={onClose}
      />,
    );
    expect(screen.getByText('已选择 2 个租户：星河零售、云杉书店')).toBeTruthy();
    expect(quota().value).toBe('');
    expect(expiry().value).toBe('');

    fireEvent.submit(quota().form!);
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(net.posts()[0]?.params).toEqual({
      ids: '1900000000000000001,1900000000000000002',
      expireTime: '',
    });
  });

  it('ends a typed expiry date at the last second of that day', async () => {
    const net = queueFetch();
    net.answer(SETTING, ok());
    const onClose = vi.fn();
    renderDialog(<TenantSettingDialog rows={[tenant()]} onClose={onClose} />);
    fireEvent.change(expiry(), { target: { value: '2031-01-15' } });
    fireEvent.blur(expiry());
    fireEvent.click(submit());
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(net.posts()[0]?.params.expireTime).toBe('2031-01-15 23:59:59');
  });

  it('refuses a quota below -1 without calling the server', () => {
    const net = queueFetch();
    const onClose = vi.fn();
    renderDialog(<TenantSettingDialog rows={[tenant()]} onClose={onClose} />);
    fireEvent.change(quota(), { target: { value: '-2' } });
    fireEvent.click(submit());
    expect(screen.getByText('账号额度必须是不小于-1的整数')).toBeTruthy();
    expect(net.sent).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("waits while saving, then shows the server's refusal and keeps the input", async () => {
    const net = queueFetch();
    const onClose = vi.fn();
    renderDialog(<TenantSettingDialog rows={[tenant({ tenantId: '000000' })]} onClose={onClose} />);
    fireEvent.change(quota(), { target: { value: '7' } });
    fireEvent.click(submit());
    await waitFor(() => expect(submit().hasAttribute('data-loading')).toBe(true));
    expect((submit() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(submit());
    expect(net.posts()).toHaveLength(1);

    await act(async () => net.release(SETTING, fail(400, '不能修改管理租户的授权')));
    expect((await screen.findByRole('alert')).textContent).toBe('不能修改管理租户的授权');
    expect(quota().value).toBe('7');
    expect(onClose).not.toHaveBeenCalled();
  });

  it("shows a validation answer without the server's field name", async () => {
    const net = queueFetch();
    net.answer(SETTING, fail(400, 'expireTime:过期时间格式应为yyyy-MM-dd或yyyy-MM-dd HH:mm:ss'));
    renderDialog(<TenantSettingDialog rows={[tenant()]} onClose={vi.fn()} />);
    fireEvent.click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe(
      '过期时间格式应为yyyy-MM-dd或yyyy-MM-dd HH:mm:ss',
    );
  });

  it('closes on Esc without a change', async () => {
    queueFetch();
    const onClose = vi.fn();
    renderDialog(<TenantSettingDialog rows={[tenant()]} onClose={onClose} />);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(false));
  });

  it('speaks English', () => {
    queueFetch();
    const store = renderDialog(<TenantSettingDialog rows={[tenant()]} onClose={vi.fn()} />);
    act(() => {
      store.dispatch(langChanged('en'));
    });
    expect(screen.getByRole('dialog', { name: 'Licence settings' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Account quota' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Expiry date' })).toBeTruthy();
    expect(screen.getByText('星河零售 (204816)')).toBeTruthy();
    act(() => {
      store.dispatch(langChanged('zh'));
    });
  });
});
