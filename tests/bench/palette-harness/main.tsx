import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { PaletteCommand } from '../../../src/palette/commands';
import { PaletteView, type PaletteTexts } from '../../../src/palette/palette-view';
import { buildIndex, createRanker } from '../../../src/palette/ranking';
import { commandRows } from '../../../src/palette/rows';
import { syntheticCommands } from '../synthetic-commands';

/**
 * The real palette view and ranking over 10,000 synthetic commands, for the keystroke-to-paint
 * figure of `npm run bench` (the signed-in console cannot hold that many commands).
 */
const COUNT = Number(new URLSearchParams(location.search).get('n') ?? 10_000);
const commands: PaletteCommand[] = syntheticCommands(COUNT).map((c) => ({
  ...c,
  group: 'screens',
  perform: { kind: 'run', run: () => undefined },
}));
const index = buildIndex(commands);
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
  const ranker = useMemo(() => createRanker(index), []);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState<string>();
  const rows = useMemo(
    () =>
      commandRows(
        { screens: query ? ranker(query).map((r) => r.item) : commands },
        new Set(['screens']),
      ),
    [query, ranker],
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

createRoot(document.getElementById('root')!).render(
  <MantineProvider>
    <Harness />
  </MantineProvider>,
);
