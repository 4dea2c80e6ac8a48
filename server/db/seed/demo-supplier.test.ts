import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, data, DEMO_PASSWORD, type TestApp } from '../../test/support.js';
import { openContactPhone } from '../../services/platform-supplier/sup/contact-phone.js';
import { demoScale } from './demo-supplier.js';

describe('demo suppliers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('gives each demo tenant 8 suppliers of mixed supply types, phones sealed', async () => {
    const supply = await t.login('supply', DEMO_PASSWORD);
    const page = data<{ total: number; records: { supplyType: number }[] }>(
      await t.get('/api/blade-quanyi-platform-supplier/sup/list', supply, { size: '50' }),
    );
    // 8 of the supplier demo, and the client side's own two (demo-client.ts) in tenant 000000.
    expect(page.total).toBe(10);
    expect(new Set(page.records.map((r) => r.supplyType))).toEqual(new Set([1, 2, 3]));
    const rows = await t.database.db
      .selectFrom('bladeSup')
      .select(['tenantId', 'contactPhone'])
      .execute();
    expect(rows.filter((r) => r.tenantId === '100001')).toHaveLength(8);
    for (const r of rows) expect(openContactPhone(t.app.ctx, r.contactPhone)).toMatch(/^1\d{10}$/);
  });

  it('reads DEMO_SCALE as a whole number of at least 1', () => {
    expect(demoScale({})).toBe(1);
    expect(demoScale({ DEMO_SCALE: '3' })).toBe(3);
    expect(demoScale({ DEMO_SCALE: '0' })).toBe(1);
    expect(demoScale({ DEMO_SCALE: 'x' })).toBe(1);
  });
});
