import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { CommandGroup, PaletteCommand } from '../../../src/palette/commands';
import { PaletteView, type PaletteTexts } from '../../../src/palette/palette-view';
import { commandSource, rootRows, type RootSources } from '../../../src/palette/results';
import { syntheticCommands } from '../synthetic-commands';

/**
 * The real palette view over 10,000 synthetic commands, for the keystroke-to-paint figure of
 * `npm run bench`: the rows come from rootRows(), the code the palette host runs, so the
 * figure is what a user typing gets (groups folded to their caps, as every new query leaves
 * them; the signed-in console cannot hold that many commands).
 */
const COUNT = Number(new URLSearchParams(location.search).get('n') ?? 10_000);
const commands: PaletteCommand[] = syntheticCommands(COUNT).map((c) => ({
  ...c,
  group: 'screens',
  perform: { kind: 'run', run: () => undefined },
}));
const sources: RootSources = {
  screens: commandSource(commands),
  actions: [],
  tabs: commandSource([]),
  scopes: commandSource([]),
};
const FOLDED: ReadonlySet<CommandGroup> = new Set();
const NO_RECENCY: ReadonlyMap<string, number> = new Map();
const texts: PaletteTexts = {
  title: '命令面板',
  placeholder: '搜索',
  results: '结果',
  group: (g) => g,
  more: (n) => `+${String(n)}`,
  needsPermission: (c) => c,
  hint: '',
  confirm: '确定',
  cancel: '取消',
  confirmTitle: '确认',
};

function Harness() {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState<string>();
  const rows = useMemo(
    () => rootRows(sources, { term: query, expanded: FOLDED, recency: NO_RECENCY, recent: [] }),
    [query],
  );
  return (
    <PaletteView
      opened
      lang="zh"
      texts={texts}
      trail={[]}
      query={query}
      onQueryChange={setQuery}
      rows={rows}
      activeKey={active}
      onActiveKeyChange={setActive}
      onChoose={() => undefined}
      onEscape={() => undefined}
      onBack={() => undefined}
      onClose={() => undefined}
    />
  );
}

// Keystroke to the next frame: the key's time, then the first animation frame after React
// committed the result and a task after it (that frame has been painted by then).
const samples: number[] = [];
(window as unknown as { paletteSamples: number[] }).paletteSamples = samples;
window.addEventListener(
  'keydown',
  (e) => {
    const t0 = e.timeStamp;
    requestAnimationFrame(() => setTimeout(() => samples.push(performance.now() - t0), 0));
  },
  true,
);
(window as unknown as { paletteReady: boolean }).paletteReady = true;

const root = document.getElementById('root')!;
if (new URLSearchParams(location.search).has('blank')) {
  // The bench's floor: the same listener and an input that only shows what is typed, no React.
  const input = document.createElement('input');
  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-label', texts.title);
  root.append(input);
} else {
  createRoot(root).render(
    <MantineProvider>
      <Harness />
    </MantineProvider>,
  );
}
