import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU_TREE, type SeedMenu } from '../../server/db/seed/menu-tree';
import { startServer, type RunningServer } from './server-process';

const leafPaths = (nodes: SeedMenu[]): string[] =>
  nodes.flatMap((n) => (n.children?.length ? leafPaths(n.children) : [n.path]));

describe('npm start on an empty data directory', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({}, mkdtempSync(path.join(tmpdir(), 'quanyi-e2e-first-')));
  });
  afterAll(async () => {
    await server.stop();
  });

  it('serves the console at client routes with security headers', async () => {
    const res = await fetch(`${server.url}/login`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root"></div>');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(
      await (await fetch(`${server.url}/wel/index`)).text(),
    )?.[1];
    expect(script).toBeDefined();
    const js = await fetch(`${server.url}${script}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(js.headers.get('content-encoding')).toBe('gzip');
    const api = await fetch(`${server.url}/api/blade-auth/oauth/public-key`);
    expect(api.headers.get('cache-control')).toBe('no-store');
  });

  it('lets a script log in as admin, make the forced change and read every seeded route', () => {
    const out = execFileSync(
      process.execPath,
      ['scripts/smoke.mjs', server.url, 'admin', 'admin', 'Quanyi@26'],
      { encoding: 'utf8' },
    );
    const result = JSON.parse(out) as { account: string; paths: string[] };
    expect(result.account).toBe('admin');
    expect(result.paths.sort()).toEqual(leafPaths(MENU_TREE).sort());
  });

  it('keeps its data across a graceful restart', async () => {
    expect(await server.stop()).toBe(0);
    server = await startServer({}, server.dataDir);
    // The changed password persisted, so the smoke run logs in without a forced change.
    const out = execFileSync(
      process.execPath,
      ['scripts/smoke.mjs', server.url, 'admin', 'Quanyi@26', 'unused'],
      { encoding: 'utf8' },
    );
    expect(JSON.parse(out).account).toBe('admin');
  });
});

describe('configuration', () => {
  it('refuses to start with a short JWT secret', async () => {
    await expect(startServer({ JWT_SECRET: 'short' })).rejects.toThrow(
      /JWT_SECRET must be at least 32 bytes/,
    );
  });

  it('refuses a published BladeX sign key', async () => {
    await expect(
      startServer({
        JWT_SECRET:
          'bladexisapowerfulmicroservicearchitectureupgradedandoptimizedfromacommercialproject',
      }),
    ).rejects.toThrow(/published BladeX sign key/);
  });
});
