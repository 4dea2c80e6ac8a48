// Bundles the embedded server (server/main.ts) into dist/server/main.js. Dependencies stay in
// node_modules (native better-sqlite3, svg-captcha's font file), only our code is bundled.
import { build } from 'esbuild';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

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
// Pre-compressed copies of the console's pages, scripts and styles; the server sends the brotli
// copy to browsers that accept it, else the gzip one (@fastify/static preCompressed). Brotli at
// its best quality: about 15% smaller than gzip -9 on the console's scripts, for ~10 s of build.
const brotli = (bytes) =>
  brotliCompressSync(bytes, {
    params: {
      [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
      [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
for (const dir of ['dist/client', 'dist/client/assets']) {
  for (const name of readdirSync(dir)) {
    if (!/\.(html|js|css|svg)$/.test(name)) continue;
    const bytes = readFileSync(`${dir}/${name}`);
    writeFileSync(`${dir}/${name}.gz`, gzipSync(bytes, { level: 9 }));
    writeFileSync(`${dir}/${name}.br`, brotli(bytes));
  }
}
writeFileSync('dist/.build-stamp', new Date().toISOString());
