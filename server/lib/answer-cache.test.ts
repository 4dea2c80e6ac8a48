import SQLite from 'better-sqlite3';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRANT_TABLES } from '../db/migrations/054-grants-version.js';
import { SCOPE_TABLES } from '../db/migrations/055-scope-grants.js';
import { compactDataVersions } from '../db/migrations/057-data-versions.js';
import { createTestApp, data, DEMO_TENANT, type TestApp } from '../test/support.js';
import { SUP_GOOD } from '../../src/contracts/platform-supplier/sup-good.js';
import { SUP_ORDER } from '../../src/contracts/platform-supplier/sup-order.js';
import { AnswerStore, registerAnswerCache } from './answer-cache.js';

/**
 * The answer cache (answer-cache.ts): a session's list answer comes back without its queries
 * while its tables stand; a write by any path, a revoked session or a removed grant shows at the
 * next request; and each route that opts in reads no table it does not name.
 */

/** Tables whose every change moves the grants version (migrations 054 to 056). */
const GRANTS_COVER = new Set<string>([
  ...GRANT_TABLES,
  ...SCOPE_TABLES,
  'blade_dict',
  'blade_dept',
]);

/**
 * Every SQL statement the process runs while `during` runs, on SQLite (better-sqlite3's
 * statements) or PostgreSQL (pg's client).
 */
async function statementsDuring(during: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const statement = Object.getPrototypeOf(new SQLite(':memory:').prepare('select 1')) as Record<
    'all' | 'run' | 'get' | 'iterate',
    (this: { source: string }, ...args: unknown[]) => unknown
  >;
  const client = pg.Client.prototype as unknown as {
    query: (this: unknown, q: unknown, ...args: unknown[]) => unknown;
  };
  const saved = { ...statement, query: client.query };
  for (const name of ['all', 'run', 'get', 'iterate'] as const) {
    const original = saved[name];
    statement[name] = function (this: { source: string }, ...args: unknown[]) {
      seen.push(this.source);
      return original.apply(this, args);
    };
  }
  client.query = function (this: unknown, q: unknown, ...args: unknown[]) {
    seen.push(typeof q === 'string' ? q : String((q as { text?: string }).text));
    return saved.query.apply(this, [q, ...args]);
  };
  try {
    await during();
  } finally {
    for (const name of ['all', 'run', 'get', 'iterate'] as const) statement[name] = saved[name];
    client.query = saved.query;
  }
  return seen;
}

/** The tables a statement names after FROM or JOIN (quoted by Kysely, or not in raw SQL). */
function tablesOf(statements: string[]): Set<string> {
  const tables = new Set<string>();
  for (const s of statements)
    for (const m of s.matchAll(/\b(?:from|join)\s+"?([a-z_][a-z0-9_]*)"?/gi))
      tables.add(m[1]!.toLowerCase());
  return tables;
}

