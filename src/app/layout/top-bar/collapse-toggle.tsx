import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { useAppDispatch, useAppSelector, useT } from '../../../state/hooks';
import { collapseToggled } from '../../../state/ui-slice';
import { TopBarIcon } from '../../../components/top-bar-icon';

/** Collapses or expands the sidebar (ui slice, remembered in storage). */
export function CollapseToggle() {
  const t = useT();
  const dispatch = useAppDispatch();
  const collapsed = useAppSelector((s) => s.ui.collapsed);
  const label = t(collapsed ? 'topbar.expand' : 'topbar.collapse');
  return (
    <TopBarIcon label={label} aria-pressed={collapsed} onClick={() => dispatch(collapseToggled())}>
      {collapsed ? (
        <IconLayoutSidebarLeftExpand size={20} stroke={1.6} />
      ) : (
        <IconLayoutSidebarLeftCollapse size={20} stroke={1.6} />
      )}
    </TopBarIcon>
  );
}
