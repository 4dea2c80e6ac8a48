import { launchBrowser, newPage } from '../e2e/browser';
import { quantile, serveHarness } from './harness';

const TYPED = ['gys', 'gongying', '供应shang', 'yonghu', 'user', 'xinzeng gys'];

/**
 * Keystroke-to-paint in Chromium with 10,000 commands: the real PaletteView and the host's
 * rootRows() (ranking per group with its cap, folded groups as every new query leaves them) in a
 * harness page (tests/bench/palette-harness), typed into key by key. Wall-clock figures: on a
 * shared, loaded machine the p95 is mostly waiting for a CPU.
 */
export async function benchPalettePaint(): Promise<void> {
  const { server, url } = await serveHarness('palette-harness');
  const browser = await launchBrowser();
  try {
    const { page } = await newPage(browser, url);
    await page.goto('/?n=10000');
    const input = page.getByRole('combobox', { name: '命令面板' });
    await input.waitFor();
    await input.focus();
    for (const query of TYPED) {
      for (const ch of Array.from(query)) {
        await page.keyboard.type(ch);
        await page.waitForTimeout(30);
      }
      await page.keyboard.press('Control+a');
      await page.keyboard.press('Backspace');
      await page.waitForTimeout(50);
    }
    const samples = await page.evaluate(
      () => (window as unknown as { paletteSamples: number[] }).paletteSamples,
    );
    console.log(
      `keystroke to paint, 10,000 commands: median ${quantile(samples, 0.5).toFixed(1)} ms, p95 ${quantile(samples, 0.95).toFixed(1)} ms (n=${String(samples.length)})`,
    );
  } finally {
    await browser.close();
    server.close();
  }
}
