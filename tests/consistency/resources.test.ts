import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiDocument, RouteEntry } from '../../server/lib/api-doc/index.js';
import { MENU_TREE, type SeedMenu } from '../../server/db/seed/menu-tree.js';
import { createTestApp, data, type TestApp } from '../../server/test/support.js';
import { dictEntries } from '../../src/resources/blade-system/dict-defs';
import { RESOURCE_ROUTES } from '../../src/resources/registry';
import { callOf } from '../../src/resources/engine/calls';
import type { ActionDef, ResourceCallName, ResourceDef } from '../../src/resources/types';

/**
 * Every declared console resource against the server it talks to and the menu seed: its route is
 * a seeded screen, each permission code it checks is a button of that screen, each call it makes
 * is a registered route that admits the code the console checks, and every filter and sortable
 * column it offers is one the server's list allowlists (as the API reference documents it).
 * A declaration drifting from its server table fails here instead of in front of an operator.
 */

type AnyDef = ResourceDef<Record<string, unknown>>;

function seedScreens(): Map<string, SeedMenu> {
  const screens = new Map<string, SeedMenu>();
  const walk = (menus: readonly SeedMenu[]) => {
    for (const m of menus) {
      if (m.children) walk(m.children);
      else screens.set(m.path, m);
    }
  };
  walk(MENU_TREE);
  return screens;
}

/** The codes a route admits, or 'anyone signed in' / 'super administrator'. */
function admits(route: RouteEntry, code: string): boolean {
  if (route.access.kind === 'perm') return route.access.codes.includes(code);
  return route.access.kind === 'user';
}

/** Wire names a filter sends: its name (with BladeX suffixes) or its range's two names. */
function filterBases(filter: NonNullable<AnyDef['filters']>[number]): string[] {
  const strip = (name: string) => name.replace(/_[a-z]+$/, '');
  return filter.params ? filter.params.map(strip) : [filter.name];
}

