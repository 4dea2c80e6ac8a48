import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { compileHintBanner } from '../../scripts/compile-hints.js';

/** The value at quantile `q` (0..1) of the samples (nearest rank). */
export function quantile(samples: readonly number[], q: number): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
}

/**
 * Builds the harness page `tests/bench/<name>` (a real component of the console in a page of
 * its own) into a temp folder and serves it on loopback; never touches dist/.
 */
export async function serveHarness(name: string): Promise<{ server: Server; url: string }> {
  const outDir = mkdtempSync(path.join(tmpdir(), `${name}-`));
  await build({
    configFile: false,
    logLevel: 'silent',
    root: path.resolve('tests/bench', name),
    base: './',
    plugins: [react()],
    // The console's compile hint for the table's chunk (its lazily loaded screen chunk here too).
    build: {
      outDir,
      emptyOutDir: true,
      rolldownOptions: { output: { postBanner: compileHintBanner } },
    },
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
  return { server, url: `http://127.0.0.1:${String(port)}` };
}
