import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './api-client';
import { startServer, type RunningServer } from './server-process';

/**
 * Issue 30: `WORKERS=2` on SQLite (the built server, as `npm start` runs it). A worker killed
 * in the middle of a write load is replaced, and every write acknowledged before, during or
 * after the kill is in the database.
 */
const PASSWORD = 'Quanyi@26';

interface LogLine {
  msg?: string;
  role?: string;
  workerPid?: number;
  pid?: number;
  req?: { url?: string };
}

const logLines = (server: RunningServer): LogLine[] =>
  server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);

describe('WORKERS=2 on SQLite', () => {
  let server: RunningServer;
  const api = () => new ApiClient(server.url);

  beforeAll(async () => {
    server = await startServer({ WORKERS: '2', ADMIN_PASSWORD: PASSWORD, LIST_RATE_LIMIT: '0' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers from both workers', async () => {
    const started = logLines(server).filter((l) => l.msg === 'worker started');
    expect(started).toHaveLength(2);
    // Connections are handed round robin: twenty fresh connections reach both processes.
    for (let i = 0; i < 20; i += 1) {
      const res = await fetch(`${server.url}/api/health/live`, {
        headers: { connection: 'close' },
      });
      expect(res.status).toBe(200);
    }
    // Each worker's access log carries its own pid.
    const served = logLines(server).filter(
      (l) => l.msg === 'incoming request' && l.req?.url === '/api/health/live',
    );
    expect(new Set(served.map((l) => l.pid)).size).toBe(2);
  });

  it('loses no acknowledged write when a worker is killed mid-load, and replaces it', async () => {
    const client = api();
    await client.login('admin', PASSWORD);
    const tag = `w${Date.now().toString(36)}`;
    const acknowledged: string[] = [];
    let failed = 0;
    let sent = 0;
    const writer = async (stream: number) => {
      for (let i = 0; i < 40; i += 1) {
        const code = `${tag}-${stream}-${i}`;
        sent += 1;
        try {
          await client.post('blade-system/post/submit', {
            category: 1,
            postCode: code,
            postName: code,
            sort: 0,
          });
          acknowledged.push(code);
        } catch {
          // The killed worker's requests fail; those writes were never acknowledged.
          failed += 1;
        }
      }
    };
    const load = Promise.all([0, 1, 2, 3, 4, 5].map(writer));
    // Once the load is under way, kill one worker outright (no drain).
    while (acknowledged.length < 30) await new Promise((r) => setTimeout(r, 20));
    const victim = logLines(server).find((l) => l.msg === 'worker started')!.workerPid!;
    process.kill(victim, 'SIGKILL');
    await load;
    expect(sent).toBe(240);
    expect(acknowledged.length).toBeGreaterThan(30);
    expect(acknowledged.length + failed).toBe(240);

    // The primary logged the death and started another worker, which serves.
    await expect
      .poll(() => logLines(server).filter((l) => l.msg === 'worker started').length, {
        timeout: 30_000,
      })
      .toBe(3);
    await expect
      .poll(() => logLines(server).filter((l) => l.msg === 'worker ready').length, {
        timeout: 30_000,
      })
      .toBe(3);
    expect(logLines(server).some((l) => l.msg === 'worker died; starting another')).toBe(true);

    const page = await client.get<{ records: { postCode: string }[]; total: number }>(
      'blade-system/post/list',
      { postCode: tag, current: '1', size: '500' },
    );
    const stored = new Set(page.records.map((r) => r.postCode));
    expect(acknowledged.filter((code) => !stored.has(code))).toEqual([]);
  });

  it('drains every worker on SIGTERM and exits 0', async () => {
    expect(await server.stop()).toBe(0);
    const lines = logLines(server);
    expect(lines.some((l) => l.msg === 'shutting down: draining the workers')).toBe(true);
  });
});
