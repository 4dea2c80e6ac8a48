import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { launchBrowser, newPage } from '../e2e/browser';

const TYPED = ['gys', 'gongying', '供应shang', 'yonghu', 'user', 'xinzeng gys'];

/**
 * Keystroke-to-paint in Chromium with 10,000 commands: the real PaletteView and ranking in a
 * harness page (tests/bench/palette-harness), typed into key by key.
 */
export async function benchPalettePaint(): Promise<void> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'palette-harness-'));
  await build({
    configFile: false,
    logLevel: 'silent',
    root: path.resolve('tests/bench/palette-harness'),
    base: './',
    plugins: [react()],
    build: { outDir, emptyOutDir: true },
  });
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const file = path.join(outDir, url.pathname === '/' ? 'index.html' : url.pathname);
    readFile(file).then(
      (body) => {
        const type = file.endsWith('.js')
          ? 'text/javascript'
          : file.endsWith('.css')
            ? 'text/css'
            : 'text/html; charset=utf-8';
        res.writeHead(200, { 'content-type': type });
        res.end(body);
      },
      () => {
        res.writeHead(404);
        res.end();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const browser = await launchBrowser();
  try {
    const { page } = await newPage(browser, `http://127.0.0.1:${String(port)}`);
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
    const s = [...samples].sort((a, b) => a - b);
    const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? NaN;
    console.log(
      `keystroke to paint, 10,000 commands: median ${q(0.5).toFixed(1)} ms, p95 ${q(0.95).toFixed(1)} ms (n=${String(s.length)})`,
    );
  } finally {
    await browser.close();
    server.close();
  }
}
