import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SEEDED_DATA_DIR_ENV, startServer } from './server-process';

/**
 * e2e tests run the built console and server, as `npm start` does. One start and stop of the
 * server seeds a data directory that the tests' servers start from a copy of (server-process.ts);
 * the test processes inherit its path through the environment.
 */
export default async function setup(): Promise<() => void> {
  // Built as `npm start` builds it. Vitest sets NODE_ENV=test, which Vite bakes into the bundle:
  // the tests then ran React's development build, whose checks took the browser 2.5 times the
  // work to open a screen (the menu walk: 507 s, against 287 s on the production build).
  const { NODE_ENV: _vitest, ...env } = process.env;
  execSync('npm run build', { stdio: 'inherit', env });
  const seeded = mkdtempSync(path.join(tmpdir(), 'quanyi-e2e-seeded-'));
  const server = await startServer({}, seeded);
  const code = await server.stop();
  if (code !== 0)
    throw new Error(`the seeding server exited with ${String(code)}:\n${server.output()}`);
  process.env[SEEDED_DATA_DIR_ENV] = seeded;
  return () => rmSync(seeded, { recursive: true, force: true });
}
