import { IconMaximize, IconMinimize } from '@tabler/icons-react';
import { useT } from '../../../state/hooks';
import { TopBarIcon } from '../../../components/top-bar-icon';
import { useFullscreen } from '../../../components/use-fullscreen';

/** Full-screen toggle (spec screen 1); its label follows the state, hidden when unsupported. */
export function FullscreenButton() {
  const t = useT();
  const { supported, active, toggle } = useFullscreen();
  if (!supported) return null;
  return (
    <TopBarIcon label={t(active ? 'topbar.exitFullscreen' : 'topbar.fullscreen')} onClick={toggle}>
      {active ? <IconMinimize size={20} stroke={1.6} /> : <IconMaximize size={20} stroke={1.6} />}
    </TopBarIcon>
  );
}
