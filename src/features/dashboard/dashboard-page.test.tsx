import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn, scriptFetch } from '../../test/signed-in';
import { NoticesPopover } from '../notices/notices-popover';
import { DashboardPage } from './dashboard-page';
import { routeNode } from '../../test/route-node';

const node = routeNode;

/** A small menu: home with the dashboard, and one system screen. */
const MENU = [
  node('1', 'home', '首页', '/home', [node('11', 'wel', '工作台', '/wel/index')]),
  node('2', 'system', '系统管理', '/system', [node('21', 'user', '用户管理', '/system/user')]),
];

beforeEach(() => {
  scriptFetch((call) => {
    if (call.url.startsWith('/api/blade-system/menu/routes')) return MENU;
    if (call.url.startsWith('/api/blade-user/info'))
      return { id: '1', account: 'admin', roleName: '超级管理员', tenantName: '管理租户' };
    return null;
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderDashboard(permissions: string[]) {
  renderSignedIn(
    <MemoryRouter>
      <DashboardPage />
      <NoticesPopover />
    </MemoryRouter>,
    // The session's role_name is the alias, as the token carries it.
    { session: { role_name: 'administrator' }, permissions, notifications: false },
  );
}

describe('DashboardPage (issue 16 item 12)', () => {
  it('shows the role by its name, not its alias', async () => {
    renderDashboard(['wel', 'user']);
    const welcome = screen.getByRole('region', { name: /好/ });
    await waitFor(() => expect(welcome.textContent).toContain('超级管理员'));
    expect(welcome.textContent).not.toContain('administrator');
  });

  it("links only screens of the user's menu that the user holds", async () => {
    renderDashboard(['wel', 'user']);
    const links = screen.getByRole('region', { name: '快捷入口' });
    await waitFor(() => expect(within(links).getAllByRole('link')).toHaveLength(1));
    const link = within(links).getByRole('link');
    expect(link.textContent).toBe('用户管理');
    expect(link.getAttribute('href')).toBe('/system/user');
  });

  it('links nothing the user does not hold', async () => {
    renderDashboard(['wel']);
    const links = screen.getByRole('region', { name: '快捷入口' });
    expect(await within(links).findByText('暂无可用菜单')).toBeTruthy();
    expect(within(links).queryAllByRole('link')).toHaveLength(0);
  });

  it("shows the top bar's notices", async () => {
    renderDashboard([]);
    const card = screen.getByRole('region', { name: '通知公告' });
    const onCard = within(card)
      .getAllByRole('listitem')
      .map((li) => li.textContent ?? '');
    fireEvent.click(screen.getByRole('button', { name: '通知' }));
    const bell = await screen.findByRole('dialog', { name: '通知' });
    const inBell = within(bell)
      .getAllByRole('listitem')
      .map((li) => li.textContent ?? '');
    expect(inBell.length).toBeGreaterThan(0);
    expect(onCard).toHaveLength(inBell.length);
    // Each card row: kind, text, date; each bell row: text, date.
    inBell.forEach((text, i) => expect(onCard[i]).toContain(text));
  });
});
