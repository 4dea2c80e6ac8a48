import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi, type Mock } from 'vitest';
import type { PricePlan, ProductGoodsCost } from '../../contracts/platform-client/price-plan';
import { fail, ok, renderSignedIn, reply, scriptFetch } from '../../test/signed-in';
import { giveTableAViewport } from '../../test/table-viewport';
import { ResourceScreen, type ResourceScreenProps } from '../engine/resource-screen';
import pricePlans from './price-plan';
import { CreatePlanDialog, VoidPlanDialog } from './price-plan-dialogs';

beforeAll(() => {
  giveTableAViewport();
  Element.prototype.scrollIntoView ??= () => undefined;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const C = '/api/blade-quanyi-platform-client';
const J = '/api/blade-xxljob/price';
const products = [{ id: 'p1', productCode: 'P001', productName: '视频月卡', salePrice: 49.9 }];
const costs: ProductGoodsCost = {
  productId: 'p1',
  productCode: 'P001',
  productName: '视频月卡',
  salePrice: 49.9,
  marketAmount: 50,
  goods: [
    {
      goodId: 'g1',
      goodCode: 'G1',
      goodName: '月卡券',
      goodType: 1,
      supId: 's1',
      supName: '供应商甲',
      costPrice: 45,
      marketAmount: 50,
      priority: 1,
      weight: 1,
      stock: 10,
      sellable: 1,
    },
  ],
};
const plan = (over: Partial<PricePlan> = {}): PricePlan => ({
  id: 'pl1',
  productId: 'p1',
  productCode: 'P001',
  productName: '视频月卡',
  oldPrice: 49.9,
  newPrice: 52,
  effectiveTime: '2099-01-01 10:00:00',
  state: 'pending',
  appliedTime: null,
  appliedPrice: null,
  voidUser: null,
  voidUserName: '',
  voidTime: null,
  voidReason: null,
  remark: null,
  createUser: 'u1',
  createUserName: '赵财务',
  createTime: '2026-01-01 09:00:00',
  updateUser: null,
  updateUserName: '',
  updateTime: null,
  version: 1,
  ...over,
});

/** The dialog's answers: the product picker, the costs, and `create` for the plan itself. */
const answers = (create: () => unknown) => (call: { url: string }) =>
  call.url.includes('/psclient-product/list-all')
    ? products
    : call.url.includes('/price-management/goods-2-product')
      ? costs
      : create();

async function chooseProduct() {
  fireEvent.click(screen.getByRole('textbox', { name: /产品/ }));
  fireEvent.click(await screen.findByRole('option', { name: '视频月卡（P001）' }));
}

describe('新建调价 dialog', { timeout: 30_000 }, () => {
  it('shows the price and the margins, sends once with its key and closes', async () => {
    let release!: (r: Response) => void;
    const pending = new Promise<Response>((resolve) => (release = resolve));
    const calls = scriptFetch(answers(() => pending));
    const onClose = vi.fn();
    renderSignedIn(<CreatePlanDialog rows={[]} onClose={onClose} />);
    const submit = screen.getByRole('button', { name: '确定' });
    fireEvent.click(submit);
    expect(await screen.findByText('请选择产品')).toBeTruthy();
    expect(screen.getByText('请输入0.01到9999999999.99之间、最多两位小数的金额')).toBeTruthy();

    await chooseProduct();
    expect(await screen.findByText('当前售价 49.90 元，面值 50.00 元')).toBeTruthy();
    const row = screen.getByText('月卡券').closest('tr')!;
    expect(within(row).getByText('45.00')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /新价格/ }), {
      target: { value: '52' },
    });
    expect(within(row).getByText('7.00')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /新价格/ }), {
      target: { value: '44.5' },
    });
    expect(within(row).getByText('-0.50')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /备注/ }), {
      target: { value: '春节调价' },
    });

    fireEvent.click(submit);
    fireEvent.click(submit);
    fireEvent.submit(submit.closest('form')!);
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(submit.hasAttribute('disabled')).toBe(true);
    release(reply(ok(plan())));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));

    const sent = calls.filter((c) => c.method === 'POST');
    expect(sent).toEqual([
      {
        method: 'POST',
        url: `${J}/timing/modification`,
        body: {
          productId: 'p1',
          newPrice: '44.5',
          effectiveTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:00:00$/),
          remark: '春节调价',
        },
      },
    ]);
    const time = (sent[0]!.body as { effectiveTime: string }).effectiveTime;
    expect(new Date(time.replace(' ', 'T')).getTime()).toBeGreaterThan(Date.now());
    const key = (fetch as unknown as Mock).mock.calls
      .filter(([url]) => String(url).endsWith('/timing/modification'))
      .map(([, init]) => new Headers((init as RequestInit).headers).get('Idempotency-Key'));
    expect(key).toEqual([expect.stringMatching(/^[0-9a-f]{32}$/)]);
  });

  it('refuses a time that is no longer in the future, sending nothing', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2030, 0, 1, 10, 20, 0));
    const calls = scriptFetch(answers(() => plan()));
    const onClose = vi.fn();
    renderSignedIn(<CreatePlanDialog rows={[]} onClose={onClose} />);
    await chooseProduct();
    fireEvent.change(screen.getByRole('textbox', { name: /新价格/ }), {
      target: { value: '52' },
    });
    // The dialog offered 11:00:00; the clock has moved past it.
    vi.setSystemTime(new Date(2030, 0, 1, 11, 0, 1));
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('生效时间须晚于当前时间')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows a server refusal at its field', async () => {
    scriptFetch(answers(() => reply(fail(400, 'effectiveTime:生效时间须晚于当前时间'))));
    renderSignedIn(<CreatePlanDialog rows={[]} onClose={vi.fn()} />);
    await chooseProduct();
    fireEvent.change(screen.getByRole('textbox', { name: /新价格/ }), {
      target: { value: '52' },
    });
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('生效时间须晚于当前时间')).toBeTruthy();
  });
});

