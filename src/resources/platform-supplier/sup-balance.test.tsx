import { balanceTypeOf } from '../../contracts/platform-supplier/sup-balance';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi, type Mock } from 'vitest';
import { MONEY_BOUND_MESSAGES } from '../../contracts/money';
import { langChanged } from '../../state/ui-slice';
import type { SupBalance } from '../../contracts/platform-supplier/sup-balance';
import type { SupGoodBalance } from '../../contracts/platform-supplier/sup-good-balance';
import type { BalanceRecordRow } from '../../contracts/platform-supplier/all-balance-record';
import { ResourceScreen, type ResourceScreenProps } from '../engine/resource-screen';
import { fail, ok, renderSignedIn, reply, scriptFetch, type Call } from '../../test/signed-in';
import { giveTableAViewport } from '../../test/table-viewport';
import supBalance from './sup-balance';
import supGoodBalance from './sup-good-balance';
import allBalanceRecord from './all-balance-record';
import {
  GoodTypeDialog,
  InitDialog,
  SupplierRecordDialog,
  SupplierWarnDialog,
} from './sup-balance-dialogs';
import BalanceRecordFileDialog from './all-balance-record-file';

beforeAll(() => {
  giveTableAViewport();
  // jsdom has no layout: Mantine's combobox scrolls the chosen option into view.
  Element.prototype.scrollIntoView ??= () => undefined;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  // The language a test switched to is stored: the next test starts in Chinese again.
  localStorage.clear();
});

const S = '/api/blade-quanyi-platform-supplier';
const page = (records: object[]) => ({
  records,
  total: records.length,
  size: 10,
  current: 1,
  pages: 1,
});

const sup = (over: Partial<SupBalance> = {}): SupBalance => ({
  id: 'b1',
  supId: 's1',
  supCode: 'S1',
  supName: '供应商甲',
  balance: 30,
  overdraftLimit: 20,
  warningAmount: 50,
  balanceType: 1,
  balanceTypeName: '预付',
  belowWarning: 1,
  createTime: '2026-11-01 00:00:00',
  updateTime: '2026-11-02 00:00:00',
  version: 1,
  ...over,
});

const good = (over: Partial<SupGoodBalance> = {}): SupGoodBalance => ({
  id: 'g1',
  goodId: 'g1',
  goodCode: 'G1',
  goodName: '咖啡券',
  supId: 's1',
  supName: '供应商甲',
  balanceId: 'q1',
  balanceType: 2,
  balanceTypeName: '商品独立额度',
  balance: 80,
  overdraftLimit: 0,
  warningAmount: null,
  belowWarning: 0,
  updateTime: null,
  ...over,
});

const record = (over: Partial<BalanceRecordRow> = {}): BalanceRecordRow => ({
  id: 'r1',
  kind: 'supplier',
  supId: 's1',
  supName: '供应商甲',
  goodId: '',
  goodName: '',
  changeType: 'add',
  changeTypeName: '增加',
  amount: 0.1,
  balanceAfter: 100.1,
  reason: '补充',
  sourceNo: null,
  hasFile: 0,
  fileName: null,
  createUserName: '供应商管理员',
  createTime: '2026-11-26 10:00:00',
  ...over,
});

function screenOf(def: unknown, route: string, held: string[]) {
  window.history.replaceState(null, '', route);
  renderSignedIn(<ResourceScreen def={def as ResourceScreenProps['def']} route={route} />, {
    permissions: held,
  });
}

/** The headers the console sent with each request (fetch's init). */
const sentHeaders = () =>
  (fetch as unknown as Mock).mock.calls.map(
    ([url, init]) =>
      [url as string, new Headers((init as RequestInit | undefined)?.headers)] as const,
  );

/** A reply held until `release` is called (a call still running). */
function held() {
  let release!: (r: Response) => void;
  const promise = new Promise<Response>((resolve) => (release = resolve));
  return { promise, release };
}

