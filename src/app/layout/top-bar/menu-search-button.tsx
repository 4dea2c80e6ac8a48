import { IconSearch } from '@tabler/icons-react';
import { useT } from '../../../state/hooks';
import { openPalette } from '../../../palette/palette-requests';
import { TopBarIcon } from '../../../components/top-bar-icon';

/**
 * The menu search icon (spec screen 8) opens the command palette, which finds menus by name
 * (prefix matches first, as the spec asks) and also by pinyin, English, actions and records.
 */
export function MenuSearchButton() {
  const t = useT();
  return (
    <TopBarIcon label={t('topbar.search')} onClick={openPalette}>
      <IconSearch size={20} stroke={1.6} />
    </TopBarIcon>
  );
}
