import { useEffect, useState } from 'react';
import { useShortcut } from '../components/use-shortcut';
import type { HostDeps } from './palette-host';
import { openPalette, paletteRequests } from './palette-requests';
import { lazyComponent } from '../lib/lazy-component';

const PaletteHost = lazyComponent(() =>
  import('./palette-host').then((m) => ({ default: m.PaletteHost })),
);

/** When the browser has nothing better to do after the first screen, or a fallback delay. */
function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(run, 200);
  return () => clearTimeout(id);
}

/**
 * Binds Ctrl/Cmd+K and loads the palette (cmdk, pinyin-pro, the ranking: most of the signed-in
 * frame's weight) out of the first screen's way: at idle time after it, or at once when the
 * user asks first. A request made before the palette has loaded waits in paletteRequests and
 * opens it on arrival. Once loaded it stays mounted, so its index is built once per menu.
 */
export function PaletteLauncher(props: HostDeps) {
  const [wanted, setWanted] = useState(false);
  const requested = paletteRequests.use();
  useShortcut('palette.open', openPalette);
  // A request latches `wanted` during render (React's pattern for state derived from a change).
  if (requested && !wanted) setWanted(true);
  useEffect(() => whenIdle(() => setWanted(true)), []);
  if (!wanted) return null;
  return <PaletteHost {...props} />;
}
