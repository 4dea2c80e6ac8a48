import { Box, Button, Menu } from '@mantine/core';
import { IconCheck, IconChevronDown } from '@tabler/icons-react';
import { useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { useTopMenusQuery } from '../../../api/system';
import { pickLang } from '../../../i18n';
import { useLang, useT } from '../../../state/hooks';
import { setActiveTopMenu, useActiveTopMenu } from '../top-menu-state';

const GAP = 4;
/** Kept out of sight and out of reach while still measurable (the overflow calculation). */
const MEASURED_ONLY: CSSProperties = {
  position: 'absolute',
  visibility: 'hidden',
  pointerEvents: 'none',
  top: 0,
  left: 0,
};

/**
 * How many of the items (widths in px, 'all' first) fit in `available` px; when not all do,
 * room is kept for the "more" trigger. At least 'all' stays.
 */
export function fittingCount(widths: readonly number[], moreWidth: number, available: number) {
  const total = widths.reduce((sum, w, i) => sum + w + (i ? GAP : 0), 0);
  if (total <= available) return widths.length;
  let used = moreWidth;
  let count = 0;
  for (const w of widths) {
    if (used + GAP + w > available) break;
    used += GAP + w;
    count++;
  }
  return Math.max(1, count);
}

/**
 * The top-level menus (spec screen 1): choosing one makes the sidebar load that menu's routes;
 * 'all' shows the full menu again. The server lists only top menus that lead to a screen the
 * user holds. Those that do not fit the bar go under a "more" menu (measured from the rendered
 * buttons, again on every resize and language change). A failed load simply shows no top menus
 * (the sidebar still has every screen), so there is no error state here.
 */
export function TopMenus() {
  const t = useT();
  const lang = useLang();
  const active = useActiveTopMenu();
  const { data: menus } = useTopMenusQuery();
  const box = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState<number>(Number.MAX_SAFE_INTEGER);

  const items = [
    { id: undefined as string | undefined, label: t('topbar.allMenus') },
    ...[...(menus ?? [])]
      .sort((a, b) => a.sort - b.sort)
      .map((m) => ({
        id: m.id as string | undefined,
        label: pickLang(lang, { zh: m.name, en: m.nameEn }),
      })),
  ];
  const signature = items.map((i) => i.label).join('\u0000');

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => {
      const buttons = [...el.querySelectorAll<HTMLElement>('[data-top-menu-item]')];
      const more = el.querySelector<HTMLElement>('[data-more]');
      const widths = buttons.map((b) => b.offsetWidth);
      setShown(fittingCount(widths, more?.offsetWidth ?? 0, el.clientWidth));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [signature]);

  if (!menus || menus.length === 0) return null;
  const overflow = items.slice(shown);
  const activeHidden = overflow.some((i) => i.id === active);

  return (
    <Box
      ref={box}
      visibleFrom="md"
      style={{ position: 'relative', flex: '1 1 0', minWidth: 0, overflow: 'hidden' }}
    >
      <Box
        component="nav"
        aria-label={t('topbar.topMenus')}
        style={{ display: 'flex', gap: GAP, flexWrap: 'nowrap', alignItems: 'center' }}
      >
        {items.map((item, index) => {
          const selected = active === item.id;
          const hidden = index >= shown;
          return (
            <Button
              key={item.id ?? 'all'}
              data-top-menu-item
              size="compact-sm"
              // Filled: readable on every theme's header, light or dark.
              variant={selected ? 'filled' : 'subtle'}
              c={selected ? undefined : 'inherit'}
              aria-pressed={selected}
              aria-hidden={hidden || undefined}
              tabIndex={hidden ? -1 : undefined}
              style={{ flexShrink: 0, ...(hidden ? MEASURED_ONLY : {}) }}
              onClick={() => setActiveTopMenu(item.id)}
            >
              {item.label}
            </Button>
          );
        })}
        <Menu position="bottom-start" shadow="md" withinPortal>
          <Menu.Target>
            <Button
              data-more
              size="compact-sm"
              variant={activeHidden ? 'filled' : 'subtle'}
              c={activeHidden ? undefined : 'inherit'}
              rightSection={<IconChevronDown size={14} aria-hidden />}
              aria-hidden={overflow.length === 0 || undefined}
              tabIndex={overflow.length === 0 ? -1 : undefined}
              style={{ flexShrink: 0, ...(overflow.length === 0 ? MEASURED_ONLY : {}) }}
            >
              {t('topbar.moreMenus')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {overflow.map((item) => (
              <Menu.Item
                key={item.id ?? 'all'}
                aria-current={active === item.id ? 'true' : undefined}
                rightSection={active === item.id ? <IconCheck size={14} aria-hidden /> : null}
                onClick={() => setActiveTopMenu(item.id)}
              >
                {item.label}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Box>
    </Box>
  );
}