describe('declared resources agree with the server and the menu seed', () => {
  let t: TestApp;
  let routes: Map<string, RouteEntry>;
  const declared: [string, AnyDef][] = [];
  const screens = seedScreens();

  beforeAll(async () => {
    t = await createTestApp();
    const doc = data<ApiDocument>(
      await t.get('/api/blade-system/api-document', await t.adminToken()),
    );
    routes = new Map(
      doc.services.flatMap((s) => s.routes.map((r) => [`${r.method} ${r.path}`, r])),
    );
    for (const [route, load] of Object.entries(RESOURCE_ROUTES))
      declared.push([route, (await load()).default as AnyDef]);
  }, 60_000);
  afterAll(() => t.close());

  const call = (method: string, path: string): RouteEntry => {
    // A spec path's `{id}` is the server route's `:id`.
    const found = routes.get(`${method} /api/${path.replace('{id}', ':id')}`);
    if (!found) throw new Error(`${method} /api/${path} is not a server route`);
    return found;
  };

  it('covers every declared resource', () => {
    expect(declared.length).toBe(Object.keys(RESOURCE_ROUTES).length);
    expect(declared.length).toBeGreaterThan(25);
  });

  it('each route is a seeded screen, and each code the console checks is one of its codes', () => {
    // A resource shown at two menus (users, dictionaries) may show the other screen's buttons to
    // whoever holds them: the codes of every screen of the same service count.
    const codesOf = new Map<string, Set<string>>();
    // An action may carry out another screen's action of the same BladeX service on its rows (the
    // supplier orders' 退款 is the refund screen's button, which order-refund checks): the codes
    // of every screen under the service's root count for actions.
    const rootOf = (service: string) => service.split('/')[0]!;
    const codesOfRoot = new Map<string, Set<string>>();
    for (const [route, def] of declared) {
      const screen = screens.get(route);
      const codes = codesOf.get(def.service) ?? new Set<string>();
      const rootCodes = codesOfRoot.get(rootOf(def.service)) ?? new Set<string>();
      if (screen)
        for (const code of [screen.code, ...(screen.buttons ?? []).map((b) => b.code)]) {
          codes.add(code);
          rootCodes.add(code);
        }
      codesOf.set(def.service, codes);
      codesOfRoot.set(rootOf(def.service), rootCodes);
    }
    const problems: string[] = [];
    for (const [route, def] of declared) {
      if (def.route !== route) problems.push(`${route}: declared for ${def.route}`);
      if (!screens.has(route)) problems.push(`${route}: not a screen of the menu seed`);
      const actions: ActionDef<Record<string, unknown>>[] = [
        ...(def.rowActions ?? []),
        ...(def.toolbarActions ?? []),
      ];
      for (const code of Object.values(def.permissions))
        if (code && !codesOf.get(def.service)?.has(code))
          problems.push(`${route}: ${code} is not a code of its screens`);
      for (const { permission: code } of actions)
        if (code && !codesOfRoot.get(rootOf(def.service))?.has(code))
          problems.push(`${route}: ${code} is not a code of its service's screens`);
    }
    expect(problems).toEqual([]);
  });

  it('each call is a server route admitting the screen’s code', () => {
    const problems: string[] = [];
    const check = (route: string, method: string, path: string, code?: string) => {
      try {
        const entry = call(method, path);
        if (code && !admits(entry, code) && entry.access.kind !== 'super')
          problems.push(`${route}: ${method} ${path} does not admit ${code}`);
      } catch (error) {
        problems.push(`${route}: ${(error as Error).message}`);
      }
    };
    for (const [route, def] of declared) {
      const p = def.permissions;
      const menuCode = screens.get(route)?.code;
      // Each call as the console makes it: the declared path and method (spec-named calls from
      // the contract), else the engine's defaults.
      const at = (name: ResourceCallName, path: string, method: string, code?: string) => {
        const declaredCall = callOf(def.paths, name);
        check(
          route,
          declaredCall.method ?? method,
          `${def.service}/${declaredCall.path ?? path}`,
          code,
        );
      };
      at('list', def.tree?.lazy ? 'lazy-list' : 'list', 'GET', menuCode);
      if (def.paths?.detail) at('detail', 'detail', 'GET', p.view ?? menuCode);
      if (!def.formDialog) {
        if (p.add) at('submit', 'submit', 'POST', p.add);
        if (p.edit) at('update', 'submit', 'POST', p.edit);
      }
      if (p.remove) at('remove', 'remove', 'POST', p.remove);
      if (def.export) at('export', 'excel/export/async', 'POST', p.export);
      for (const action of [...(def.rowActions ?? []), ...(def.toolbarActions ?? [])])
        if (action.call) check(route, 'POST', action.call.path, action.permission);
    }
    expect(problems).toEqual([]);
  });

  it('every list documents its query, and every filter and sortable column is allowlisted', () => {
    const problems: string[] = [];
    // A dictionary screen lists its dictionaries and, when one is opened, that one's entries.
    const lists: [string, AnyDef][] = declared.flatMap(([route, def]): [string, AnyDef][] =>
      def.paths?.list === 'parent-list'
        ? [
            [route, def],
            [
              `${route} (entries)`,
              dictEntries({
                service: def.service as Parameters<typeof dictEntries>[0]['service'],
                route,
                menu: screens.get(route)?.code ?? '',
                title: def.title,
              }) as unknown as AnyDef,
            ],
          ]
        : [[route, def]],
    );
    expect(lists.length).toBeGreaterThan(declared.length);
    for (const [route, def] of lists) {
      const list = def.paths?.list ?? (def.tree?.lazy ? 'lazy-list' : 'list');
      const method = callOf(def.paths, 'list').method ?? 'GET';
      const entry = routes.get(`${method} /api/${def.service}/${list}`);
      if (!entry) {
        problems.push(`${route}: ${method} /api/${def.service}/${list} is not a server route`);
        continue;
      }
      if (!entry.query?.length) {
        problems.push(`${route}: GET /api/${def.service}/${list} documents no query`);
        continue;
      }
      const params = new Map(entry.query.map((q) => [q.name, q]));
      for (const filter of def.filters ?? [])
        for (const name of filterBases(filter))
          if (!params.has(name))
            problems.push(`${route}: filter ${name} is not allowlisted by ${list}`);
      // A lazy tree asks for a node's children by parentId; any other list that is not a tree
      // is asked for a page.
      if (def.tree?.lazy && !params.has('parentId'))
        problems.push(`${route}: ${list} documents no parentId`);
      if (!def.tree && !params.has('current'))
        problems.push(`${route}: ${list} documents no paging`);
      // Sorting is the server's (the table sorts manually): a sortable column must be a sort of
      // the list, and a list that does not sort offers no sortable column.
      const sorts = new Set(params.get('ascs')?.enum ?? []);
      for (const column of def.columns)
        if (column.sortable && !sorts.has(column.field))
          problems.push(`${route}: sort ${column.field} is not allowlisted by ${list}`);
    }
    expect(problems).toEqual([]);
  });
});
