import { Alert, Button, ScrollArea, Skeleton, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import type { RouteNode } from '../../contracts/auth';
import { ancestorIds, findLeafByPath } from '../../lib/menu-tree';
import { useUserMenu } from '../../features/menu-search/use-user-menu';
import { useLang, useT } from '../../state/hooks';
import { handleSidebarKeys } from './sidebar-keys';
import { SidebarIcons } from './sidebar-icons';
import { SidebarTree, withGroup } from './sidebar-tree';
import { useActiveTopMenu } from './top-menu-state';

const IFRAME_PREFIX = '/myiframe/';

/** The leaf for the current location, including frame pages (/myiframe/<code>). */
function activeLeaf(leaves: readonly RouteNode[], pathname: string): RouteNode | undefined {
  if (pathname.startsWith(IFRAME_PREFIX)) {
    const code = decodeURIComponent(pathname.slice(IFRAME_PREFIX.length));
    return leaves.find((l) => l.code === code);
  }
  return findLeafByPath(leaves, pathname);
}

/**
 * The sidebar menu (spec screen 7): the user's menu of the active top menu, role-filtered,
 * following the location. `onNavigate` lets the layout fold the sidebar on small screens.
 */
export function Sidebar({ collapsed, onNavigate }: { collapsed: boolean; onNavigate: () => void }) {
  const t = useT();
  const lang = useLang();
  const topMenuId = useActiveTopMenu();
  const menu = useUserMenu(topMenuId);
  const { pathname } = useLocation();
  const active = useMemo(() => {
    let leaf: RouteNode | undefined;
    try {
      leaf = activeLeaf(menu.leaves, pathname);
    } catch {
      leaf = undefined; // a malformed %-escape in the address
    }
    return { leaf, groups: leaf ? ancestorIds(menu.tree, leaf.id) : [] };
  }, [menu.leaves, menu.tree, pathname]);

  // Groups leading to the active screen open when the location (or the menu) changes; the
  // user's own opening and closing is kept otherwise.
  const [openIds, setOpenIds] = useState<ReadonlySet<string>>(() => new Set());
  const [seenActive, setSeenActive] = useState<string | undefined>(undefined);
  const activeSignature = active.groups.join('/') + ':' + (active.leaf?.id ?? '');
  if (seenActive !== activeSignature) {
    setSeenActive(activeSignature);
    if (active.groups.some((id) => !openIds.has(id))) {
      setOpenIds(new Set([...openIds, ...active.groups]));
    }
  }
  const setOpen = (id: string, open: boolean) => setOpenIds((prev) => withGroup(prev, id, open));

  let body;
  if (menu.isLoading) {
    body = (
      <Stack gap={8} p="sm" aria-busy="true" aria-label={t('layout.nav.loading')}>
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} height={28} radius="sm" opacity={0.25} />
        ))}
      </Stack>
    );
  } else if (menu.isError) {
    body = (
      <Alert
        color="red"
        m="sm"
        variant="light"
        title={collapsed ? undefined : t('layout.nav.error')}
      >
        <Button size="xs" variant="light" color="red" onClick={menu.refetch}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  } else if (menu.tree.length === 0) {
    body = (
      <Text size="sm" p="md" c="dimmed">
        {t('layout.nav.empty')}
      </Text>
    );
  } else if (collapsed) {
    body = (
      <Stack gap={2} p={6}>
        <SidebarIcons
          nodes={menu.tree}
          lang={lang}
          activeId={active.leaf?.id}
          activeGroupIds={new Set(active.groups)}
        />
      </Stack>
    );
  } else {
    body = (
      <Stack gap={0} p={6}>
        <SidebarTree
          nodes={menu.tree}
          lang={lang}
          activeId={active.leaf?.id}
          openIds={openIds}
          setOpen={setOpen}
          onNavigate={onNavigate}
        />
      </Stack>
    );
  }

  return (
    <nav
      aria-label={t('layout.nav.label')}
      style={{ height: '100%' }}
      onKeyDown={(e) => handleSidebarKeys(e, setOpen)}
    >
      <ScrollArea h="100%" type="hover" scrollbarSize={6}>
        {body}
      </ScrollArea>
    </nav>
  );
}
