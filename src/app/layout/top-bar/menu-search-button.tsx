import { IconSearch } from '@tabler/icons-react';
import { openMenuSearch } from '../../../features/menu-search/menu-search-store';
import { useT } from '../../hooks';
import { TopBarIcon } from './top-bar-icon';

/** Opens the menu search overlay, which the layout renders once (spec screen 8). */
export function MenuSearchButton() {
  const t = useT();
  return (
    <TopBarIcon label={t('topbar.search')} onClick={openMenuSearch}>
      <IconSearch size={20} stroke={1.6} />
    </TopBarIcon>
  );
}
