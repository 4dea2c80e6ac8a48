import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';

/**
 * The server in the bench's own process (embedded SQLite in a temp DATA_DIR, demo data, no
 * export worker, no rate limits), for benches that seed rows straight into its database and then
 * time its answers over loopback HTTP.
 */
export async function benchApp(name: string): Promise<{
  app: FastifyInstance;
  /** Listens on a free loopback port and signs `account` in: the base URL and auth header. */
  listenAs(
    account: string,
    password: string,
    tenantId: string,
  ): Promise<{ url: string; headers: Record<string, string> }>;
  close(): Promise<void>;
}> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `quanyi-bench-${name}-`));
  const app = await buildApp({
    config: {
      dataDir,
      databaseUrl: undefined,
      captcha: false,
      demoData: true,
      staticDir: undefined,
      tokenRateLimit: 100_000,
      listRateLimit: 0,
    },
    exportWorker: false,
  });
  return {
    app,
    async listenAs(account, password, tenantId) {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const url = `http://127.0.0.1:${String(port)}`;
      const res = await fetch(`${url}/api/blade-auth/oauth/token`, {
        method: 'POST',
        body: new URLSearchParams({
          tenantId,
          username: account,
          password: app.ctx.rsa.encrypt(password),
          grant_type: 'password',
        }),
        headers: { Authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}` },
      });
      const token = ((await res.json()) as { access_token: string }).access_token;
      return { url, headers: { 'Blade-Auth': `bearer ${token}` } };
    },
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
