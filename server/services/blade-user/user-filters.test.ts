import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, data, type TestApp } from '../../test/support.js';

interface Page {
  records: { account: string; status: number }[];
  total: number;
}

describe('blade-user/page integer filters', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
  });
  afterAll(() => t.close());

  const page = async (query: Record<string, string>) => {
    const res = await t.get('/api/blade-user/page', admin, query);
    expect(res.statusCode).toBe(200);
    return data<Page>(res);
  };

  it('matches status exactly, also when asked with LIKE', async () => {
    const active = await page({ status: '1' });
    expect(active.total).toBeGreaterThan(0);
    expect(active.records.every((u) => u.status === 1)).toBe(true);
    expect((await page({ status_like: '1' })).total).toBe(active.total);
    expect((await page({ status_notequal: '1' })).total).toBe(0);
  });

  it('answers an empty page, not an error, for a status that is not a number', async () => {
    expect((await page({ status: 'abc' })).total).toBe(0);
    expect((await page({ userType: "1' or '1'='1" })).total).toBe(0);
    expect((await page({ status_dategt: '2020-01-01' })).total).toBeGreaterThan(0);
  });
});
