// `npm start`: builds the console and the server when the sources are newer than the last build,
// then runs the server, which serves both the console and /api on one port.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const SOURCES = ['src', 'server', 'machines', 'index.html', 'vite.config.ts', 'package-lock.json'];

function newest(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const entry of readdirSync(p)) max = Math.max(max, newest(path.join(p, entry)));
  return max;
}

const stamp = 'dist/.build-stamp';
const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
if (
  !existsSync('dist/server/main.js') ||
  !existsSync('dist/client/index.html') ||
  Math.max(...SOURCES.map(newest)) > built
) {
  console.log('Building the console and the server ...');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
