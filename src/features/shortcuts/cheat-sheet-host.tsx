import { useState } from 'react';
import { useShortcut } from '../../components/use-shortcut';
import { openShortcutHelp, useShortcutHelp } from './shortcut-help-store';
import { lazyComponent } from '../../lib/lazy-component';

/*
 * The sheet lists the palette's prefixes, and so brings the record look-ups and their ranking
 * (pinyin-pro: about 100 KB gzip). Loaded the first time it opens, not with the layout.
 */
const ShortcutCheatSheet = lazyComponent(() =>
  import('./cheat-sheet').then((m) => ({ default: m.ShortcutCheatSheet })),
);

/** The `?` cheat sheet, mounted from its first opening on (it then opens and closes itself). */
export function ShortcutCheatSheetHost() {
  const { opened } = useShortcutHelp();
  const [wanted, setWanted] = useState(false);
  // Latched during render (React's pattern for state that follows a change).
  if (opened && !wanted) setWanted(true);
  if (!wanted) return null;
  return <ShortcutCheatSheet />;
}

/** Binds `?` (shortcuts.help) to open the cheat sheet; renders nothing. */
export function ShortcutHelpHotkey() {
  useShortcut('shortcuts.help', openShortcutHelp);
  return null;
}
