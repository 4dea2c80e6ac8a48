import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiDocument, RouteEntry } from '../../server/lib/api-doc/index.js';
import { MENU_TREE, type SeedMenu } from '../../server/db/seed/menu-tree.js';
import { createTestApp, data, type TestApp } from '../../server/test/support.js';
import { COUPON_CODE_CALLS } from '../../src/contracts/platform-supplier/coupon-code';
import { CUSTOM_SCREENS } from '../../src/app/custom-screens';
import codes from '../../src/resources/platform-supplier/coupon-code';
import batches from '../../src/resources/platform-supplier/coupon-code-batch';
import used from '../../src/resources/platform-supplier/coupon-code-used';
import type { ResourceDef } from '../../src/resources/types';

/**
 * The coupon code screens that are custom screens (CUSTOM_SCREENS: the batch page with its codes,
 * the tracing page with its look-up), so resources.test.ts, which walks the registry, does not
 * see their declarations: the same checks for them here, plus the calls their dialogs make.
 */

type AnyDef = ResourceDef<Record<string, unknown>>;

function screenOf(path: string): SeedMenu {
  let found: SeedMenu | undefined;
  const walk = (menus: readonly SeedMenu[]) => {
    for (const m of menus) {
      if (m.children) walk(m.children);
      else if (m.path === path) found = m;
    }
  };
  walk(MENU_TREE);
  if (!found) throw new Error(`${path} is not a screen of the menu seed`);
  return found;
}

const admits = (route: RouteEntry, code: string) =>
  route.access.kind === 'perm' ? route.access.codes.includes(code) : route.access.kind === 'user';

describe('the coupon code custom screens agree with the server and the menu seed', () => {
  let t: TestApp;
  let routes: Map<string, RouteEntry>;
  const defs: [string, AnyDef][] = [
    ['/supplier/code-batch/management', batches as unknown as AnyDef],
    ['/supplier/code-batch/management', codes as unknown as AnyDef],
    ['/supplier/code-batch/source-management', used as unknown as AnyDef],
  ];

  beforeAll(async () => {
    t = await createTestApp();
    const doc = data<ApiDocument>(
      await t.get('/api/blade-system/api-document', await t.adminToken()),
    );
    routes = new Map(
      doc.services.flatMap((s) => s.routes.map((r) => [`${r.method} ${r.path}`, r])),
    );
  }, 60_000);
  afterAll(() => t.close());

  it('are custom screens of seeded routes', () => {
    for (const [route] of defs) {
      expect(CUSTOM_SCREENS[route]).toBeTypeOf('function');
      screenOf(route);
    }
  });

  it('list, filter, sort and export through routes admitting the screen’s codes', () => {
    const problems: string[] = [];
    for (const [route, def] of defs) {
      const screen = screenOf(route);
      const codes = new Set([screen.code, ...(screen.buttons ?? []).map((b) => b.code)]);
      for (const code of [
        ...Object.values(def.permissions),
        ...[...(def.rowActions ?? []), ...(def.toolbarActions ?? [])].map((a) => a.permission),
      ])
        if (code && !codes.has(code)) problems.push(`${route}: ${code} is not a code of it`);
      const list = routes.get(`GET /api/${def.service}/${def.paths?.list ?? 'list'}`);
      if (!list) {
        problems.push(`${route}: ${def.service} list is not a route`);
        continue;
      }
      if (!admits(list, screen.code)) problems.push(`${route}: list does not admit ${screen.code}`);
      const params = new Set((list.query ?? []).map((q) => q.name));
      for (const filter of def.filters ?? [])
        for (const name of filter.params ?? [filter.name])
          if (!params.has(name.replace(/_[a-z]+$/, '')))
            problems.push(`${route}: filter ${filter.name} is not allowlisted`);
      const sorts = new Set(list.query?.find((q) => q.name === 'ascs')?.enum ?? []);
      for (const column of def.columns)
        if (column.sortable && !sorts.has(column.field))
          problems.push(`${route}: sort ${column.field} is not allowlisted`);
      if (def.export) {
        const exp = routes.get(`POST /api/${def.service}/excel/export/async`);
        if (!exp) problems.push(`${route}: ${def.service} has no export`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('the dialogs’ calls are routes behind the buttons that open them', () => {
    const expect_ = (method: string, path: string, code: string) => {
      const route = routes.get(`${method} /api/${path}`);
      return route ? (admits(route, code) ? '' : `${path} does not admit ${code}`) : `${path}?`;
    };
    const problems = [
      expect_('POST', COUPON_CODE_CALLS.importFile, 'code_batch_import'),
      expect_('GET', COUPON_CODE_CALLS.template, 'code_batch_template'),
      expect_('GET', COUPON_CODE_CALLS.goods, 'code_batch'),
      expect_('POST', COUPON_CODE_CALLS.autoImport, 'code_batch_auto_import'),
      expect_('POST', COUPON_CODE_CALLS.manualObtain, 'code_batch_manual_obtain'),
      expect_('POST', COUPON_CODE_CALLS.invalid, 'code_batch_invalid'),
      expect_('POST', COUPON_CODE_CALLS.invalidByList, 'code_batch_invalid'),
      expect_('POST', COUPON_CODE_CALLS.recover, 'code_batch_recover'),
      expect_('POST', COUPON_CODE_CALLS.find, 'code_source'),
      expect_('GET', COUPON_CODE_CALLS.trace, 'code_source_view'),
      expect_('POST', COUPON_CODE_CALLS.renewStatus, 'code_source_renew_status'),
      expect_('POST', COUPON_CODE_CALLS.cancelUse, 'code_source_cancel'),
      expect_('POST', COUPON_CODE_CALLS.recoveryHandle, 'code_recycle_handle'),
    ].filter(Boolean);
    expect(problems).toEqual([]);
  });
});
