import { useCallback, useSyncExternalStore } from 'react';

/**
 * Full screen of the whole page with the standard API (every browser the console supports has
 * it unprefixed); `supported` is false where the page may not go full screen (e.g. in a frame
 * without permission), and the button is then not shown.
 */
function subscribe(listener: () => void): () => void {
  document.addEventListener('fullscreenchange', listener);
  return () => document.removeEventListener('fullscreenchange', listener);
}
const isFullscreen = () => document.fullscreenElement != null;
const serverSnapshot = () => false;

export function useFullscreen(): { supported: boolean; active: boolean; toggle: () => void } {
  const active = useSyncExternalStore(subscribe, isFullscreen, serverSnapshot);
  const supported =
    typeof document !== 'undefined' &&
    document.fullscreenEnabled === true &&
    typeof document.documentElement.requestFullscreen === 'function';
  const toggle = useCallback(() => {
    // Rejections (user gesture missing, permission refused) leave the page as it is.
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void document.documentElement.requestFullscreen().catch(() => undefined);
  }, []);
  return { supported, active, toggle };
}