describe('answer cache', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    token = await t.tenantAdminToken();
  });
  afterAll(() => t.close());

  const POSTS = '/api/blade-system/post/list?current=1&size=50';
  const names = async () =>
    data<{ records: { postName: string }[] }>(await t.get(POSTS, token)).records.map(
      (r) => r.postName,
    );

  it('shows a post added through the API at the next request', async () => {
    expect(await names()).not.toContain('缓存测试岗');
    const body = { postCode: 'cache', postName: '缓存测试岗', category: 1, sort: 1 };
    data(await t.post('/api/blade-system/post/submit', token, body));
    expect(await names()).toContain('缓存测试岗');
  });

  it('serves a list read again without running its queries', async () => {
    const first = await t.get(POSTS, token);
    let again: Awaited<ReturnType<TestApp['get']>> | undefined;
    const statements = await statementsDuring(async () => (again = await t.get(POSTS, token)));
    expect(again!.statusCode).toBe(200);
    expect(again!.body).toBe(first.body);
    expect(again!.headers['content-type']).toBe(first.headers['content-type']);
    // The session and the data versions, not the list.
    expect(tablesOf(statements).has('blade_post')).toBe(false);
  });

  it('shows a write made straight in the database (another process, SQL) at the next request', async () => {
    await t.get(POSTS, token);
    const post = data<{ records: { id: string; postName: string }[] }>(await t.get(POSTS, token))
      .records[0]!;
    await t.app.ctx.db
      .updateTable('bladePost')
      .set({ postName: '改名的岗位' })
      .where('id', '=', post.id)
      .execute();
    const after = data<{ records: { id: string; postName: string }[] }>(await t.get(POSTS, token));
    expect(after.records.find((r) => r.id === post.id)?.postName).toBe('改名的岗位');
  });

  it("keeps each session's answers to that session", async () => {
    const admin = await t.adminToken();
    const mine = data<{ records: { tenantId: string }[] }>(await t.get(POSTS, token));
    const theirs = data<{ records: { tenantId: string }[] }>(await t.get(POSTS, admin));
    expect(mine.records.length).toBeGreaterThan(0);
    expect(new Set(mine.records.map((r) => r.tenantId))).toEqual(new Set([DEMO_TENANT]));
    expect(theirs.records.every((r) => r.tenantId === '000000')).toBe(true);
  });

  it('refuses a revoked session and a removed grant, answer kept or not', async () => {
    const other = await t.tenantAdminToken();
    expect((await t.get(POSTS, other)).statusCode).toBe(200);
    const { sid } = JSON.parse(Buffer.from(other.split('.')[1]!, 'base64url').toString()) as {
      sid: string;
    };
    await t.app.ctx.db
      .updateTable('authSession')
      .set({ revokedAt: t.app.ctx.now() })
      .where('id', '=', sid)
      .execute();
    expect((await t.get(POSTS, other)).statusCode).toBe(401);

    const own = await t.tenantAdminToken();
    expect((await t.get(POSTS, own)).statusCode).toBe(200);
    const user = await t.app.ctx.db
      .selectFrom('bladeUser')
      .select('roleId')
      .where('tenantId', '=', DEMO_TENANT)
      .where('account', '=', 'admin')
      .executeTakeFirstOrThrow();
    await t.app.ctx.db
      .deleteFrom('bladeRoleMenu')
      .where('roleId', 'in', user.roleId.split(','))
      .execute();
    expect((await t.get(POSTS, own)).statusCode).toBe(403);
  });
});

describe('routes that keep their answers', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    // SQLite: its statements run in this thread, so the trace holds only the requests' (the
    // routes' SQL is the same on PostgreSQL).
    t = await createTestApp({ sqlite: true });
    token = await t.tenantAdminToken();
  });
  afterAll(() => t.close());

  it('read only the tables they name, and run none of their queries when read again', async () => {
    const routes = t.app.answerCache.routes;
    // The console's list mix (issue 30) at least.
    expect(routes.map((r) => r.url)).toEqual(
      expect.arrayContaining([
        '/api/blade-user/page',
        '/api/blade-system/post/list',
        '/api/blade-system/dept/list',
        '/api/blade-log/api/list',
        `/api/${SUP_ORDER}/list`,
        `/api/${SUP_GOOD}/list`,
      ]),
    );
    for (const route of routes) {
      const url = (size: number) => `${route.url}?current=1&size=${String(size)}`;
      const read = async (size: number) => {
        let body = '';
        const statements = await statementsDuring(async () => {
          const res = await t.get(url(size), token);
          expect(res.statusCode, `${url(size)}: ${res.body}`).toBe(200);
          body = res.body;
        });
        return { body, statements };
      };
      const miss = await read(10);
      const hit = await read(10);
      expect(hit.body, url(10)).toBe(miss.body);
      expect(tablesOf(hit.statements).size, url(10)).toBeLessThan(tablesOf(miss.statements).size);
      // What a first request ran beyond the guard's statements (which run on every request).
      // Twice (another URL misses too), so a background job's statement that happened to run
      // during one request is not taken for the route's.
      const guard = new Set(hit.statements);
      const handlerTables = (statements: string[]) =>
        tablesOf(statements.filter((s) => !guard.has(s)));
      const other = handlerTables((await read(11)).statements);
      const unnamed = [...handlerTables(miss.statements)].filter(
        (table) => other.has(table) && !route.tables.includes(table) && !GRANTS_COVER.has(table),
      );
      expect(unnamed, `${url(10)} reads tables it does not name`).toEqual([]);
    }
  });
});

