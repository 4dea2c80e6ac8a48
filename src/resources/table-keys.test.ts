import { describe, expect, it } from 'vitest';
import { TABLE_KEY_PATTERN, tableKeyOf } from '../contracts/table-set';
import { RESOURCE_ROUTES } from './registry';

/**
 * Every list the console draws saves its layout under `tableKeyOf(route)` (use-list-view.ts),
 * and the server refuses a key its contract does not match (400, an error toast on every visit:
 * issue 25 item 3). The keys are derived, not listed: every declaration module under
 * resources/ is loaded and every `route` it exports (a declaration, a report tab, a dictionary's
 * entries) is checked, so a new screen with a new kind of route is covered the day it is added.
 */
const modules = import.meta.glob(['./**/*.ts', '!./**/*.test.ts'], { eager: true });

function routesIn(value: unknown, into: Set<string>, depth = 0): void {
  if (depth > 2 || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value) routesIn(item, into, depth + 1);
    return;
  }
  const route = (value as { route?: unknown }).route;
  if (typeof route === 'string' && route.startsWith('/')) into.add(route);
  for (const key of ['def', 'parents', 'entries'])
    routesIn((value as Record<string, unknown>)[key], into, depth + 1);
}

describe('table-set keys', () => {
  it('every route a list is drawn at gives a key the contract accepts', async () => {
    const routes = new Set<string>(Object.keys(RESOURCE_ROUTES));
    for (const load of Object.values(RESOURCE_ROUTES)) routesIn((await load()).default, routes);
    for (const exports of Object.values(modules))
      for (const value of Object.values(exports as Record<string, unknown>))
        routesIn(value, routes);
    // The screens of issue 25 item 3, and the kinds of route beside the registry's.
    expect([...routes]).toEqual(
      expect.arrayContaining([
        '/supplierMerchant/management',
        '/supplierMerchant/group',
        '/finance/project-report/sale-return',
      ]),
    );
    expect(routes.size).toBeGreaterThan(Object.keys(RESOURCE_ROUTES).length);
    const refused = [...routes].filter((route) => !TABLE_KEY_PATTERN.test(tableKeyOf(route)));
    expect(refused).toEqual([]);
  });
});
