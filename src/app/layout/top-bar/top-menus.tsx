import { Button, Group, ScrollArea } from '@mantine/core';
import { useRef } from 'react';
import { useTopMenusQuery } from '../../../api/system';
import { pickLang } from '../../../i18n';
import { useLang, useT } from '../../../state/hooks';
import { setActiveTopMenu, useActiveTopMenu } from '../top-menu-state';

/**
 * The top-level menus (spec screen 1): choosing one makes the sidebar load that menu's routes;
 * 'all' shows the full menu again. A failed load simply shows no top menus (the sidebar still
 * has every screen), so there is no error state here.
 */
export function TopMenus() {
  const t = useT();
  const lang = useLang();
  const active = useActiveTopMenu();
  const { data: menus } = useTopMenusQuery();
  const viewport = useRef<HTMLDivElement>(null);
  if (!menus || menus.length === 0) return null;

  const item = (id: string | undefined, label: string) => {
    const selected = active === id;
    return (
      <Button
        key={id ?? 'all'}
        size="compact-sm"
        variant={selected ? 'light' : 'subtle'}
        c={selected ? undefined : 'inherit'}
        aria-pressed={selected}
        style={{ flexShrink: 0 }}
        onClick={() => setActiveTopMenu(id)}
      >
        {label}
      </Button>
    );
  };

  return (
    // Many top menus scroll sideways (thin scrollbar on hover) instead of squeezing their names.
    <ScrollArea
      type="hover"
      scrollbars="x"
      scrollbarSize={4}
      offsetScrollbars={false}
      visibleFrom="md"
      style={{ minWidth: 0, flex: '0 1 auto' }}
      viewportRef={viewport}
      // A mouse wheel scrolls vertically; here it moves the row sideways.
      onWheel={(e) => {
        if (viewport.current && Math.abs(e.deltaY) > Math.abs(e.deltaX))
          viewport.current.scrollLeft += e.deltaY;
      }}
    >
      <Group component="nav" aria-label={t('topbar.topMenus')} gap={4} wrap="nowrap">
        {item(undefined, t('topbar.allMenus'))}
        {[...menus]
          .sort((a, b) => a.sort - b.sort)
          .map((m) => item(m.id, pickLang(lang, { zh: m.name, en: m.nameEn })))}
      </Group>
    </ScrollArea>
  );
}
