import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GoodWarning } from '../../contracts/platform-supplier/good-warning';
import { renderSignedIn, scriptFetch } from '../../test/signed-in';
import { NoticesPopover } from '../notices/notices-popover';
import { DashboardPage } from './dashboard-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const warning = (n: number): GoodWarning => ({
  goodId: `g${n}`,
  goodCode: `G-${n}`,
  goodName: `星巴克中杯券${n}`,
  supId: 's1',
  supName: '星河供应商',
  kind: 'stock',
  stockWarn: 10 * n,
  unusedStock: 0,
  validTimeWarn: 7,
  expiringCount: 0,
  nearestExpiry: '',
});

function render(permissions: string[]) {
  const calls = scriptFetch((call) => {
    if (call.url.includes('/sup-good/warning-list'))
      return {
        total: 7,
        stockCount: 7,
        expiryCount: 0,
        records: [1, 2, 3, 4, 5].map(warning),
      };
    return null;
  });
  renderSignedIn(
    <MemoryRouter>
      <DashboardPage />
      <NoticesPopover />
    </MemoryRouter>,
    { permissions, notifications: false },
  );
  return calls;
}

describe('goods warnings (issue 17 item 6)', () => {
  it('shows the count and the first five on the dashboard, each leading to the goods screen', async () => {
    const calls = render(['wel', 'supplier_goods']);
    const card = await screen.findByRole('region', { name: '商品预警' });
    expect(await within(card).findByText('7 个商品需要处理')).toBeTruthy();
    const items = within(card).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(items[0]!.textContent).toContain('星巴克中杯券1');
    expect(items[0]!.textContent).toContain('库存不足：未使用 0，预警值 10');
    const links = within(card).getAllByRole('link');
    expect(links.every((a) => a.getAttribute('href') === '/supplier/commodity-list')).toBe(true);
    expect(within(card).getByText('另有 2 个')).toBeTruthy();
    expect(calls.filter((c) => c.url.includes('warning-list'))[0]!.url).toContain('size=5');
  });

  it('lists them in the notices popover too', async () => {
    render(['wel', 'supplier_goods_view']);
    await screen.findByRole('region', { name: '商品预警' });
    fireEvent.click(screen.getByRole('button', { name: '通知' }));
    const bell = await screen.findByRole('dialog', { name: '通知' });
    const section = within(bell).getByRole('region', { name: '商品预警' });
    expect(within(section).getAllByRole('listitem')).toHaveLength(5);
    expect(within(section).getAllByRole('link')[0]!.getAttribute('href')).toBe(
      '/supplier/commodity-list',
    );
  });

  it('shows nothing and asks nothing without the goods screen', async () => {
    const calls = render(['wel']);
    await screen.findByRole('region', { name: '通知公告' });
    fireEvent.click(screen.getByRole('button', { name: '通知' }));
    await screen.findByRole('dialog', { name: '通知' });
    expect(screen.queryByRole('region', { name: '商品预警' })).toBeNull();
    expect(calls.some((c) => c.url.includes('warning-list'))).toBe(false);
  });
});
