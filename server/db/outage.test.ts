import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../test/free-port.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptWithPublicKey } from '../lib/rsa.js';
import { BASIC, DEMO_PASSWORD, DEMO_TENANT } from '../test/support.js';

/**
 * The database going away and coming back, on a PostgreSQL cluster of the test's own that it
 * stops and starts (never the shared one): OUTAGE_PGDATA (data directory) and OUTAGE_PGPORT,
 * e.g. `OUTAGE_PGDATA=/tmp/quanyi-pg-outage OUTAGE_PGPORT=55441 npx vitest run --project server
 * server/db/outage.test.ts`. The cluster is made by scripts/pg-cluster.sh. The server runs as
 * `npm start` does (server/main.ts in its own process), so a crash is the process exiting.
 */
const dataDir = process.env.OUTAGE_PGDATA;
const port = process.env.OUTAGE_PGPORT;

const bin = () => {
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(a) - Number(b));
  return `/usr/lib/postgresql/${versions[versions.length - 1]}/bin`;
};
/** pg_ctl as the cluster's owner (the script runs it as `postgres` when we are root). */
const pgCtl = (...args: string[]) => {
  const cmd = [`${bin()}/pg_ctl`, '-D', dataDir ?? '', ...args];
  if (process.getuid?.() === 0) execFileSync('runuser', ['-u', 'postgres', '--', ...cmd]);
  else execFileSync(cmd[0] ?? '', cmd.slice(1));
};
const startCluster = () =>
  execFileSync('bash', ['scripts/pg-cluster.sh'], {
    env: { ...process.env, PGPORT_TEST: port, PGDATA_TEST: dataDir },
    encoding: 'utf8',
  }).trim();

interface Answer {
  status: number;
  body: { code?: number; success?: boolean; msg?: string; data?: unknown };
}

describe.skipIf(!dataDir || !port)('database outage (PostgreSQL, own cluster)', () => {
  let server: ChildProcess;
  let base = '';
  let log = '';
  let token = '';

  const call = async (url: string, init: RequestInit = {}): Promise<Answer> => {
    const res = await fetch(`${base}${url}`, {
      ...init,
      headers: { ...(token ? { 'blade-auth': `bearer ${token}` } : {}), ...init.headers },
    });
    return { status: res.status, body: (await res.json()) as Answer['body'] };
  };
  const alive = () => server.exitCode === null && server.signalCode === null;
  /** Waits (within the test's timeout) until `check` holds; no duration is asserted. */
  const until = async (check: () => boolean | Promise<boolean>) => {
    for (;;) {
      if (!alive()) throw new Error(`the server exited: ${log}`);
      if (
        await Promise.resolve()
          .then(check)
          .catch(() => false)
      )
        return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  beforeAll(async () => {
    const url = new URL(startCluster());
    // A database of its own, fresh each run.
    const psql = (sql: string) =>
      execFileSync(
        `${bin()}/psql`,
        ['-h', '127.0.0.1', '-p', String(port), '-U', 'quanyi', '-d', 'postgres'],
        {
          input: sql,
        },
      );
    psql('drop database if exists quanyi_outage;\ncreate database quanyi_outage;\n');
    url.pathname = '/quanyi_outage';
    const httpPort = await freePort();
    base = `http://127.0.0.1:${httpPort}`;
    server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: url.toString(),
        PORT: String(httpPort),
        HOST: '127.0.0.1',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'quanyi-outage-')),
        STATIC_DIR: path.join(tmpdir(), 'quanyi-outage-no-console'),
        CAPTCHA: 'false',
        DEMO_DATA: 'true',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    await until(async () => (await fetch(`${base}/api/health`)).ok);
  }, 120_000);

  afterAll(async () => {
    if (dataDir && port) startCluster();
    if (server && alive()) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
  });

  it('answers 503 while the database is away, stays up, and recovers by itself', async () => {
    // Signed in, an API call works.
    const key = (await call('/api/blade-auth/oauth/public-key')).body.data as { pem: string };
    const query = new URLSearchParams({
      tenantId: DEMO_TENANT,
      username: 'admin',
      password: encryptWithPublicKey(key.pem, DEMO_PASSWORD),
      grant_type: 'password',
      scope: 'all',
    });
    const login = await fetch(`${base}/api/blade-auth/oauth/token?${query}`, {
      method: 'POST',
      headers: { authorization: BASIC },
    });
    expect(login.status).toBe(200);
    token = ((await login.json()) as { access_token: string }).access_token;
    const list = '/api/blade-system/param/list?current=1&size=10';
    expect((await call(list)).status).toBe(200);
    expect((await call('/api/health')).body.data).toMatchObject({ database: 'up' });

    // The database stops (idle pool connections are cut: the old crash).
    pgCtl('stop', '-m', 'fast', '-w');
    const during = await call(list);
    expect(during).toEqual({
      status: 503,
      body: { code: 503, success: false, data: {}, msg: '服务暂不可用，请稍后重试' },
    });
    const health = await call('/api/health');
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({
      code: 503,
      success: false,
      data: { status: 'down', database: 'down' },
    });
    // Public routes that need the database answer the same.
    expect((await call('/api/blade-auth/oauth/captcha')).status).toBe(503);
    // The export worker meets the outage on its next poll and carries on.
    await until(() => log.includes('export worker: poll failed'));
    expect(alive()).toBe(true);

    // The database comes back: the same token works, no restart.
    startCluster();
    expect(alive()).toBe(true);
    expect((await call(list)).status).toBe(200);
    expect((await call('/api/health')).body.data).toMatchObject({ status: 'up', database: 'up' });

    // The export worker still runs: a task queued now is written.
    const queued = await call('/api/blade-system/param/excel/export/async?excelType=param', {
      method: 'POST',
    });
    expect(queued.status).toBe(200);
    await until(async () => {
      const tasks = (await call('/api/blade-system/data-export/list?current=1&size=10')).body
        .data as { records: { status: string }[] };
      return tasks.records.some((r) => r.status === '文件已生成');
    });
    expect(alive()).toBe(true);
  }, 120_000);
});
