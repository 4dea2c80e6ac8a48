import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  /** Startup line fields: startupMs, rssMb, and wallMs from spawn to listening. */
  ready: Record<string, unknown>;
  /** Everything the server wrote to stdout and stderr so far (its log). */
  output(): string;
  stop(): Promise<number | null>;
}

let nextPort = 19000 + (process.pid % 500) * 2;

/** What the e2e servers seed. */
const E2E_SEEDING = {
  // A tenth of the demo's supplier orders: every list has pages of rows, each start stays quick.
  DEMO_ORDERS: '2000',
  // Client orders go through the live order path: placed before the server answers, at 300.
  DEMO_CLIENT_ORDERS: '300',
};

/**
 * A data directory the e2e set-up (global-setup.ts) filled by one start and stop of the server:
 * keys, a migrated database with the demo seeded. A server started on a copy of it skips the
 * seeding (about 2,000 supplier and 300 client orders), which each start used to repeat.
 */
export const SEEDED_DATA_DIR_ENV = 'E2E_SEEDED_DATA_DIR';

/** Settings that change what the start-up seeds write: a server given one seeds its own. */
const SEEDING = ['DEMO_DATA', 'DEMO_ORDERS', 'DEMO_CLIENT_ORDERS', 'ADMIN_PASSWORD', 'JWT_SECRET'];

/**
 * Starts dist/server/main.js with its own data directory and port, waits until it listens.
 * `dataDir` is used as it is (an empty one is a first start); without it the server gets a copy
 * of the seeded data directory when the e2e set-up made one and `env` seeds nothing different.
 */
export async function startServer(
  env: Record<string, string> = {},
  dataDir?: string,
): Promise<RunningServer> {
  const dir = dataDir ?? mkdtempSync(path.join(tmpdir(), 'quanyi-e2e-'));
  const seeded = process.env[SEEDED_DATA_DIR_ENV];
  if (!dataDir && seeded && !SEEDING.some((key) => key in env))
    cpSync(seeded, dir, { recursive: true });
  const port = nextPort++;
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      DATA_DIR: dir,
      PORT: String(port),
      HOST: '127.0.0.1',
      CAPTCHA: 'off',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      ...E2E_SEEDING,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = await new Promise<Record<string, unknown>>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 90_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      for (const line of output.split('\n')) {
        if (line.includes('Quanyi Console ready')) {
          clearTimeout(timer);
          resolve({
            ...(JSON.parse(line) as Record<string, unknown>),
            wallMs: Math.round(performance.now() - spawnedAt),
          });
        }
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir: dir,
    process: child,
    ready,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill('SIGTERM');
      }),
  };
}
