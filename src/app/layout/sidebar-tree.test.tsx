import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { RouteNode } from '../../contracts/auth';
import { renderSignedIn } from '../../test/signed-in';
import { SidebarTree, withGroup } from './sidebar-tree';
import { routeNode } from '../../test/route-node';

const node = (id: string, name: string, path: string, children?: RouteNode[]) =>
  routeNode(id, id, name, path, children);

const MENU = [
  node('sys', '系统管理', '/system', [
    node('user', '用户管理', '/system/user'),
    node('dept', '部门管理', '/system/dept'),
  ]),
  node('mon', '系统监控', '/monitor', [node('log', '日志管理', '/monitor/log')]),
];

function Tree({ initiallyOpen }: { initiallyOpen: string[] }) {
  const [openIds, setOpenIds] = useState<ReadonlySet<string>>(new Set(initiallyOpen));
  const setOpen = (id: string, open: boolean) => setOpenIds((prev) => withGroup(prev, id, open));
  return (
    <MemoryRouter>
      <SidebarTree
        nodes={MENU}
        lang="zh"
        activeId="user"
        openIds={openIds}
        setOpen={setOpen}
        onNavigate={() => {}}
      />
    </MemoryRouter>
  );
}

const linkNamed = (name: string) => screen.queryByRole('link', { name, hidden: true });

describe('the sidebar tree', () => {
  it("renders a closed group's links only once the group has been opened, and keeps them", () => {
    renderSignedIn(<Tree initiallyOpen={['sys']} />);
    expect(linkNamed('用户管理')).not.toBeNull();
    // 系统监控 is closed: its screens are not in the page at all (not merely hidden).
    expect(linkNamed('日志管理')).toBeNull();

    const monitor = screen.getByRole('button', { name: '系统监控' });
    fireEvent.click(monitor);
    expect(monitor.getAttribute('aria-expanded')).toBe('true');
    expect(linkNamed('日志管理')?.closest('[inert]')).toBeNull();

    // Closed again: the links stay (the collapse animates) but are inert.
    fireEvent.click(monitor);
    expect(monitor.getAttribute('aria-expanded')).toBe('false');
    expect(linkNamed('日志管理')?.closest('[inert]')).not.toBeNull();
  });
});
