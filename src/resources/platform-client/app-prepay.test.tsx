import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi, type Mock } from 'vitest';
import type { AppPrepay } from '../../contracts/platform-client/app-prepay';
import { ResourceScreen, type ResourceScreenProps } from '../engine/resource-screen';
import { fail, ok, renderSignedIn, reply, scriptFetch } from '../../test/signed-in';
import { giveTableAViewport } from '../../test/table-viewport';
import appPrepay from './app-prepay';
import appPrepaySetting from './app-prepay-setting';
import { AdjustDialog, TopUpDialog, TypeDialog, WarnDialog } from './app-prepay-dialogs';
import PrepayChangeFileDialog from './prepay-change-file';
import type { PrepayOrder } from '../../contracts/platform-client/prepay-order';

beforeAll(() => {
  giveTableAViewport();
  Element.prototype.scrollIntoView ??= () => undefined;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const C = '/api/blade-quanyi-platform-client';
const page = (records: object[]) => ({
  records,
  total: records.length,
  size: 20,
  current: 1,
  pages: 1,
});
const prepay = (over: Partial<AppPrepay> = {}): AppPrepay => ({
  id: 'p1',
  appId: 'a1',
  appName: '商城应用',
  appKey: 'ak1',
  clientId: 'c1',
  clientName: '星河商城',
  balance: 30,
  creditLimit: 20,
  available: 50,
  warningAmount: 50,
  prepayType: 2,
  belowWarning: 1,
  createTime: '2026-11-01 00:00:00',
  updateTime: '2026-11-02 00:00:00',
  version: 1,
  ...over,
});

function screenOf(def: unknown, route: string, held: string[]) {
  window.history.replaceState(null, '', route);
  renderSignedIn(<ResourceScreen def={def as ResourceScreenProps['def']} route={route} />, {
    permissions: held,
  });
}

/** A reply held until `release` is called (a call still running). */
function held() {
  let release!: (r: Response) => void;
  const promise = new Promise<Response>((resolve) => (release = resolve));
  return { promise, release };
}

const sentKeys = () =>
  (fetch as unknown as Mock).mock.calls.map(([url, init]) => [
    url as string,
    new Headers((init as RequestInit | undefined)?.headers).get('Idempotency-Key'),
  ]);

describe('应用预存 screens', { timeout: 30_000 }, () => {
  it('marks a row below its warning in red words and offers the held buttons only', async () => {
    scriptFetch((call) =>
      call.url.includes('/psclient-appPrepay/list')
        ? page([prepay(), prepay({ id: 'p2', appId: 'a2', appName: '会员应用', belowWarning: 0 })])
        : null,
    );
    screenOf(appPrepay, '/access/advance', ['app_prepay', 'app_prepay_recharge']);
    await screen.findByText('会员应用', {}, { timeout: 8000 });
    const rowOf = (name: string) => screen.getByText(name).closest('tr')!;
    expect(within(rowOf('商城应用')).getByText('低于预警')).toBeTruthy();
    expect(within(rowOf('会员应用')).queryByText('低于预警')).toBeNull();
    expect(within(rowOf('会员应用')).getByText('正常')).toBeTruthy();
    expect(screen.getByRole('button', { name: '充值 商城应用（星河商城）' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '调整 商城应用（星河商城）' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /预警设置/ })).toBeNull();
  });

  it('offers the settings on the settings screen only to their holders', async () => {
    scriptFetch((call) =>
      call.url.includes('/psclient-appPrepay/list') ? page([prepay()]) : null,
    );
    screenOf(appPrepaySetting, '/access/openplatform-app/advance', [
      'app_prepay_setting',
      'app_prepay_setting_warn_setting',
    ]);
    await screen.findByText('商城应用', {}, { timeout: 8000 });
    expect(screen.getByRole('button', { name: '预警设置 商城应用（星河商城）' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /预存类型 商城应用/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /充值/ })).toBeNull();
  });
});

describe('充值 dialog (addRecord)', () => {
  it('needs an amount and a voucher, sends once with its key and shows the new balance', async () => {
    const pending = held();
    const calls = scriptFetch((call) =>
      call.url.endsWith('/prepay-file/file-sign')
        ? { attachId: 'f1', fileName: '凭证.pdf' }
        : pending.promise,
    );
    const onClose = vi.fn();
    renderSignedIn(<TopUpDialog rows={[prepay()]} onClose={onClose} />);
    expect(screen.getByText('当前余额 30.00 元，授信额度 20.00 元，可用 50.00 元')).toBeTruthy();
    const submit = screen.getByRole('button', { name: '确认充值' });
    fireEvent.change(screen.getByRole('textbox', { name: /充值金额/ }), {
      target: { value: '1.234' },
    });
    fireEvent.click(submit);
    expect(await screen.findByText('请输入大于0且不超过两位小数的金额')).toBeTruthy();
    expect(screen.getByText('请上传充值凭证')).toBeTruthy();
    expect(calls).toHaveLength(0);

    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'a.txt')] } });
    expect(await screen.findByText('凭证只能是pdf、jpg或png文件')).toBeTruthy();
    fireEvent.change(input, { target: { files: [new File(['%PDF-'], '凭证.pdf')] } });
    expect(await screen.findByText('已上传：凭证.pdf')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /充值金额/ }), {
      target: { value: '100.5' },
    });
    fireEvent.click(submit);
    fireEvent.click(submit);
    fireEvent.submit(submit.closest('form')!);
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    expect(submit.hasAttribute('disabled')).toBe(true);
    pending.release(reply(ok({ appId: 'a1', balance: 130.5 })));
    // the dialog stays open with the balance after (a toast says it too)
    await waitFor(() =>
      expect(
        within(screen.getByRole('dialog')).getByText('充值成功，当前余额 130.50 元'),
      ).toBeTruthy(),
    );
    expect(calls.filter((c) => c.url.endsWith('/addRecord'))).toEqual([
      {
        method: 'POST',
        url: `${C}/psclient-appPrepay/addRecord`,
        body: { appId: 'a1', amount: '100.5', attachId: 'f1' },
      },
    ]);
    expect(sentKeys().find(([url]) => String(url).endsWith('/addRecord'))![1]).toMatch(
      /^[0-9a-f]{32}$/,
    );
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '关闭' }));
    expect(onClose).toHaveBeenCalledWith(true);
  });
});

