import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.js';

/**
 * server/main.ts in a process of its own, as `npm start` runs it (from source, through tsx), for
 * the tests of several processes sharing a database (db/two-processes.test.ts on one SQLite
 * file, test/multi-process.test.ts on one PostgreSQL and one S3 bucket).
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface MainProcess {
  name: string;
  /** http://127.0.0.1:port */
  base: string;
  dataDir: string;
  child: ChildProcess;
  /** Everything the process printed so far (for a failed expectation's message). */
  log: () => string;
}

/**
 * Starts the server on `dataDir` with `env` over the test's environment (no console files, warn
 * logging, loopback on a free port); answers once /api/health does, or throws with its output if
 * it exits first.
 */
export async function startMainProcess(
  name: string,
  dataDir: string,
  env: Record<string, string>,
): Promise<MainProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      STATIC_DIR: path.join(dataDir, 'no-console'),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const base = `http://127.0.0.1:${String(port)}`;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`server ${name} exited:\n${log}`);
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { name, base, dataDir, child, log: () => log };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** SIGTERM, then waits for the exit (nothing to do when the process is already gone). */
export async function stopMainProcess(server: MainProcess | undefined): Promise<void> {
  const child = server?.child;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
