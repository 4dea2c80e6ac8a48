import { loadavg } from 'node:os';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from '../e2e/browser';
import { quantile, serveHarness } from './harness';

const TYPED = ['gys', 'gongying', '供应shang', 'yonghu', 'user', 'xinzeng gys'];
/** Typing passes per page: the first warms the page's code up, the rest are measured. */
const PASSES = 3;

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** Types every query key by key, then clears it (Ctrl+A, Backspace), as a user would. */
async function typeQueries(page: Page): Promise<void> {
  for (const query of TYPED) {
    for (const ch of Array.from(query)) {
      await page.keyboard.type(ch);
      await page.waitForTimeout(30);
    }
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Backspace');
    await page.waitForTimeout(50);
  }
}

interface TraceEvent {
  name: string;
  ph: string;
  tid: number;
  ts: number;
  tdur?: number;
  args?: { data?: { type?: string } };
}

/**
 * Main-thread CPU (thread time, not wall clock) of each keystroke that changed the query, from
 * a devtools.timeline trace: the key's event dispatches (keydown, keypress, beforeinput, input,
 * keyup). React renders and commits the new rows inside the input event (a discrete event's
 * update is rendered synchronously, its effects flushed with it), so this is input to commit.
 */
function keystrokeCpu(trace: { traceEvents: TraceEvent[] }): number[] {
  const dispatches = trace.traceEvents
    .filter((e) => e.name === 'EventDispatch' && e.ph === 'X' && e.tdur !== undefined)
    .sort((a, b) => a.ts - b.ts);
  const out: number[] = [];
  let current: { cpu: number; input: boolean } | undefined;
  const flush = () => {
    if (current?.input) out.push(current.cpu / 1000);
  };
  for (const e of dispatches) {
    const type = e.args?.data?.type ?? '';
    if (type === 'keydown') {
      flush();
      current = { cpu: 0, input: false };
    }
    if (!current || !['keydown', 'keypress', 'beforeinput', 'input', 'keyup'].includes(type))
      continue;
    current.cpu += e.tdur ?? 0;
    if (type === 'input') current.input = true;
  }
  flush();
  return out;
}

interface Figures {
  /** Keydown to the next painted frame, ms, every key of the measured passes. */
  paint: number[];
  /** Main-thread CPU per keystroke that changed the query, ms (traced pass). */
  cpu: number[];
}

/** One page (`blank`: the floor page), typed into PASSES times untraced, then once traced. */
async function measure(browser: Browser, url: string, blank: boolean): Promise<Figures> {
  const { context, page } = await newPage(browser, url);
  try {
    await page.goto(blank ? '/?blank' : '/?n=10000');
    const input = page.getByRole('combobox', { name: '命令面板' });
    await input.waitFor();
    await input.focus();
    const read = () =>
      page.evaluate(() => (window as unknown as { paletteSamples: number[] }).paletteSamples);
    await typeQueries(page);
    const warmed = (await read()).length;
    for (let i = 1; i < PASSES; i++) await typeQueries(page);
    const paint = (await read()).slice(warmed);
    await browser.startTracing(page, { categories: ['devtools.timeline'] });
    await typeQueries(page);
    const buffer = await browser.stopTracing();
    const cpu = keystrokeCpu(JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] });
    return { paint, cpu };
  } finally {
    await context.close();
  }
}

const f = (n: number) => `${n.toFixed(1)} ms`;
const stats = (s: readonly number[]) =>
  `median ${f(quantile(s, 0.5))}, p95 ${f(quantile(s, 0.95))} (n=${String(s.length)})`;
/** Keys whose frame came later than one 60 Hz frame after the next (the floor has some too). */
const late = (s: readonly number[]) =>
  `${String(s.filter((x) => x > 2 * (1000 / 60)).length)} of ${String(s.length)} keys over 33 ms`;

/**
 * Keystroke-to-paint in Chromium with 10,000 commands: the real PaletteView and the host's
 * rootRows() (ranking per group with its cap, folded groups as every new query leaves them) in a
 * harness page (tests/bench/palette-harness), typed into key by key.
 *
 * The wall-clock figure waits for the next 60 Hz frame, so even a page that does nothing cannot
 * show less than about 17 ms at p95: the same run measures that floor (the harness page with a
 * bare input and the same listener, `?blank`) and prints the palette's figures above it. The
 * main-thread CPU per keystroke (input to commit, from a trace) is the figure the palette's code
 * moves; on a shared, loaded machine the wall-clock p95 is mostly waiting for a CPU.
 */
export async function benchPalettePaint(): Promise<void> {
  const { server, url } = await serveHarness('palette-harness');
  const browser = await launchBrowser();
  const loadBefore = load();
  try {
    const floor = await measure(browser, url, true);
    const palette = await measure(browser, url, false);
    const above = (q: number) => quantile(palette.paint, q) - quantile(floor.paint, q);
    console.log(
      `keystroke to paint (load average ${loadBefore} before, ${load()} after; ${String(PASSES - 1)} passes after a warm-up pass):`,
    );
    console.log(
      `  floor, a bare input with the same listener: ${stats(floor.paint)}; ${late(floor.paint)}`,
    );
    console.log(`  palette, 10,000 commands: ${stats(palette.paint)}; ${late(palette.paint)}`);
    // A difference of two noisy quantiles: near zero or below it means within the floor's noise.
    console.log(`  palette above the floor: median ${f(above(0.5))}, p95 ${f(above(0.95))}`);
    console.log(
      `main-thread CPU per keystroke, input to commit (key events' thread time, traced pass):`,
    );
    console.log(`  floor: ${stats(floor.cpu)}`);
    console.log(`  palette, 10,000 commands: ${stats(palette.cpu)}`);
  } finally {
    await browser.close();
    server.close();
  }
}
