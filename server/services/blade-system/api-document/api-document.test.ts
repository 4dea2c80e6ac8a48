import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { resolveSchema, type ApiDocument, type RouteEntry } from '../../../lib/api-doc/index.js';
import {
  createTestApp,
  data,
  DEMO_PASSWORD,
  DEMO_TENANT,
  type TestApp,
} from '../../../test/support.js';

const BASE = '/api/blade-system/api-document';

/**
 * Every route Fastify knows, read back from `printRoutes` (its radix tree, one node a line):
 * "METHOD path" for each method but the HEAD routes Fastify adds for GET ones.
 */
function registeredRoutes(tree: string): string[] {
  const out: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    const path = (stack[depth - 1] ?? '') + m[2]!;
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of m[3]?.split(', ') ?? [])
      if (method !== 'HEAD' && path.startsWith('/api/')) out.push(`${method} ${path}`);
  }
  return out;
}

describe('blade-system/api-document', () => {
  let t: TestApp;
  let admin: string;
  let doc: ApiDocument;
  const route = (method: string, path: string): RouteEntry => {
    const found = doc.services
      .flatMap((s) => s.routes)
      .find((r) => r.method === method && r.path === path);
    if (!found) throw new Error(`${method} ${path} is not in the document`);
    return found;
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
    doc = data<ApiDocument>(await t.get(BASE, admin));
  });
  afterAll(() => t.close());

  it('lists every registered /api route exactly once, grouped by service and sorted', () => {
    const documented = doc.services.flatMap((s) => s.routes.map((r) => `${r.method} ${r.path}`));
    expect(new Set(documented).size).toBe(documented.length);
    const registered = registeredRoutes(t.app.printRoutes({ commonPrefix: false }));
    expect(registered.length).toBeGreaterThan(100);
    expect([...documented].sort()).toEqual([...registered].sort());
    for (const service of doc.services) {
      // A service's routes sit under its name; a route of its own (/api/health) is its name.
      for (const r of service.routes)
        expect(
          r.path === `/api/${service.name}` || r.path.startsWith(`/api/${service.name}/`),
        ).toBe(true);
      const paths = service.routes.map((r) => r.path);
      expect(paths).toEqual([...paths].sort());
    }
    const names = doc.services.map((s) => s.name);
    expect(names).toEqual([...names].sort());
    expect(names).toEqual(expect.arrayContaining(['blade-auth', 'blade-system', 'blade-user']));
  });

  it("documents a declared table's allowlisted filters, sorts and submit body", () => {
    const list = route('GET', '/api/blade-system/post/list');
    expect(list.summary?.zh).toBe('分页列表');
    const params = Object.fromEntries((list.query ?? []).map((p) => [p.name, p]));
    expect(Object.keys(params)).toEqual([
      'current',
      'size',
      'category',
      'postCode',
      'postName',
      'ascs',
      'descs',
    ]);
    expect(params.postName).toMatchObject({ type: 'string', operator: 'like' });
    expect(params.category).toMatchObject({ operator: 'equal' });
    expect(params.postName!.suffixes).toContain('likeright');
    expect(params.ascs!.enum).toEqual(['category', 'postCode', 'postName', 'sort', 'createTime']);

    const submit = route('POST', '/api/blade-system/post/submit');
    const schema = submit.body?.schema as {
      type: string;
      required: string[];
      properties: Record<string, { type?: string; maxLength?: number }>;
    };
    expect(submit.body?.contentType).toBe('application/json');
    expect(schema.type).toBe('object');
    expect([...schema.required].sort()).toEqual(['category', 'postCode', 'postName', 'sort']);
    expect(schema.properties.postCode).toMatchObject({ type: 'string', maxLength: 32 });
    expect(schema.properties.remark).toMatchObject({ type: 'string', maxLength: 255 });
    expect(schema.properties.id).toMatchObject({ type: 'string' });

    expect(route('GET', '/api/blade-system/post/detail').query).toEqual([
      expect.objectContaining({ name: 'id', required: true }),
    ]);
    expect(route('POST', '/api/blade-system/post/remove').query).toEqual([
      expect.objectContaining({ name: 'ids', required: true }),
    ]);
    // A versioned table takes `version` too.
    const versioned = route('POST', '/api/blade-system/param/submit').body?.schema as {
      properties: Record<string, unknown>;
    };
    expect(versioned.properties.version).toEqual({ type: 'integer' });
  });

  it('shows each route’s access: public, signed-in, permission codes, super administrator', () => {
    expect(route('POST', '/api/blade-auth/oauth/token').access).toEqual({ kind: 'public' });
    expect(route('GET', '/api/blade-auth/oauth/user-info').access).toEqual({ kind: 'user' });
    expect(route('GET', '/api/blade-system/post/list').access).toEqual({
      kind: 'perm',
      codes: ['post', 'post_view', 'user', 'user_info'],
    });
    expect(route('POST', '/api/blade-system/region/submit').access).toEqual({ kind: 'super' });
    expect(route('GET', BASE).access).toEqual({ kind: 'perm', codes: ['api_document'] });
  });

  it('carries the docs hand-written routes state in config.doc', () => {
    const token = route('POST', '/api/blade-auth/oauth/token');
    expect(token.summary?.en).toMatch(/sign in/i);
    expect(token.clientAuth).toBe(true);
    expect(token.query?.map((p) => p.name)).toContain('grant_type');
    const users = route('GET', '/api/blade-user/page');
    expect(users.query?.map((p) => p.name)).toEqual(
      expect.arrayContaining(['account', 'realName', 'deptId', 'ascs']),
    );
    const userSubmit = route('POST', '/api/blade-user/submit').body?.schema as {
      properties: Record<string, { anyOf?: object[] }>;
    };
    // Nullable fields: a string of at most 45, or null.
    expect(userSubmit.properties.account?.anyOf).toEqual(
      expect.arrayContaining([{ type: 'string', maxLength: 45 }, { type: 'null' }]),
    );
    expect(route('GET', '/api/blade-system/region/lazy-tree').query?.[0]?.name).toBe('parentCode');
    // Lazy tree lists: their filters and parentId, no paging; a level keeps its own order.
    const names = (method: string, path: string) => route(method, path).query?.map((p) => p.name);
    expect(names('GET', '/api/blade-system/menu/lazy-list')).toEqual(
      expect.arrayContaining(['name', 'code', 'category', 'parentId', 'ascs']),
    );
    expect(names('GET', '/api/blade-system/region/lazy-list')).toEqual(
      expect.arrayContaining(['name', 'code', 'parentId']),
    );
    for (const path of ['/api/blade-system/region/lazy-list', '/api/blade-system/dept/lazy-list'])
      expect(names('GET', path), path).not.toContain('current');
    expect(names('GET', '/api/blade-system/region/lazy-list')).not.toContain('ascs');
    expect(names('GET', '/api/blade-log/error/list')).toEqual(
      expect.arrayContaining(['current', 'reference', 'createTime', 'ascs']),
    );
    expect(route('GET', '/api/blade-system/data-export/list').summary?.zh).toMatch(/导出/);
    expect(route('POST', '/api/blade-system/post/excel/export/async').query?.[0]).toMatchObject({
      name: 'excelType',
      required: true,
    });
    // A route without docs is still listed, with its access only.
    const plain = route('GET', '/api/blade-system/region/tree');
    expect(plain.summary).toBeUndefined();
    expect(plain.access).toEqual({ kind: 'user' });
  });

  it('refuses a user without api_document (403) and a caller without a token (401)', async () => {
    const sales = await t.login('sales', DEMO_PASSWORD, DEMO_TENANT);
    expect((await t.get(BASE, sales)).statusCode).toBe(403);
    expect((await t.get(`${BASE}/openapi.json`, sales)).statusCode).toBe(403);
    expect((await t.get(BASE)).statusCode).toBe(401);
    expect((await t.get(`${BASE}/openapi.json`)).statusCode).toBe(401);
    // The demo tenant's administrator holds the menu.
    expect((await t.get(BASE, await t.tenantAdminToken())).statusCode).toBe(200);
  });

  it('downloads an OpenAPI 3.1 document as an attachment, with nothing secret in it', async () => {
    const res = await t.get(`${BASE}/openapi.json`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="openapi\.json"/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const api = JSON.parse(res.body) as {
      openapi: string;
      paths: Record<string, Record<string, { security: unknown[]; tags: string[] }>>;
      components: { securitySchemes: Record<string, { type: string; name?: string }> };
    };
    expect(api.openapi).toBe('3.1.0');
    const token = api.paths['/api/blade-auth/oauth/token']?.post;
    expect(token?.security).toEqual([{ clientBasic: [] }]);
    expect(token?.tags).toEqual(['blade-auth']);
    expect(api.paths['/api/blade-system/post/list']?.get?.security).toEqual([{ bladeAuth: [] }]);
    expect(api.components.securitySchemes.bladeAuth).toMatchObject({
      type: 'apiKey',
      name: 'Blade-Auth',
    });
    expect(api.components.securitySchemes.clientBasic).toMatchObject({ type: 'http' });
    // Path parameters in OpenAPI form.
    expect(Object.keys(api.paths).some((p) => p.includes('{file}'))).toBe(true);
    expect(res.body).not.toContain('saber_secret');
    expect(res.body).not.toContain(t.app.ctx.jwtSecret);
    expect(res.body).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}/);
  });
});

describe('body schemas', () => {
  it('never throws on a schema it cannot convert: free-form (null)', () => {
    expect(resolveSchema({ _zod: {} } as unknown as z.ZodType)).toBeNull();
    expect(
      resolveSchema(() => {
        throw new Error('broken');
      }),
    ).toBeNull();
    expect(resolveSchema(undefined)).toBeNull();
    // Transforms and custom checks are shown as "any", not refused.
    const odd = resolveSchema(
      z.object({ when: z.custom<Date>(() => true), n: z.string().transform(Number) }),
    ) as { properties: Record<string, unknown> };
    expect(odd.properties.n).toEqual({ type: 'string' });
  });

  it('drops defaults of secret-named fields', () => {
    const schema = resolveSchema(
      z.object({
        clientSecret: z.string().default('do-not-show'),
        nested: z.object({ accessToken: z.string().default('do-not-show') }),
        type: z.string().default('error'),
      }),
    );
    expect(JSON.stringify(schema)).not.toContain('do-not-show');
    expect((schema as { properties: { type: object } }).properties.type).toMatchObject({
      default: 'error',
    });
  });
});
