import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { langChanged } from '../../state/ui-slice';
import TenantDatasourceDialog from './tenant-datasource-dialog';
import { fail, ok } from '../../test/signed-in';
import { queueFetch, renderDialog, tenant } from './tenant-test-kit';

const DATASOURCE = 'blade-system/tenant/datasource';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const field = () => screen.getByRole('textbox', { name: '数据源ID' }) as HTMLInputElement;

describe('TenantDatasourceDialog', () => {
  it("shows the tenant's data source and sends the new one for its tenant code", async () => {
    const net = queueFetch();
    net.answer(DATASOURCE, ok());
    const onClose = vi.fn();
    renderDialog(
      <TenantDatasourceDialog rows={[tenant({ datasourceId: 'ds_old' })]} onClose={onClose} />,
    );
    expect(screen.getByRole('dialog', { name: '数据源配置' })).toBeTruthy();
    expect(screen.getByText('星河零售（204816）')).toBeTruthy();
    expect(field().value).toBe('ds_old');
    await waitFor(() => expect(document.activeElement).toBe(field()));

    fireEvent.change(field(), { target: { value: ' ds-mysql-02 ' } });
    fireEvent.submit(field().form!);
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(net.posts()).toEqual([
      {
        method: 'POST',
        path: DATASOURCE,
        params: { tenantId: '204816', datasourceId: 'ds-mysql-02' },
      },
    ]);
  });

  it('clears the data source when the field is emptied', async () => {
    const net = queueFetch();
    net.answer(DATASOURCE, ok());
    const onClose = vi.fn();
    renderDialog(
      <TenantDatasourceDialog rows={[tenant({ datasourceId: 'ds_old' })]} onClose={onClose} />,
    );
    fireEvent.change(field(), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(net.posts()[0]?.params).toEqual({ tenantId: '204816', datasourceId: '' });
  });

  it('refuses an id the server would refuse, without calling it', () => {
    const net = queueFetch();
    const onClose = vi.fn();
    renderDialog(<TenantDatasourceDialog rows={[tenant()]} onClose={onClose} />);
    fireEvent.change(field(), { target: { value: "1' or 1=1" } });
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(screen.getByText('数据源格式错误')).toBeTruthy();
    expect(net.sent).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("keeps the input and shows the server's message when saving fails", async () => {
    const net = queueFetch();
    net.answer(DATASOURCE, fail(404, '租户不存在'));
    const onClose = vi.fn();
    renderDialog(<TenantDatasourceDialog rows={[tenant()]} onClose={onClose} />);
    fireEvent.change(field(), { target: { value: 'ds9' } });
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect((await screen.findByRole('alert')).textContent).toBe('租户不存在');
    expect(field().value).toBe('ds9');
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: '提交' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('speaks English', () => {
    queueFetch();
    const store = renderDialog(<TenantDatasourceDialog rows={[tenant()]} onClose={vi.fn()} />);
    act(() => {
      store.dispatch(langChanged('en'));
    });
    expect(screen.getByRole('dialog', { name: 'Datasource' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Datasource ID' })).toBeTruthy();
    expect(screen.getByText('Empty means the default datasource')).toBeTruthy();
    act(() => {
      store.dispatch(langChanged('zh'));
    });
  });
});
