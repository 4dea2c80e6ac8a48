// Writes dist/client/login.html and login-no-captcha.html: the console's index.html with the
// login page prerendered into it (src/features/auth/login-snapshot/), so /login paints its form
// before the console's script has loaded. Run after `vite build` (npm run build).
import react from '@vitejs/plugin-react';
import { build as esbuild } from 'esbuild';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

const client = 'dist/client';
const snapshotDir = 'src/features/auth/login-snapshot';

// 1. The login page for Node: the same modules and CSS-module class names as the client build.
await build({
  configFile: false,
  logLevel: 'warn',
  plugins: [react()],
  build: {
    ssr: `${snapshotDir}/render.tsx`,
    outDir: 'dist/prerender',
    emptyOutDir: true,
  },
});
const { renderLoginSnapshot } = await import(
  pathToFileURL(path.resolve('dist/prerender/render.js')).href
);

// 2. The guard: a script run in the head, before the snapshot is parsed. It is inline, as is the
// stylesheet: a request that blocks the first paint costs ~50 ms in a fresh browser context
// even on loopback. The server allows the inline script by its hash (server/lib/console-pages.ts).
const guard = await esbuild({
  stdin: {
    contents:
      "import { runSnapshotGuard } from './guard';\nrunSnapshotGuard(document.currentScript);",
    resolveDir: snapshotDir,
    loader: 'ts',
  },
  bundle: true,
  minify: true,
  format: 'iife',
  target: 'es2020',
  write: false,
  logLevel: 'warning',
});
const guardJs = guard.outputFiles[0].text.trim();
if (/<\/script|<!--/i.test(guardJs)) throw new Error('login snapshot: the guard cannot be inlined');

// 3. Every class the snapshot uses must be in the client's stylesheets, or it paints unstyled.
const css = readdirSync(`${client}/assets`)
  .filter((f) => f.endsWith('.css'))
  .map((f) => readFileSync(`${client}/assets/${f}`, 'utf8'))
  .join('\n');

const escapeHtml = (text) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const index = readFileSync(`${client}/index.html`, 'utf8').replace(
  /<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g,
  (_, href) => `<style>${readFileSync(path.join(client, href), 'utf8').trim()}</style>`,
);
for (const [file, captcha] of [
  ['login.html', true],
  ['login-no-captcha.html', false],
]) {
  const snapshot = renderLoginSnapshot({ captcha });
  const classes = new Set(
    [...snapshot.html.matchAll(/class="([^"]*)"/g)].flatMap((m) => m[1].split(/\s+/)),
  );
  // (Tabler's icons name themselves in their class; no stylesheet is meant to match those.)
  const missing = [...classes].filter(
    (c) => c && !c.startsWith('tabler-icon') && !css.includes(`.${c}`),
  );
  if (missing.length)
    throw new Error(`login snapshot: classes missing from the CSS: ${missing.join(', ')}`);
  const html = index
    .replace(
      /<title>[^<]*<\/title>/,
      `<title>${escapeHtml(snapshot.title)}</title>\n    <meta name="captcha-mode" content="${captcha ? 'on' : 'off'}" />\n    <script data-appearance="${escapeHtml(snapshot.key)}">${guardJs}</script>`,
    )
    .replace('<div id="root"></div>', `${snapshot.html}\n    <div id="root"></div>`);
  if (!html.includes(snapshot.html) || !html.includes(guardJs))
    throw new Error('login snapshot: index.html has no <title> or root element to fill');
  writeFileSync(`${client}/${file}`, html);
}