describe('调整 dialog (saveRecord)', () => {
  it('sends a deduction as a negative amount with its reason; a ledger refusal is shown', async () => {
    const calls = scriptFetch(() =>
      reply(fail(400, '预存余额不足：当前余额30.00元，授信额度20.00元，本次扣减60.00元')),
    );
    const onClose = vi.fn();
    renderSignedIn(<AdjustDialog rows={[prepay()]} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: '确认调整' }));
    expect(await screen.findByText('请输入调整原因')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: '扣减' }));
    fireEvent.change(screen.getByRole('textbox', { name: /调整金额/ }), {
      target: { value: '60' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /调整原因/ }), {
      target: { value: '对账' },
    });
    fireEvent.click(screen.getByRole('button', { name: '确认调整' }));
    expect(
      await screen.findByText('预存余额不足：当前余额30.00元，授信额度20.00元，本次扣减60.00元'),
    ).toBeTruthy();
    expect(calls).toEqual([
      {
        method: 'POST',
        url: `${C}/psclient-appPrepay/saveRecord`,
        body: { appId: 'a1', amount: '-60', reason: '对账' },
      },
    ]);
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('预存类型 dialog (updatePrepayType)', () => {
  it('asks a credit line for its limit and sends 0 for a prepaid app', async () => {
    const calls = scriptFetch(() => prepay({ prepayType: 1, creditLimit: 0 }));
    const onClose = vi.fn();
    renderSignedIn(<TypeDialog rows={[prepay({ creditLimit: 0 })]} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('授信类型须设置大于0的授信额度')).toBeTruthy();
    expect(calls).toHaveLength(0);
    fireEvent.click(screen.getByRole('textbox', { name: '预存类型' }));
    fireEvent.click(await screen.findByRole('option', { name: '预付' }));
    expect(screen.queryByRole('textbox', { name: /授信额度/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(calls[0]!.body).toEqual({ id: 'p1', prepayType: 1, creditLimit: 0 });
  });
});

describe('预警设置 dialog (updateWarning)', () => {
  it('refuses an amount with 3 decimals and clears the warning with null', async () => {
    const calls = scriptFetch(() => prepay({ warningAmount: null }));
    const onClose = vi.fn();
    renderSignedIn(<WarnDialog rows={[prepay()]} onClose={onClose} />);
    const field = screen.getByRole('textbox', { name: /预警金额/ });
    expect((field as HTMLInputElement).value).toBe('50');
    fireEvent.change(field, { target: { value: '1.234' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('请输入不超过两位小数的非负金额')).toBeTruthy();
    fireEvent.change(field, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(calls).toEqual([
      {
        method: 'POST',
        url: `${C}/psclient-appPrepay/updateWarning`,
        body: { id: 'p1', warningAmount: null },
      },
    ]);
  });
});

describe('凭证 dialog (listPrepayChangeFile)', () => {
  const order = { id: 'r1', fileName: '凭证.pdf' } as PrepayOrder;

  it('offers the one-time download of the voucher', async () => {
    const calls = scriptFetch(() => [
      { fileName: '凭证.pdf', url: 'blade-x/all-balance-record/file?ticket=t1', expiresIn: 60 },
    ]);
    renderSignedIn(<PrepayChangeFileDialog rows={[order]} onClose={vi.fn()} />);
    const link = await screen.findByRole('link', { name: '下载 凭证.pdf' });
    expect(link.getAttribute('href')).toBe('/api/blade-x/all-balance-record/file?ticket=t1');
    expect(screen.getByText('下载地址 60 秒内有效')).toBeTruthy();
    expect(calls[0]!.url).toBe(`${C}/prepay-order/listPrepayChangeFile?id=r1`);
  });

  it('says when the change has none', async () => {
    scriptFetch(() => []);
    renderSignedIn(<PrepayChangeFileDialog rows={[order]} onClose={vi.fn()} />);
    expect(await screen.findByText('该记录没有凭证')).toBeTruthy();
  });
});
