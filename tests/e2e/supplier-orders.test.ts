import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ApiClient } from './api-client';
import { openPalette, rowCommand, selectedOption } from './palette-keys';
import { signedIn } from './session';
import { expectMoneyCoreAgrees } from './money-invariants';
import { serverAndBrowser } from './suite';

/**
 * Issue 18 item 3 e2e (keyboard only, supply user): refund an order and see its codes in
 * recovery and the balance credited; audit and reissue an error order from the focused row's
 * palette commands. The orders are the demo's (DEMO_ORDERS): fulfilment runs only server-side,
 * so the set-up picks them through the API rather than writing any.
 */
const SUPPLIER = 'blade-quanyi-platform-supplier';

interface Page_<T> {
  records: T[];
  total: number;
}
interface OrderRow {
  id: string;
  orderNo: string;
  supId: string;
  state: string;
  goodId: string;
  quantity: number;
}
interface OrderDetail extends OrderRow {
  codes: { id: string; state: string }[];
}
interface ErrorRow {
  id: string;
  orderId: string;
  orderNo: string;
  goodId: string;
  quantity: number;
  state: string;
}

const rowTexts = (page: Page, table: string) =>
  page
    .getByRole('table', { name: table })
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => (r.textContent ?? '').trim()));

async function filterBy(page: Page, label: string, text: string) {
  const box = page
    .getByRole('form', { name: '筛选条件' })
    .first()
    .getByRole('textbox', { name: label });
  await box.focus();
  await page.keyboard.press('Control+a');
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

describe('supplier orders as the supply user, keyboard only', () => {
  const suite = serverAndBrowser();
  const api = async () => {
    const client = new ApiClient(suite.server.url);
    await client.login('supply', 'Demo@2026');
    return client;
  };

  it('refunds an order: its codes go to recovery and the cost is credited back', async () => {
    const client = await api();
    // A delivered demo order with codes still issued (recent orders' codes are not redeemed yet).
    const orders = await client.get<Page_<OrderRow>>(`${SUPPLIER}/sup-order/list`, {
      state: 'success',
      size: '100',
    });
    let target: OrderDetail | undefined;
    for (const order of orders.records) {
      const detail = await client.get<OrderDetail>(`${SUPPLIER}/sup-order/detail`, {
        id: order.id,
      });
      if (detail.codes.some((c) => c.state === 'issued')) {
        target = detail;
        break;
      }
    }
    expect(target, 'a demo order with issued codes').toBeTruthy();
    const order = target!;
    const issued = order.codes.filter((c) => c.state === 'issued').length;

    const { context, page } = await suite.newPage();
    await signedIn(page, 'supply', 'Demo@2026');
    await page.goto('/supplier/commodity-refund-order/list');
    await page.getByRole('heading', { name: '退款订单', level: 1 }).waitFor();
    await page.getByRole('button', { name: '退款', exact: true }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: '订单退款' });
    await dialog.waitFor();
    // The order number has the focus; Enter looks the order up.
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type))
      .toBe('text');
    await page.keyboard.type(order.orderNo);
    await page.keyboard.press('Enter');
    await dialog.getByText(`最多可退 ${issued} 个`).waitFor();
    await dialog.getByRole('textbox', { name: '退款数量' }).focus();
    await page.keyboard.type('1');
    await dialog.getByRole('textbox', { name: '退款原因' }).focus();
    await page.keyboard.type('e2e 用户申请退款');
    await dialog.getByRole('button', { name: '确认退款' }).focus();
    await page.keyboard.press('Enter');
    await page
      .getByText(/^退款成功：1 个券码已进入券码回收，成本 [\d.]+ 元已退回供应商余额$/)
      .waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => rowTexts(page, '退款订单'))
      .toContainEqual(expect.stringContaining(order.orderNo));

    const refund = (
      await client.get<Page_<{ returnNo: string; costAmount: number }>>(
        `${SUPPLIER}/sup-return-order/list`,
        { orderNo: order.orderNo },
      )
    ).records[0]!;

    // The code is in recovery: the good's pending recovery records list it under the order.
    await page.goto(
      `/supplier/code-batch/recycle-management#f.goodId=${order.goodId}&f.state=pending`,
    );
    await page.getByRole('heading', { name: '券码回收', level: 1 }).waitFor();
    await expect
      .poll(() => rowTexts(page, '券码回收'))
      .toContainEqual(expect.stringContaining(refund.returnNo));
    const recovered = (await rowTexts(page, '券码回收')).find((r) => r.includes(refund.returnNo));
    expect(recovered).toContain(order.orderNo);
    expect(recovered).toContain('回收中');

    // The balance was credited: the supplier's refund ledger rows hold one for the refund's cost.
    await page.goto(
      `/supplier/supplier-quota/amount-change-flow#f.supId=${order.supId}&f.changeType=refund`,
    );
    await page.getByRole('heading', { name: '额度变动流水', level: 1 }).waitFor();
    await expect
      .poll(() => rowTexts(page, '额度变动流水'))
      .toContainEqual(expect.stringContaining(refund.returnNo));
    const credit = (await rowTexts(page, '额度变动流水')).find((r) => r.includes(refund.returnNo));
    expect(credit).toContain('退款返还');
    expect(credit).toContain(refund.costAmount.toFixed(2));
    await context.close();
  }, 180_000);

  it('audits then reissues an error order from the focused row: the order succeeds', async () => {
    const client = await api();
    // An open demo error order whose good still has unused codes (the balance is ample).
    const open = await client.get<Page_<ErrorRow>>(`${SUPPLIER}/sup-error-order/list`, {
      state: 'open',
      size: '100',
    });
    let target: ErrorRow | undefined;
    for (const row of open.records) {
      const batches = await client.get<Page_<{ unusedCount: number }>>(
        `${SUPPLIER}/sup-batch-coupon-code/batch-list`,
        { goodId: row.goodId, size: '100' },
      );
      const unused = batches.records.reduce((n, b) => n + Number(b.unusedCount), 0);
      if (unused >= row.quantity) {
        target = row;
        break;
      }
    }
    expect(target, 'an open demo error order with stock').toBeTruthy();
    const error = target!;

    const { context, page } = await suite.newPage();
    await signedIn(page, 'supply', 'Demo@2026');
    await page.goto('/supplier/commodity-unusual-order/list');
    await page.getByRole('heading', { name: '异常订单', level: 1 }).waitFor();
    await filterBy(page, '订单编号', error.orderNo);
    await expect
      .poll(() => rowTexts(page, '异常订单'))
      .toEqual([expect.stringMatching(new RegExp(`${error.orderNo}.*待审核`))]);
    const row = page.locator('tbody tr[data-row-index="0"]');

    // 审核 (the only action an open error order offers), with a remark.
    await row.focus();
    await rowCommand(page, '审核', error.orderNo);
    const audit = page.getByRole('dialog', { name: `审核异常订单 ${error.orderNo}` });
    await audit.waitFor();
    await audit.getByRole('textbox', { name: '备注' }).focus();
    await page.keyboard.type('库存已补充');
    await audit.getByRole('button', { name: '确定' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('审核成功').waitFor();
    await expect.poll(() => rowTexts(page, '异常订单')).toEqual([expect.stringMatching(/已审核/)]);

    // 补发: confirmed with Enter (the confirm button has the focus).
    await row.focus();
    await rowCommand(page, '补发', error.orderNo);
    const reissue = page.getByRole('dialog', { name: `补发异常订单 ${error.orderNo}` });
    await reissue.waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toBe('确定');
    await page.keyboard.press('Enter');
    await page.getByText('补发成功').waitFor({ timeout: 30_000 });
    await expect
      .poll(() => rowTexts(page, '异常订单'))
      .toEqual([expect.stringMatching(/成功.*已补发/)]);

    const order = await client.get<OrderDetail>(`${SUPPLIER}/sup-order/detail`, {
      id: error.orderId,
    });
    expect(order.state).toBe('success');
    expect(order.codes.filter((c) => c.state === 'issued')).toHaveLength(error.quantity);
    await context.close();
  }, 180_000);

  it('o: finds an order by the start of its number and opens it in the list with its codes', async () => {
    const client = await api();
    const latest = (
      await client.get<Page_<OrderRow>>(`${SUPPLIER}/sup-order/list`, {
        state: 'success',
        size: '1',
      })
    ).records[0]!;
    const { context, page } = await suite.newPage();
    await signedIn(page, 'supply', 'Demo@2026');
    await openPalette(page);
    await page.keyboard.type(`o:${latest.orderNo}`);
    await expect
      .poll(() => selectedOption(page).textContent())
      .toMatch(new RegExp(`^${latest.orderNo}`));
    await page.keyboard.press('Enter');
    await expect.poll(() => page.url()).toContain(`f.orderNo=${latest.orderNo}`);
    const drawer = page.getByRole('dialog', { name: `${latest.orderNo}详情` });
    await drawer.waitFor();
    await drawer.getByText(`订单 ${latest.orderNo} 的券码`).waitFor();
    await expect
      .poll(() => rowTexts(page, '供应商订单'))
      .toEqual([expect.stringContaining(latest.orderNo)]);
    await context.close();
  }, 120_000);

  it('leaves every ledger and every order, code and error order in agreement', async () => {
    await expectMoneyCoreAgrees(suite.server);
  });
});
