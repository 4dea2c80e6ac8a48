import { loadavg } from 'node:os';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPage } from '../e2e/browser';
import { quantile, serveHarness } from './harness';

const COLD_RUNS = Number(process.env.BENCH_TABLE_RUNS ?? 9);
const WARM_RUNS = 7;
/**
 * Pixels per animation frame: a smooth wheel scroll (about 1,500 px a second) and a fling
 * (a row and a half every frame).
 */
const SCROLL_STEPS = [25, 100];

interface TableBench {
  mount(): Promise<number>;
  unmount(): Promise<void>;
  scroll(step: number): Promise<{ frames: number[]; lastSerial: string }>;
  inspect(): { label: string; bodyRows: number; footer: string };
}

const ms = (n: number) => `${n.toFixed(0)} ms`;

/** A new tab of `tabs` (one window) on the harness, loaded without the HTTP cache (no cached code). */
async function openColdTab(tabs: BrowserContext, rows: number): Promise<Page> {
  const page = await tabs.newPage();
  const cdp = await tabs.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await page.goto(`/?rows=${String(rows)}`);
  await page.waitForFunction(() => 'tableBench' in window);
  return page;
}

/** Functions V8 compiled on their first call while `step` ran (a trace of V8's compile events). */
async function compiledDuring(browser: Browser, page: Page, step: () => Promise<unknown>) {
  await browser.startTracing(page, { categories: ['v8', 'disabled-by-default-v8.compile'] });
  await step();
  const trace = JSON.parse((await browser.stopTracing()).toString()) as {
    traceEvents: { name: string }[];
  };
  return trace.traceEvents.filter((e) => e.name === 'V8.CompileCode').length;
}

const bench = (page: Page) => ({
  mount: () =>
    page.evaluate(() => (window as unknown as { tableBench: TableBench }).tableBench.mount()),
  unmount: () =>
    page.evaluate(() => (window as unknown as { tableBench: TableBench }).tableBench.unmount()),
  scroll: (step: number) =>
    page.evaluate(
      (s) => (window as unknown as { tableBench: TableBench }).tableBench.scroll(s),
      step,
    ),
  inspect: () =>
    page.evaluate(() => (window as unknown as { tableBench: TableBench }).tableBench.inspect()),
});

/** Used JS heap after a forced garbage collection, in MB. */
async function heapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return usedSize / 2 ** 20;
}

/**
 * CPU time of the page's main thread, in ms, read around a step. Wall-clock figures on a
 * 2-core machine shared with other work move with the load; this one much less.
 */
async function cpuClock(page: Page): Promise<() => Promise<number>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  return async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return (metrics.find((m) => m.name === 'ThreadTime')?.value ?? NaN) * 1000;
  };
}

async function measured<T>(clock: () => Promise<number>, step: () => Promise<T>) {
  const before = await clock();
  const value = await step();
  return { value, cpu: (await clock()) - before };
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/**
 * The real ResourceTable (tests/bench/table-harness) with 12 columns, selection, row actions and
 * a sum footer over a 500-row page, in Chromium: cold and warm mount-to-paint, JS heap, and the
 * frame times of a scroll from the first row to the last, each with the main thread's CPU time.
 */
export async function benchTablePaint(rows = 500): Promise<void> {
  const { server, url } = await serveHarness('table-harness');
  const browser = await launchBrowser();
  const loadBefore = load();
  try {
    // Cold: the first mount in a fresh tab (its scripts loaded, nothing rendered yet). Every
    // tab opens in one browser window kept open by a blank tab: each new window starts
    // Chromium's own top-chrome pages (the omnibox popup WebUI), about 600 ms of CPU in another
    // renderer right when the page loads, which on 2 cores ran beside the measured mount. The
    // tab loads with the HTTP cache off, so no compiled code is reused from an earlier run:
    // the traced run below counts the functions compiled on first call during the mount.
    const { context: tabs, page: keeper } = await newPage(browser, url);
    await keeper.goto('about:blank');
    const cold: number[] = [];
    const coldCpu: number[] = [];
    let heap = { before: NaN, after: NaN };
    let shape = { label: '', bodyRows: 0, footer: '' };
    for (let i = 0; i < COLD_RUNS; i++) {
      const page = await openColdTab(tabs, rows);
      const b = bench(page);
      const before = i === 0 ? await heapMb(page) : NaN;
      const { value, cpu } = await measured(await cpuClock(page), b.mount);
      cold.push(value);
      coldCpu.push(cpu);
      if (i === 0) {
        heap = { before, after: await heapMb(page) };
        shape = await b.inspect();
      }
      await page.close();
    }
    const tracedTab = await openColdTab(tabs, rows);
    const compiled = await compiledDuring(browser, tracedTab, () => bench(tracedTab).mount());
    await tracedTab.close();

    // Warm: unmount and mount again in one tab of the same window.
    const page = await openColdTab(tabs, rows);
    const b = bench(page);
    const clock = await cpuClock(page);
    await b.mount();
    const warm: number[] = [];
    const warmCpu: number[] = [];
    for (let i = 0; i < WARM_RUNS; i++) {
      await b.unmount();
      const { value, cpu } = await measured(clock, b.mount);
      warm.push(value);
      warmCpu.push(cpu);
    }

    const scrolls = [];
    for (const step of SCROLL_STEPS)
      scrolls.push({ step, ...(await measured(clock, () => b.scroll(step))) });
    await tabs.close();

    console.log(
      `table of ${String(rows)} rows x 12 columns (table "${shape.label}", ${String(shape.bodyRows)} body rows in the DOM, sum footer ${shape.footer ? 'shown' : 'missing'}); load average ${loadBefore} before, ${load()} after`,
    );
    console.log(
      `  cold mount to paint (new tab each run): median ${ms(quantile(cold, 0.5))}, min ${ms(Math.min(...cold))}, max ${ms(Math.max(...cold))} (n=${String(cold.length)}); main-thread CPU median ${ms(quantile(coldCpu, 0.5))}; ${String(compiled)} functions compiled on first call during a traced cold mount`,
    );
    console.log(
      `  warm remount to paint (same page): median ${ms(quantile(warm, 0.5))}, min ${ms(Math.min(...warm))}, max ${ms(Math.max(...warm))} (n=${String(warm.length)}); main-thread CPU median ${ms(quantile(warmCpu, 0.5))}`,
    );
    console.log(
      `  JS heap after mount (after GC): ${heap.after.toFixed(1)} MB (${(heap.after - heap.before).toFixed(1)} MB more than before mounting)`,
    );
    for (const { step, value, cpu } of scrolls) {
      const { frames, lastSerial } = value;
      const over = frames.filter((f) => f > 17).length;
      console.log(
        `  scroll top to bottom, ${String(step)} px a frame: frame time median ${quantile(frames, 0.5).toFixed(1)} ms, p95 ${quantile(frames, 0.95).toFixed(1)} ms, max ${Math.max(...frames).toFixed(1)} ms; ${String(over)} of ${String(frames.length)} frames over 17 ms; main-thread CPU ${(cpu / frames.length).toFixed(1)} ms a frame; last row drawn: ${lastSerial === String(rows) ? 'yes' : `no (${lastSerial})`}`,
      );
    }
  } finally {
    await browser.close();
    server.close();
  }
}
