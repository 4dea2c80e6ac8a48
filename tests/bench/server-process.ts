import { spawn } from 'node:child_process';
import { constants, publicEncrypt } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A server process started from the current sources (embedded SQLite in a temp DATA_DIR, demo
 * data, production mode), for benches that measure its time and memory from outside: signing
 * in over HTTP, and one request measured with the process's peak RSS growth.
 */
export const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${String(pid)}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

export interface BenchServer {
  url: string;
  /** Signs in over HTTP (the password RSA-encrypted as the console sends it): the auth header. */
  login(account: string, password: string, tenantId?: string): Promise<Record<string, string>>;
  /** Runs one request while the server's RSS is sampled every 5 ms: its time and peak growth. */
  measured<T>(
    run: () => Promise<T>,
  ): Promise<{ answer: T; ms: number; resting: number; growth: number }>;
  /** The server process's resident memory now (bytes). */
  rss(): number;
  stop(): Promise<void>;
}

/** Starts the server on `port` and waits until it answers (LOG_LEVEL warn hides the ready line). */
export async function startBenchServer(name: string, port: number): Promise<BenchServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `quanyi-bench-${name}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      CAPTCHA: 'off',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      DEMO_DATA: 'true',
      TOKEN_RATE_LIMIT: '100000',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const url = `http://127.0.0.1:${String(port)}`;
  try {
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
      const up = await fetch(`${url}/api/blade-auth/oauth/public-key`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      if (i > 1200) throw new Error(`server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url,
    stop,
    rss: () => rssOf(child.pid!),
    async login(account, password, tenantId = '000000') {
      const key = (
        (await (await fetch(`${url}/api/blade-auth/oauth/public-key`)).json()) as {
          data: { pem: string };
        }
      ).data.pem;
      const res = await fetch(`${url}/api/blade-auth/oauth/token`, {
        method: 'POST',
        body: new URLSearchParams({
          tenantId,
          username: account,
          password: publicEncrypt(
            { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
            Buffer.from(password),
          ).toString('base64'),
          grant_type: 'password',
        }),
        headers: { Authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}` },
      });
      const token = ((await res.json()) as { access_token: string }).access_token;
      return { 'Blade-Auth': `bearer ${token}` };
    },
    async measured(run) {
      await new Promise((r) => setTimeout(r, 500));
      const resting = rssOf(child.pid!);
      let peak = resting;
      const sampler = setInterval(() => (peak = Math.max(peak, rssOf(child.pid!))), 5);
      const start = performance.now();
      try {
        const answer = await run();
        return { answer, ms: performance.now() - start, resting, growth: peak - resting };
      } finally {
        clearInterval(sampler);
      }
    },
  };
}
