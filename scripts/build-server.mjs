// Bundles the embedded server (server/main.ts) into dist/server/main.js. Dependencies stay in
// node_modules (native better-sqlite3, svg-captcha's font file), only our code is bundled.
import { build } from 'esbuild';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

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
// Pre-compressed copies of the console's pages, scripts and styles; the server sends them to
// browsers that accept gzip (@fastify/static preCompressed).
for (const dir of ['dist/client', 'dist/client/assets']) {
  for (const name of readdirSync(dir)) {
    if (/\.(html|js|css|svg)$/.test(name))
      writeFileSync(`${dir}/${name}.gz`, gzipSync(readFileSync(`${dir}/${name}`), { level: 9 }));
  }
}
writeFileSync('dist/.build-stamp', new Date().toISOString());