describe('新建调价: the effective time from the keyboard', { timeout: 30_000 }, () => {
  const timeBox = () => screen.getByRole('textbox', { name: /生效时间/ });
  const type = (text: string) => fireEvent.input(timeBox(), { target: { value: text } });
  async function fill() {
    await chooseProduct();
    fireEvent.change(screen.getByRole('textbox', { name: /新价格/ }), {
      target: { value: '52' },
    });
  }

  it('sends the time typed as the wire text', async () => {
    const calls = scriptFetch(answers(() => plan()));
    const onClose = vi.fn();
    renderSignedIn(<CreatePlanDialog rows={[]} onClose={onClose} />);
    await fill();
    expect((timeBox() as HTMLInputElement).value).toMatch(/^\d{4}-\d\d-\d\d \d\d:00:00$/);
    fireEvent.focus(timeBox());
    type('2031-02-03 04:05:06');
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: `${J}/timing/modification`,
        body: { productId: 'p1', newPrice: '52', effectiveTime: '2031-02-03 04:05:06', remark: '' },
      },
    ]);
  });

  it('refuses a half-typed or impossible time, sending nothing, and shows it as typed', async () => {
    const calls = scriptFetch(answers(() => plan()));
    const onClose = vi.fn();
    renderSignedIn(<CreatePlanDialog rows={[]} onClose={onClose} />);
    await fill();
    const submit = screen.getByRole('button', { name: '确定' });
    for (const text of ['2031-02-03 04:05', '2031-02-30 04:05:06', '2031-02-03 24:00:00']) {
      type(text);
      fireEvent.blur(timeBox());
      fireEvent.click(submit);
      expect(await screen.findByText('请按 YYYY-MM-DD HH:mm:ss 输入生效时间')).toBeTruthy();
      expect((timeBox() as HTMLInputElement).value).toBe(text);
    }
    type('');
    fireEvent.click(submit);
    expect(await screen.findByText('请选择生效时间')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('keeps the typed time of day when a day is picked, and Escape closes the calendar first', async () => {
    const calls = scriptFetch(answers(() => plan()));
    const onClose = vi.fn();
    renderSignedIn(<CreatePlanDialog rows={[]} onClose={onClose} />);
    await fill();
    fireEvent.focus(timeBox());
    type('2031-02-03 04:05:06');
    fireEvent.click(await screen.findByRole('button', { name: /^10 .*2031$/ }));
    expect((timeBox() as HTMLInputElement).value).toBe('2031-02-10 04:05:06');

    fireEvent.focus(timeBox());
    await screen.findByRole('button', { name: /^10 .*2031$/ });
    fireEvent.keyDown(timeBox(), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('button', { name: /^10 .*2031$/ })).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(calls.filter((c) => c.method === 'POST')[0]!.body).toMatchObject({
      effectiveTime: '2031-02-10 04:05:06',
    });
  });
});

describe('作废 dialog', () => {
  it('asks for a reason and sends it once', async () => {
    const calls = scriptFetch(() => plan({ state: 'void' }));
    const onClose = vi.fn();
    renderSignedIn(<VoidPlanDialog rows={[plan()]} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('请输入作废原因')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /作废原因/ }), {
      target: { value: '活动取消' },
    });
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(calls).toEqual([
      { method: 'POST', url: `${J}/to-void`, body: { id: 'pl1', reason: '活动取消' } },
    ]);
  });
});

describe('价格管理 screen', { timeout: 30_000 }, () => {
  it('offers 修改 and 作废 on pending plans only, to their holders', async () => {
    scriptFetch((call) =>
      call.url.startsWith(`${C}/price-management/list`)
        ? {
            records: [
              plan(),
              plan({ id: 'pl2', productName: '音乐年卡', state: 'applied', appliedPrice: 52 }),
            ],
            total: 2,
            size: 20,
            current: 1,
            pages: 1,
          }
        : null,
    );
    window.history.replaceState(null, '', '/finance/price-manage');
    renderSignedIn(
      <ResourceScreen
        def={pricePlans as unknown as ResourceScreenProps['def']}
        route="/finance/price-manage"
      />,
      { permissions: ['price_manage', 'price_manage_timing', 'price_manage_void'] },
    );
    await screen.findByText('音乐年卡', {}, { timeout: 8000 });
    const rowOf = (name: string) => screen.getByText(name).closest('tr')!;
    expect(within(rowOf('视频月卡')).getByText('待生效')).toBeTruthy();
    expect(within(rowOf('音乐年卡')).getByText('已生效')).toBeTruthy();
    expect(within(rowOf('视频月卡')).getByText('赵财务')).toBeTruthy();
    expect(
      screen.getByRole('button', { name: '作废 视频月卡（2099-01-01 10:00:00）' }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /作废 音乐年卡/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^修改 / })).toBeNull();
    expect(screen.getByRole('button', { name: '新建调价' })).toBeTruthy();
  });
});