describe('供应商额度 screen', { timeout: 30_000 }, () => {
  it('marks a row below its warning in words, offers the held buttons only', async () => {
    scriptFetch((call) =>
      call.url.includes('/sup-balance-total/list')
        ? page([
            sup(),
            sup({ id: 'b2', supId: 's2', supCode: 'S2', supName: '供应商乙', belowWarning: 0 }),
          ])
        : null,
    );
    screenOf(supBalance, '/supplier/supplier-quota/list', [
      'supplier_quota',
      'supplier_quota_adjust',
    ]);
    await screen.findByText('供应商乙', {}, { timeout: 8000 });
    expect(screen.getAllByText('低于预警')).toHaveLength(1);
    expect(screen.getAllByText('正常').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: '调整 供应商甲（S1）' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '预警设置 供应商甲（S1）' })).toBeNull();
    expect(screen.queryByRole('button', { name: '初始化' })).toBeNull();
  });
});

describe('初始化 dialog', () => {
  it('checks the amounts, then sends one request with an Idempotency-Key however often it is clicked', async () => {
    const pending = held();
    const calls = scriptFetch((call) =>
      call.url.includes('/sup/list-not-page')
        ? [{ id: 's1', supCode: 'S1', supName: '供应商甲' }]
        : pending.promise,
    );
    const onClose = vi.fn();
    renderSignedIn(<InitDialog rows={[]} onClose={onClose} />);
    const submit = screen.getByRole('button', { name: '确认初始化' });
    fireEvent.change(screen.getByRole('textbox', { name: /期初余额/ }), {
      target: { value: '1.234' },
    });
    fireEvent.click(submit);
    expect(await screen.findByText('请选择供应商')).toBeTruthy();
    expect(screen.getByText('请输入不超过两位小数的非负金额')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.click(screen.getByRole('textbox', { name: /供应商/ }));
    fireEvent.click(await screen.findByRole('option', { name: '供应商甲（S1）' }));
    fireEvent.change(screen.getByRole('textbox', { name: /期初余额/ }), {
      target: { value: '100.5' },
    });
    fireEvent.click(submit);
    fireEvent.click(submit);
    fireEvent.submit(submit.closest('form')!);
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    pending.release(reply(ok({ id: 'b9' })));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toEqual([
      {
        method: 'POST',
        url: `${S}/sup-balance-total/init`,
        body: { supId: 's1', balance: '100.5', overdraftLimit: '0', balanceType: 1 },
      },
    ]);
    const [, headers] = sentHeaders().find(([url]) => url.endsWith('/init'))!;
    expect(headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
  });

  it("takes the balance type from the chosen supplier's settlement: a postpaid one gets 授信", async () => {
    const calls = scriptFetch((call) =>
      call.url.includes('/sup/list-not-page')
        ? [
            { id: 's1', supCode: 'S1', supName: '预付供应商', settlementType: 1 },
            { id: 's2', supCode: 'S2', supName: '后付供应商', settlementType: 2 },
          ]
        : reply(ok({ id: 'b9' })),
    );
    renderSignedIn(<InitDialog rows={[]} onClose={vi.fn()} />);
    fireEvent.click(screen.getByRole('textbox', { name: /供应商/ }));
    fireEvent.click(await screen.findByRole('option', { name: '后付供应商（S2）' }));
    fireEvent.change(screen.getByRole('textbox', { name: /期初余额/ }), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: '确认初始化' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      supId: 's2',
      balanceType: balanceTypeOf(2),
    });
    expect(balanceTypeOf(2)).not.toBe(balanceTypeOf(1));
  });

  it("shows the server's refusal (a second init) and stays open", async () => {
    scriptFetch((call) =>
      call.url.includes('/sup/list-not-page')
        ? [{ id: 's1', supCode: 'S1', supName: '供应商甲' }]
        : reply(fail(409, '供应商「供应商甲」的余额已初始化，不能重复初始化')),
    );
    const onClose = vi.fn();
    renderSignedIn(<InitDialog rows={[]} onClose={onClose} />);
    fireEvent.click(screen.getByRole('textbox', { name: /供应商/ }));
    fireEvent.click(await screen.findByRole('option', { name: '供应商甲（S1）' }));
    fireEvent.change(screen.getByRole('textbox', { name: /期初余额/ }), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: '确认初始化' }));
    // A refusal of no field is a toast, once (no banner in the dialog besides).
    const text = '供应商「供应商甲」的余额已初始化，不能重复初始化';
    expect(await screen.findByText(text)).toBeTruthy();
    expect(within(screen.getByRole('dialog')).queryByText(text)).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('调整 dialog (new-record)', () => {
  it('needs an amount above 0 with 2 decimals and a reason; a deduction is sent once with its key', async () => {
    const pending = held();
    const calls = scriptFetch(() => pending.promise);
    const onClose = vi.fn();
    renderSignedIn(<SupplierRecordDialog rows={[sup()]} onClose={onClose} />);
    expect(screen.getByText('当前余额 30.00 元，透支额度 20.00 元')).toBeTruthy();
    const submit = screen.getByRole('button', { name: '确认调整' });
    fireEvent.change(screen.getByRole('textbox', { name: /调整金额/ }), { target: { value: '0' } });
    fireEvent.click(submit);
    expect(await screen.findByText('请输入大于0且不超过两位小数的金额')).toBeTruthy();
    expect(screen.getByText('请输入调整原因')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /调整金额/ }), {
      target: { value: '12.345' },
    });
    fireEvent.click(submit);
    expect(await screen.findByText('请输入大于0且不超过两位小数的金额')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: '扣减' }));
    fireEvent.change(screen.getByRole('textbox', { name: /调整金额/ }), {
      target: { value: '12.34' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /调整原因/ }), {
      target: { value: '对账差额' },
    });
    fireEvent.click(submit);
    fireEvent.click(submit);
    await waitFor(() => expect(calls).toHaveLength(1));
    pending.release(reply(ok({ balance: 17.66 })));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(calls).toEqual([
      {
        method: 'POST',
        url: `${S}/sup-balance-record/new-record`,
        body: { supId: 's1', type: 'deduct', amount: '12.34', reason: '对账差额' },
      },
    ]);
    expect(sentHeaders()[0]![1].get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
    expect(await screen.findByText('调整成功，当前余额 17.66 元')).toBeTruthy();
  });

  it('refuses a voucher of another type before uploading; a refused deduction shows the ledger message', async () => {
    const calls = scriptFetch((call) =>
      call.url.endsWith('/sup-file/file-sign')
        ? { attachId: 'a1', fileName: '凭证.pdf' }
        : reply(fail(400, '余额不足：当前余额30.00元，透支额度20.00元，本次扣减60.00元')),
    );
    const onClose = vi.fn();
    renderSignedIn(<SupplierRecordDialog rows={[sup()]} onClose={onClose} />);
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File(['x'], 'a.txt', { type: 'text/plain' })] },
    });
    expect(await screen.findByText('只能上传pdf、jpg或png文件')).toBeTruthy();
    expect(calls).toHaveLength(0);
    fireEvent.change(input, { target: { files: [new File(['%PDF-'], '凭证.pdf')] } });
    expect(await screen.findByText('已上传：凭证.pdf')).toBeTruthy();
    expect(calls[0]!.url).toBe(`${S}/sup-file/file-sign`);
    fireEvent.click(screen.getByRole('radio', { name: '扣减' }));
    fireEvent.change(screen.getByRole('textbox', { name: /调整金额/ }), {
      target: { value: '60' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /调整原因/ }), {
      target: { value: '扣' },
    });
    fireEvent.click(screen.getByRole('button', { name: '确认调整' }));
    expect(
      await screen.findByText('余额不足：当前余额30.00元，透支额度20.00元，本次扣减60.00元'),
    ).toBeTruthy();
    expect(calls[1]!.body).toEqual({
      supId: 's1',
      type: 'deduct',
      amount: '60',
      reason: '扣',
      attachId: 'a1',
    });
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('bounded money (issue 24 item 4)', () => {
  const TOO_LARGE = MONEY_BOUND_MESSAGES.amountTooLarge;
  const OUT_OF_RANGE = MONEY_BOUND_MESSAGES.balanceOutOfRange;

  it('says the bound at the field for an amount over 9,999,999,999.99 yuan and sends nothing', async () => {
    const calls = scriptFetch((call) =>
      call.url.includes('/sup/list-not-page') ? [{ id: 's1', supCode: 'S1', supName: '甲' }] : {},
    );
    renderSignedIn(<InitDialog rows={[]} onClose={vi.fn()} />);
    fireEvent.change(screen.getByRole('textbox', { name: /期初余额/ }), {
      target: { value: '9999999999999.99' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /透支额度/ }), {
      target: { value: '10000000000' },
    });
    fireEvent.click(screen.getByRole('button', { name: '确认初始化' }));
    expect(await screen.findAllByText(TOO_LARGE.zh)).toHaveLength(2);
    cleanup();

    renderSignedIn(<SupplierRecordDialog rows={[sup()]} onClose={vi.fn()} />);
    fireEvent.change(screen.getByRole('textbox', { name: /调整金额/ }), {
      target: { value: '123456789012345' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /调整原因/ }), {
      target: { value: '补充' },
    });
    fireEvent.click(screen.getByRole('button', { name: '确认调整' }));
    expect(await screen.findByText(TOO_LARGE.zh)).toBeTruthy();
    cleanup();

    renderSignedIn(<SupplierWarnDialog rows={[sup()]} onClose={vi.fn()} />);
    fireEvent.change(screen.getByRole('textbox', { name: /预警金额/ }), {
      target: { value: '10000000000.5' },
    });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText(TOO_LARGE.zh)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('refuses at the amount an addition that would take the balance past the bound; the largest amount below it is sent', async () => {
    const calls = scriptFetch(() => ({ balance: 69999999999999.9 }));
    renderSignedIn(
      <SupplierRecordDialog rows={[sup({ balance: 69990000000000 })]} onClose={vi.fn()} />,
    );
    const amount = screen.getByRole('textbox', { name: /调整金额/ });
    fireEvent.change(screen.getByRole('textbox', { name: /调整原因/ }), {
      target: { value: '补充' },
    });
    fireEvent.change(amount, { target: { value: '10000000000' } });
    fireEvent.click(screen.getByRole('button', { name: '确认调整' }));
    expect(await screen.findByText(TOO_LARGE.zh)).toBeTruthy();
    fireEvent.change(amount, { target: { value: '9999999999.99' } });
    fireEvent.click(screen.getByRole('button', { name: '确认调整' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toMatchObject({ type: 'add', amount: '9999999999.99' });
    cleanup();

    // 69,990,000,000,000.50 + 9,999,999,999.99 is past 70,000,000,000,000.00
    renderSignedIn(
      <SupplierRecordDialog rows={[sup({ balance: 69990000000000.5 })]} onClose={vi.fn()} />,
    );
    fireEvent.change(screen.getByRole('textbox', { name: /调整金额/ }), {
      target: { value: '9999999999.99' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /调整原因/ }), {
      target: { value: '补充' },
    });
    fireEvent.click(screen.getByRole('button', { name: '确认调整' }));
    expect(await screen.findByText(OUT_OF_RANGE.zh)).toBeTruthy();
    expect(calls).toHaveLength(1);
  });

  it("shows the server's refusal of the balance bound at the amount, in English too", async () => {
    const calls = scriptFetch(() => reply(fail(400, OUT_OF_RANGE.zh)));
    const onClose = vi.fn();
    const store = renderSignedIn(<SupplierRecordDialog rows={[sup()]} onClose={onClose} />);
    act(() => {
      store.dispatch(langChanged('en'));
    });
    fireEvent.change(screen.getByRole('textbox', { name: /Amount/ }), {
      target: { value: '5' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'top up' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Adjust' }));
    const field = await screen.findByText(OUT_OF_RANGE.en);
    expect(field.closest('.mantine-TextInput-root')).toBeTruthy();
    expect(within(screen.getByRole('dialog')).queryByRole('alert')).toBeNull();
    expect(calls).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
    // the amount over the bound, in English, before anything is sent
    fireEvent.change(screen.getByRole('textbox', { name: /Amount/ }), {
      target: { value: '10000000000' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Adjust' }));
    expect(await screen.findByText(TOO_LARGE.en)).toBeTruthy();
    expect(calls).toHaveLength(1);
  });
});

describe('预警设置 and 额度类型 dialogs', () => {
  it('set-warning sends the amount and the overdraft limit only when typed', async () => {
    const calls = scriptFetch(() => ({}));
    const onClose = vi.fn();
    renderSignedIn(<SupplierWarnDialog rows={[sup()]} onClose={onClose} />);
    const amount = screen.getByRole('textbox', { name: /预警金额/ });
    expect((amount as HTMLInputElement).value).toBe('50');
    fireEvent.change(amount, { target: { value: '80' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(calls[0]).toEqual({
      method: 'POST',
      url: `${S}/sup-balance-total/set-warning`,
      body: { id: 'b1', warningAmount: '80' },
    });
  });

  it('额度类型 posts the good and the chosen type', async () => {
    const calls = scriptFetch(() => ({}));
    const onClose = vi.fn();
    renderSignedIn(
      <GoodTypeDialog rows={[good({ balanceType: 1, balanceId: null })]} onClose={onClose} />,
    );
    fireEvent.click(screen.getByRole('textbox', { name: /额度类型/ }));
    fireEvent.click(await screen.findByRole('option', { name: '商品独立额度' }));
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(calls[0]).toEqual({
      method: 'POST',
      url: `${S}/sup-good-balance-total/set-balance-type`,
      body: { goodId: 'g1', balanceType: 2 },
    });
  });
});

describe('商品额度 screen', { timeout: 30_000 }, () => {
  it('offers 调整 and 预警设置 only on goods with their own quota; 额度类型 on every good', async () => {
    scriptFetch((call) =>
      call.url.includes('/sup-good-balance-total/list')
        ? page([
            good(),
            good({
              id: 'g2',
              goodId: 'g2',
              goodCode: 'G2',
              goodName: '蛋糕券',
              balanceType: 1,
              balanceId: null,
              balance: null,
            }),
          ])
        : call.url.includes('list-not-page')
          ? []
          : null,
    );
    screenOf(supGoodBalance, '/supplier/supplier-quota/commodity-list', [
      'goods_quota',
      'goods_quota_adjust',
      'goods_quota_balance_type',
      'goods_quota_warn_setting',
      'goods_quota_export',
    ]);
    await screen.findByText('蛋糕券', {}, { timeout: 8000 });
    expect(screen.getByRole('button', { name: '调整 咖啡券（G1）' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '调整 蛋糕券（G2）' })).toBeNull();
    expect(screen.queryByRole('button', { name: '预警设置 蛋糕券（G2）' })).toBeNull();
    expect(screen.getByRole('button', { name: '额度类型 蛋糕券（G2）' })).toBeTruthy();
    expect(screen.getAllByText('扣供应商余额').length).toBeGreaterThan(0);
  });
});

describe('额度变动流水 screen', { timeout: 30_000 }, () => {
  it('sums the amounts exactly in the footer and offers 附件 on changes with a voucher', async () => {
    let lists: Call[] = [];
    scriptFetch((call) => {
      if (call.url.includes('/all-balance-record/list')) {
        lists = [...lists, call];
        return page([
          record(),
          record({ id: 'r2', amount: 0.2, changeType: 'order', changeTypeName: '订单扣款' }),
          record({
            id: 'r3',
            amount: -100.35,
            changeType: 'deduct',
            hasFile: 1,
            fileName: '凭证.pdf',
          }),
        ]);
      }
      return call.url.includes('list-not-page') ? [] : null;
    });
    screenOf(allBalanceRecord, '/supplier/supplier-quota/amount-change-flow', [
      'quota_change_flow',
      'quota_change_flow_file',
    ]);
    await screen.findByText('凭证.pdf', {}, { timeout: 8000 });
    const footer = document.querySelector('tfoot')!;
    expect(within(footer as HTMLElement).getByText('-100.05')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^附件 / })).toHaveLength(1);
    expect(lists.length).toBeGreaterThan(0);
  });

  it('附件 asks get-file and offers the ticket link, no token in it', async () => {
    const calls = scriptFetch(() => ({
      ticket: 'abc.def',
      url: 'blade-quanyi-platform-supplier/all-balance-record/file?ticket=abc.def',
      fileName: '凭证.pdf',
      expiresIn: 60,
    }));
    renderSignedIn(
      <BalanceRecordFileDialog
        rows={[record({ id: 'r3', hasFile: 1, fileName: '凭证.pdf' })]}
        onClose={vi.fn()}
      />,
    );
    const link = await screen.findByRole('link', { name: '下载 凭证.pdf' });
    expect(link.getAttribute('href')).toBe(
      '/api/blade-quanyi-platform-supplier/all-balance-record/file?ticket=abc.def',
    );
    expect(calls[0]!.url).toBe(`${S}/all-balance-record/get-file?id=r3`);
    expect(screen.getByText('下载地址 60 秒内有效')).toBeTruthy();
    // a ticket opens the file once: following the link asks for the next one
    link.addEventListener('click', (e) => e.preventDefault());
    fireEvent.click(link);
    await waitFor(() => expect(calls).toHaveLength(2));
  });
});
