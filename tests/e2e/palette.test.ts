import { describe, expect, it } from 'vitest';
import { ApiClient } from './api-client';
import { serverAndBrowser } from './suite';
import { openPalette, selectedOption } from './palette-keys';
import { signedIn } from './session';

describe('command palette in Chromium, keyboard only', () => {
  const suite = serverAndBrowser();

  it('reaches a screen by pinyin initials and returns focus on Esc', async () => {
    const { context, page } = await suite.newPage();
    await signedIn(page, 'admin', 'Demo@2026', '100001');
    const lockButton = page.getByRole('button', { name: '锁屏', exact: true });
    await lockButton.focus();
    let input = await openPalette(page);
    await page.keyboard.type('yhgl');
    await expect.poll(() => selectedOption(page).textContent()).toMatch(/^用户管理/);
    await page.keyboard.press('Escape');
    await input.waitFor({ state: 'hidden' });
    await expect.poll(() => lockButton.evaluate((el) => el === document.activeElement)).toBe(true);

    input = await openPalette(page);
    await page.keyboard.type('yhgl');
    await expect.poll(() => selectedOption(page).textContent()).toMatch(/^用户管理/);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/system/user');
    await input.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('runs an action through a nested page: switch language to English', async () => {
    const { context, page } = await suite.newPage();
    await signedIn(page, 'admin', 'Demo@2026', '100001');
    await openPalette(page);
    await page.keyboard.type('qhyy');
    await expect.poll(() => selectedOption(page).textContent()).toMatch(/^切换语言/);
    await page.keyboard.press('Enter');
    // The nested page: its breadcrumb and the two languages.
    await page.getByRole('option', { name: /English/ }).waitFor();
    await page.keyboard.type('eng');
    await page.keyboard.press('Enter');
    await page.getByRole('navigation', { name: 'Side menu' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('quanyi.lang'))).toBe('"en"');
    await context.close();
  });

  it('finds a user with u: and opens the details; Tab shows the record actions', async () => {
    const { context, page } = await suite.newPage();
    await signedIn(page, 'admin', 'Demo@2026', '100001');
    await openPalette(page);
    await page.keyboard.type('u:sales');
    await expect.poll(() => selectedOption(page).textContent()).toMatch(/^sales · 周销售/);
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: '用户详情' });
    await drawer.getByText('周销售').first().waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    await openPalette(page);
    await page.keyboard.type('u:sales');
    await expect.poll(() => selectedOption(page).textContent()).toMatch(/^sales · 周销售/);
    await page.keyboard.press('Tab');
    await page.getByRole('option', { name: /^重置密码/ }).waitFor();
    await page.keyboard.type('jies');
    await expect.poll(() => selectedOption(page).textContent()).toMatch(/^解锁/);
    await page.keyboard.press('Enter');
    await page.getByText('确定解锁 sales · 周销售?').waitFor();
    await page.keyboard.press('Enter');
    await page.getByText('解锁成功').waitFor();
    await context.close();
  });

  it("'?' opens the shortcut cheat sheet, but not while typing in the palette", async () => {
    const { context, page } = await suite.newPage();
    await signedIn(page, 'admin', 'Demo@2026', '100001');
    await openPalette(page);
    await page.keyboard.type('?');
    expect(await page.getByRole('dialog', { name: /快捷键/ }).isVisible()).toBe(false);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Shift+Slash');
    const sheet = page.getByRole('dialog', { name: /快捷键/ });
    await sheet.waitFor();
    await sheet.getByText('切换到下一个标签页').waitFor();
    await context.close();
  });

  it('finds a supplier by plain text and full pinyin; refunds an order found by its client number (issue 25)', async () => {
    const client = new ApiClient(suite.server.url);
    await client.login('supply', 'Demo@2026');
    const SUPPLIER = 'blade-quanyi-platform-supplier';
    // A delivered demo order with codes still issued, and its client order number.
    const orders = await client.get<{
      records: { id: string; orderNo: string; clientOrderId: string | null }[];
    }>(`${SUPPLIER}/sup-order/list`, { state: 'success', size: '100' });
    let target: { orderNo: string; clientOrderId: string; issued: number } | undefined;
    for (const order of orders.records) {
      const detail = await client.get<{ codes: { state: string }[] }>(
        `${SUPPLIER}/sup-order/detail`,
        { id: order.id },
      );
      const issued = detail.codes.filter((c) => c.state === 'issued').length;
      if (issued > 0 && order.clientOrderId) {
        target = { orderNo: order.orderNo, clientOrderId: order.clientOrderId, issued };
        break;
      }
    }
    expect(target, 'a demo order with issued codes and a client number').toBeTruthy();
    const order = target!;

    const { context, page } = await suite.newPage();
    await signedIn(page, 'supply', 'Demo@2026');
    // A bare 美团 lists the supplier (after the screens and actions); s:meituan finds it too.
    await openPalette(page);
    await page.keyboard.type('美团');
    await page
      .getByRole('option', { name: /^美团外卖红包/ })
      .first()
      .waitFor();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('s:meituan');
    await expect.poll(() => selectedOption(page).textContent()).toMatch(/^美团外卖红包/);

    // o: with the client's number, lower case: the order; Tab: its actions, 退款 first.
    await page.keyboard.press('Control+a');
    await page.keyboard.type(`o:${order.clientOrderId.toLowerCase()}`);
    await expect
      .poll(() => selectedOption(page).textContent())
      .toMatch(new RegExp(`^${order.orderNo}`));
    await page.keyboard.press('Tab');
    await expect.poll(() => selectedOption(page).textContent()).toMatch(/^退款/);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: '订单退款' });
    await dialog.waitFor();
    expect(await dialog.getByRole('textbox', { name: '订单编号' }).inputValue()).toBe(
      order.orderNo,
    );
    await dialog.getByText(`最多可退 ${order.issued} 个`).waitFor();
    await dialog.getByRole('textbox', { name: '退款原因' }).focus();
    await page.keyboard.type('e2e 从命令面板退款');
    await dialog.getByRole('button', { name: '确认退款' }).focus();
    await page.keyboard.press('Enter');
    await page
      .getByText(
        new RegExp(
          `^退款成功：${order.issued} 个券码已进入券码回收，成本 [\\d.]+ 元已退回供应商余额$`,
        ),
      )
      .waitFor();
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  }, 180_000);
});