describe('ANSWER_CACHE_MB=0', () => {
  it('answers every request from its queries', async () => {
    const t = await createTestApp({ config: { answerCacheMb: 0 } });
    try {
      const token = await t.tenantAdminToken();
      const url = '/api/blade-system/post/list?current=1&size=10';
      await t.get(url, token);
      const again = await statementsDuring(() => t.get(url, token));
      expect(tablesOf(again).has('blade_post')).toBe(true);
    } finally {
      await t.close();
    }
  });
});

describe('AnswerStore', () => {
  const answer = (body: string) => ({ body, contentType: 'application/json' });

  it('lets the least recently used answers go past its bytes', () => {
    const store = new AnswerStore(100 * 2 * 8); // 8 answers of 100 characters
    for (let i = 0; i < 8; i++) store.set(`k${String(i)}`, answer('x'.repeat(100)));
    expect(store.get('k0')).toBeDefined(); // now the most recently used
    store.set('k8', answer('y'.repeat(100)));
    expect(store.get('k1')).toBeUndefined();
    expect(store.get('k0')?.body).toBe('x'.repeat(100));
    expect(store.get('k8')?.body).toBe('y'.repeat(100));
    expect(store.size).toBe(8);
  });

  it('does not keep an answer larger than an eighth of its bytes', () => {
    const store = new AnswerStore(800);
    store.set('big', answer('z'.repeat(101)));
    expect(store.get('big')).toBeUndefined();
  });
});

describe('registerAnswerCache', () => {
  const access = { kind: 'public' as const };

  it('refuses a write route and a table without a data version at start-up', async () => {
    const app = Fastify();
    registerAnswerCache(app, 1024);
    expect(() =>
      app.post('/api/x/submit', { config: { access, answerCache: ['blade_post'] } }, () => ''),
    ).toThrow(/only reads/);
    expect(() =>
      app.get(
        '/api/x/list',
        // @ts-expect-error -- a table the data versions do not count
        { config: { access, answerCache: ['blade_menu_x'] } },
        () => '',
      ),
    ).toThrow(/no data version for blade_menu_x/);
    await app.close();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('data versions on PostgreSQL', () => {
  it('count each connection apart, and fold ended ones without moving the sums', async () => {
    const t = await createTestApp();
    try {
      const { db } = t.app.ctx;
      const sums = async () =>
        Object.fromEntries(
          (
            await db
              .selectFrom('bladeDataVersion')
              .select((eb) => ['tableName', eb.fn.sum<string>('version').as('v')])
              .groupBy('tableName')
              .execute()
          ).map((r) => [r.tableName, Number(r.v)]),
        );
      const before = await sums();
      // A write from a connection of its own, which then ends (another process, gone).
      const client = new pg.Client({ connectionString: t.databaseUrl });
      await client.connect();
      const pid = Number((await client.query('select pg_backend_pid() as pid')).rows[0].pid);
      await client.query(`update blade_post set sort = sort where tenant_id = '000000'`);
      await client.end();
      const written = await sums();
      expect(written.blade_post).toBe(before.blade_post! + 1);
      const backends = async () =>
        (
          await db
            .selectFrom('bladeDataVersion')
            .select('backend')
            .where('tableName', '=', 'blade_post')
            .execute()
        ).map((r) => Number(r.backend));
      expect(await backends()).toContain(pid);
      // pg_stat_activity lets go of an ended backend a moment after it ends.
      for (let i = 0; i < 50 && (await backends()).includes(pid); i++) {
        await compactDataVersions(db);
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(await backends()).not.toContain(pid);
      expect(await sums()).toEqual(written);
    } finally {
      await t.close();
    }
  });
});
