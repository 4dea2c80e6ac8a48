import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PsclientProduct } from '../../contracts/platform-client/psclient-product';
import { fail, renderSignedIn, reply, scriptFetch } from '../../test/signed-in';
import { AllForbiddenDaysDialog, ForbiddenDaysDialog } from './psclient-product-days-dialog';
import { DefaultWarnDialog, WarnDialog } from './psclient-product-warn-dialog';

/** The product screen's 禁售日 and 预警设置 dialogs: what they load, check and save. */

beforeAll(() => {
  Element.prototype.scrollIntoView ??= () => undefined;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const C = '/api/blade-quanyi-platform-client';
const product = { id: 'p1', productCode: 'P1', productName: '咖啡月卡' } as PsclientProduct;

describe('预警设置 dialogs', () => {
  it("starts from the product's threshold, checks it, then saves it and closes", async () => {
    const calls = scriptFetch((call) =>
      call.method === 'GET'
        ? { productId: 'p1', stockWarn: 10, defaultStockWarn: 5, availableStock: 3 }
        : null,
    );
    const onClose = vi.fn();
    renderSignedIn(<WarnDialog rows={[product]} onClose={onClose} />);
    const field = await screen.findByRole('textbox', { name: '库存预警值' });
    expect((field as HTMLInputElement).value).toBe('10');
    expect(screen.getByText('可用库存低于该值时标记库存不足；留空使用默认值（5）')).toBeTruthy();
    expect(screen.getByText('当前可用库存 3')).toBeTruthy();
    fireEvent.change(field, { target: { value: '100000001' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('请输入0到100000000的整数')).toBeTruthy();
    fireEvent.change(field, { target: { value: '8' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(calls[0]!.url).toBe(`${C}/psclient-product/warning/one/get?productId=p1`);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: `${C}/psclient-product/add/warning/one`,
        body: { productId: 'p1', stockWarn: '8' },
      },
    ]);
  });

  it("shows the default's refusal at its field and stays open", async () => {
    scriptFetch((call) =>
      call.method === 'GET' ? { stockWarn: null } : reply(fail(400, 'stockWarn:预警值过大')),
    );
    const onClose = vi.fn();
    renderSignedIn(<DefaultWarnDialog rows={[]} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: '默认库存预警' });
    const field = await within(dialog).findByRole('textbox', { name: '库存预警值' });
    expect((field as HTMLInputElement).value).toBe('');
    fireEvent.change(field, { target: { value: '7' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('预警值过大')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('禁售日 dialogs', () => {
  it("edits a day's reason and saves the product's days, the empty reason as null", async () => {
    const calls = scriptFetch((call) =>
      call.method === 'GET'
        ? {
            productId: 'p1',
            today: '2026-11-01',
            productDays: [
              { saleDay: '2026-11-11', reason: '大促' },
              { saleDay: '2026-11-12', reason: null },
            ],
            allProductDays: [{ saleDay: '2026-12-25', reason: null }],
          }
        : null,
    );
    const onClose = vi.fn();
    renderSignedIn(<ForbiddenDaysDialog rows={[product]} onClose={onClose} />);
    const reason = await screen.findByRole('textbox', { name: '2026-11-11' });
    expect(screen.getByText('另有全部产品禁售日：2026-12-25')).toBeTruthy();
    fireEvent.change(reason, { target: { value: ' 双十一 ' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(calls[0]!.url).toBe(`${C}/forbidden-sale-day/get?productId=p1`);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: `${C}/forbidden-sale-day/save`,
        body: {
          productId: 'p1',
          days: [
            { saleDay: '2026-11-11', reason: '双十一' },
            { saleDay: '2026-11-12', reason: null },
          ],
        },
      },
    ]);
  });

  it("saves every product's days with no product", async () => {
    const calls = scriptFetch((call) =>
      call.method === 'GET'
        ? { productId: null, today: '2026-11-01', productDays: [], allProductDays: [] }
        : null,
    );
    const onClose = vi.fn();
    renderSignedIn(<AllForbiddenDaysDialog rows={[]} onClose={onClose} />);
    expect(await screen.findByText('未设置禁售日')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(calls[0]!.url).toBe(`${C}/forbidden-sale-day/get`);
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ productId: null, days: [] });
  });
});
