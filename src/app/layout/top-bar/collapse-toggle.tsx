import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { useAppDispatch, useAppSelector, useT } from '../../../state/hooks';
import { collapseToggled } from '../../../state/ui-slice';
import { TopBarIcon } from '../../../components/top-bar-icon';
import { useSidebarOpen } from '../sidebar-open';

/**
 * Collapses or expands the sidebar (ui slice, remembered in storage; on a small screen each
 * press opens or closes the overlay). Its name, tooltip and icon say what a press does to the
 * sidebar as it is on screen (`useSidebarOpen`), and `aria-expanded` says whether it is open.
 */
export function CollapseToggle() {
  const t = useT();
  const dispatch = useAppDispatch();
  const collapsed = useAppSelector((s) => s.ui.collapsed);
  const open = useSidebarOpen() ?? !collapsed;
  const label = t(open ? 'topbar.collapse' : 'topbar.expand');
  return (
    <TopBarIcon label={label} aria-expanded={open} onClick={() => dispatch(collapseToggled())}>
      {open ? (
        <IconLayoutSidebarLeftCollapse size={20} stroke={1.6} />
      ) : (
        <IconLayoutSidebarLeftExpand size={20} stroke={1.6} />
      )}
    </TopBarIcon>
  );
}
