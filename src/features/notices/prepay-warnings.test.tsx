import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PrepayWarning } from '../../contracts/platform-client/app-prepay';
import { renderSignedIn, scriptFetch } from '../../test/signed-in';
import { NoticesPopover } from './notices-popover';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const warning = (n: number): PrepayWarning => ({
  id: `p${n}`,
  appId: `a${n}`,
  appName: `商城应用${n}`,
  clientName: '星河商城',
  balance: n,
  warningAmount: 100,
});

async function openNotices(permissions: string[]) {
  const calls = scriptFetch((call) =>
    call.url.includes('/psclient-appPrepay/warnings')
      ? { total: 3, records: [1, 2, 3].map(warning) }
      : null,
  );
  renderSignedIn(
    <MemoryRouter>
      <NoticesPopover />
    </MemoryRouter>,
    { permissions, notifications: false },
  );
  fireEvent.click(screen.getByRole('button', { name: '通知' }));
  return { calls, bell: await screen.findByRole('dialog', { name: '通知' }) };
}

describe('prepay warnings in the notices (issue 27 item 2)', () => {
  it('lists the apps below their warning for the holders of the prepay view button', async () => {
    const { calls, bell } = await openNotices(['app_prepay', 'app_prepay_view']);
    const section = await within(bell).findByRole('region', { name: '预存余额预警' });
    const items = within(section).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]!.textContent).toContain('商城应用1（星河商城）');
    expect(items[0]!.textContent).toContain('余额 1.00 元，低于预警金额 100.00 元');
    expect(
      within(section)
        .getAllByRole('link')
        .every((a) => a.getAttribute('href') === '/access/advance'),
    ).toBe(true);
    expect(calls.find((c) => c.url.includes('/warnings'))!.url).toContain('size=5');
  });

  it('shows nothing and asks nothing without the view button', async () => {
    const { calls, bell } = await openNotices(['app_prepay', 'app_prepay_recharge']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(bell).queryByRole('region', { name: '预存余额预警' })).toBeNull();
    expect(calls.some((c) => c.url.includes('/psclient-appPrepay/warnings'))).toBe(false);
  });
});
