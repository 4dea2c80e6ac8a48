import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REPORT_SERVICE,
  type ReportDef,
} from '../../../src/contracts/platform-finance/report-def.js';
import { DEMO_REPORT_DEFS } from '../../db/seed/demo-finance.js';
import { createTestApp, data, DEMO_PASSWORD, type TestApp } from '../../test/support.js';

/** blade-report (issue 28 item 6): the saved report definitions, the super administrator's only. */
const API = `/api/${REPORT_SERVICE}`;

describe('report management', () => {
  let t: TestApp;
  let admin: string;
  const list = async (query: Record<string, string> = {}) =>
    data<{ records: ReportDef[]; total: number }>(
      await t.get(`${API}/list`, admin, { size: '100', ...query }),
    );

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
  }, 60_000);
  afterAll(() => t.close());

  it('lists the seeded definitions behind the finance and ad reports', async () => {
    const page = await list();
    expect(page.total).toBe(DEMO_REPORT_DEFS.length);
    expect(page.records.map((r) => r.reportCode)).toEqual(DEMO_REPORT_DEFS.map((d) => d[0]));
    expect((await list({ category: 'ad' })).records.every((r) => r.category === 'ad')).toBe(true);
  });

  it('removes by ids, and refuses everyone but the super administrator', async () => {
    const tenantAdmin = await t.tenantAdminToken();
    const finance = await t.login('finance', DEMO_PASSWORD);
    const first = (await list()).records[0]!;
    for (const token of [tenantAdmin, finance]) {
      expect((await t.get(`${API}/list`, token)).statusCode).toBe(403);
      expect((await t.post(`${API}/remove`, token, undefined, { ids: first.id })).statusCode).toBe(
        403,
      );
    }
    expect((await t.post(`${API}/remove`, admin, undefined, { ids: 'nope' })).statusCode).toBe(404);
    expect((await t.post(`${API}/remove`, admin, undefined, { ids: first.id })).statusCode).toBe(
      200,
    );
    expect((await list()).records.map((r) => r.id)).not.toContain(first.id);
    // No plain submit or detail.
    expect((await t.post(`${API}/submit`, admin, { name: 'x' })).statusCode).toBe(404);
  });
});
