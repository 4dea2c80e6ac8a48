// Bundles the embedded server (server/main.ts) into dist/server/main.js. Dependencies stay in
// node_modules (native better-sqlite3, svg-captcha's font file), only our code is bundled.
import { build } from 'esbuild';
import { writeFileSync } from 'node:fs';

await build({
  entryPoints: ['server/main.ts'],
  outfile: 'dist/server/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
writeFileSync('dist/.build-stamp', new Date().toISOString());
