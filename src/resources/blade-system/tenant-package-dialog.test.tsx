import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { langChanged } from '../../state/ui-slice';
import TenantPackageDialog from './tenant-package-dialog';
import { fail, ok } from '../../test/signed-in';
import { queueFetch, renderDialog, tenant } from './tenant-test-kit';

const DETAIL = 'blade-system/tenant/package-detail';
const OPTIONS = 'blade-system/tenant-package/list';
const SETTING = 'blade-system/tenant/package-setting';

const pkg = (id: string, packageName: string) => ({ id, packageName, menuId: '1,2', remark: null });
const packages = ok({
  records: [pkg('31', '基础版'), pkg('32', '专业版')],
  total: 2,
  size: 500,
  current: 1,
  pages: 1,
});

beforeAll(() => {
  // jsdom has no scrolling; Mantine's combobox scrolls the active option into view.
  Element.prototype.scrollIntoView ??= () => undefined;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const select = () => screen.getByRole('textbox', { name: '产品包' }) as HTMLInputElement;
const submit = () => screen.getByRole('button', { name: '提交' }) as HTMLButtonElement;

async function choose(label: string) {
  fireEvent.click(select());
  fireEvent.click(await screen.findByRole('option', { name: label }));
}

describe('TenantPackageDialog', () => {
  it("loads the tenant's package and the choices, then sends the chosen one", async () => {
    const net = queueFetch();
    net.answer(OPTIONS, packages);
    net.answer(SETTING, ok());
    const onClose = vi.fn();
    renderDialog(<TenantPackageDialog rows={[tenant()]} onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: '套餐配置' })).toBeTruthy();
    expect(screen.getByText('星河零售（204816）')).toBeTruthy();
    expect(select().disabled).toBe(true);
    expect(submit().disabled).toBe(true);

    await act(async () => net.release(DETAIL, ok(pkg('31', '基础版'))));
    await waitFor(() => expect(select().value).toBe('基础版'));
    expect(select().disabled).toBe(false);
    expect(net.sent.filter((s) => s.method === 'GET')).toEqual([
      { method: 'GET', path: DETAIL, params: { tenantId: '204816' } },
      { method: 'GET', path: OPTIONS, params: { current: '1', size: '500' } },
    ]);

    await choose('专业版');
    expect(select().value).toBe('专业版');
    fireEvent.click(submit());
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(net.posts()).toEqual([
      { method: 'POST', path: SETTING, params: { tenantId: '204816', packageId: '32' } },
    ]);
  });

  it('takes the package away when the choice is cleared', async () => {
    const net = queueFetch();
    net.answer(DETAIL, ok(pkg('31', '基础版')));
    net.answer(OPTIONS, packages);
    net.answer(SETTING, ok());
    const onClose = vi.fn();
    renderDialog(<TenantPackageDialog rows={[tenant()]} onClose={onClose} />);
    await waitFor(() => expect(select().value).toBe('基础版'));
    const clear = select().parentElement!.querySelector('button');
    expect(clear).not.toBeNull();
    fireEvent.click(clear!);
    expect(select().value).toBe('');
    fireEvent.submit(select().form!);
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(net.posts()[0]?.params).toEqual({ tenantId: '204816', packageId: '' });
  });

  it('starts empty for a tenant without a package', async () => {
    const net = queueFetch();
    net.answer(DETAIL, ok({}));
    net.answer(OPTIONS, packages);
    renderDialog(<TenantPackageDialog rows={[tenant()]} onClose={vi.fn()} />);
    await waitFor(() => expect(select().disabled).toBe(false));
    expect(select().value).toBe('');
  });

  it('says when the packages cannot be loaded, offers a retry and sends nothing', async () => {
    const net = queueFetch();
    net.answer(DETAIL, ok({}));
    net.answer(OPTIONS, fail(500, '服务器异常'), packages);
    const onClose = vi.fn();
    renderDialog(<TenantPackageDialog rows={[tenant()]} onClose={onClose} />);
    expect(await screen.findByText('产品包加载失败')).toBeTruthy();
    expect(screen.getByText('服务器异常')).toBeTruthy();
    expect(submit().disabled).toBe(true);
    fireEvent.submit(select().form!);
    expect(net.posts()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(select().disabled).toBe(false));
    expect(screen.queryByText('产品包加载失败')).toBeNull();
    await choose('基础版');
    expect(select().value).toBe('基础版');
  });

  it('keeps the choice and shows the refusal when saving fails', async () => {
    const net = queueFetch();
    net.answer(DETAIL, ok({}));
    net.answer(OPTIONS, packages);
    net.answer(SETTING, fail(400, 'packageId:产品包不存在'));
    const onClose = vi.fn();
    renderDialog(<TenantPackageDialog rows={[tenant()]} onClose={onClose} />);
    await waitFor(() => expect(select().disabled).toBe(false));
    await choose('专业版');
    fireEvent.click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe('产品包不存在');
    expect(select().value).toBe('专业版');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('speaks English', async () => {
    const net = queueFetch();
    net.answer(DETAIL, ok({}));
    net.answer(OPTIONS, packages);
    const store = renderDialog(<TenantPackageDialog rows={[tenant()]} onClose={vi.fn()} />);
    act(() => {
      store.dispatch(langChanged('en'));
    });
    expect(screen.getByRole('dialog', { name: 'Package' })).toBeTruthy();
    expect(screen.getByText("Empty means the tenant's menus are not limited")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy();
    act(() => {
      store.dispatch(langChanged('zh'));
    });
  });
});
