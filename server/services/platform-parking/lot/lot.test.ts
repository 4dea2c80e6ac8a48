import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parkLotContract } from '../../../../src/contracts/platform-parking/park-lot.js';
import { DEMO_PARK_LOTS } from '../../../db/seed/demo-parking.js';
import type { ApiDocument } from '../../../lib/api-doc/index.js';
import {
  createTestApp,
  data,
  DEMO_PASSWORD,
  DEMO_TENANT,
  type TestApp,
} from '../../../test/support.js';

/**
 * The parking-lot screen is the engine's worked example (docs/add-a-resource.md): declared by
 * its contract alone, no routes file. Each new kind is checked here as a client sees it: the
 * spec-named list call, a fixed choice, a switch, a region, a reference and a unique code.
 */
const API = `/api/${parkLotContract.service}`;

interface Lot {
  id: string;
  lotCode: string;
  lotName: string;
  provinceCode: string | null;
  cityCode: string | null;
  districtCode: string | null;
  regionName: string;
  operator: string;
  supId: string | null;
  supName: string;
  enabled: number;
  spaces: number;
  version: number;
}
interface Page {
  records: Lot[];
  total: number;
}

const msg = (res: LightMyRequestResponse) => (res.json() as { msg: string }).msg;

describe('parking lots: a list-only screen served by the engine from its contract', () => {
  let t: TestApp;
  let admin: string;
  let tenantAdmin: string;
  let ownSup: string;
  let otherSup: string;
  let theirSup: string;
  const list = async (token: string, query: Record<string, string> = {}) =>
    data<Page>(await t.get(`${API}/listParkPage`, token, { size: '100', ...query }));
  const submit = (token: string, body: Record<string, unknown>) =>
    t.post(`${API}/submit`, token, body);
  const lot = (over: Record<string, unknown> = {}) => ({
    lotCode: 'T1',
    lotName: '测试停车场',
    districtCode: '110105',
    operator: 'sandbox',
    ...over,
  });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
    tenantAdmin = await t.tenantAdminToken();
    const supsOf = async (tenantId: string) =>
      (
        await t.database.db
          .selectFrom('bladeSup')
          .select('id')
          .where('tenantId', '=', tenantId)
          .orderBy('supCode')
          .execute()
      ).map((r) => r.id);
    [ownSup, otherSup] = (await supsOf('000000')) as [string, string];
    [theirSup] = (await supsOf(DEMO_TENANT)) as [string];
  }, 60_000);
  afterAll(() => t.close());

  it('answers the demo lots on the spec-named call, with the names joined', async () => {
    const page = await list(admin);
    expect(page.total).toBe(DEMO_PARK_LOTS['000000']);
    expect((await list(tenantAdmin)).total).toBe(DEMO_PARK_LOTS[DEMO_TENANT]);
    const named = page.records.filter((r) => r.supId);
    expect(named.length).toBeGreaterThan(0);
    expect(named.every((r) => r.supName.length > 0)).toBe(true);
    expect(page.records.every((r) => r.regionName.split(' / ').length === 3)).toBe(true);
    // The engine's default name is not served beside the spec's.
    expect((await t.get(`${API}/list`, admin)).statusCode).toBe(404);
  });

  it('resolves a region from its deepest code and refuses one that does not exist', async () => {
    const res = await submit(admin, lot());
    expect(res.statusCode).toBe(200);
    const saved = data<Lot>(await t.get(`${API}/detail`, admin, { id: data<Lot>(res).id }));
    expect([saved.provinceCode, saved.cityCode, saved.districtCode]).toEqual([
      '11',
      '1101',
      '110105',
    ]);
    expect(saved.regionName).toBe('北京市 / 市辖区 / 朝阳区');
    const bad = await submit(admin, lot({ lotCode: 'T2', districtCode: '999999' }));
    expect([bad.statusCode, msg(bad)]).toEqual([400, 'provinceCode:所在地区不存在']);
  });

  it('answers a taken code 409 at the field, per tenant, and reusable once removed', async () => {
    const dup = await submit(admin, lot({ lotName: '另一个' }));
    expect([dup.statusCode, msg(dup)]).toEqual([409, 'lotCode:车场编号已存在']);
    expect((await submit(tenantAdmin, lot())).statusCode).toBe(200);
    const mine = (await list(admin, { lotCode_equal: 'T1' })).records[0]!;
    expect((await t.post(`${API}/remove`, admin, undefined, { ids: mine.id })).statusCode).toBe(
      200,
    );
    expect((await submit(admin, lot())).statusCode).toBe(200);
  });

  it('lets one of several racing writes of a code land and answers the others 409', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        submit(admin, lot({ lotCode: 'RACE', lotName: `R${i}` })),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect((await list(admin, { lotCode_equal: 'RACE' })).total).toBe(1);
  });

  it('takes a fixed choice only among its values; the sheet writes its label', async () => {
    const res = await submit(admin, lot({ lotCode: 'C1', operator: 'ftp' }));
    expect([res.statusCode, msg(res)]).toEqual([400, 'operator:对接方式须为沙箱、HTTP接口之一']);
    const none = await submit(admin, lot({ lotCode: 'C1', operator: '' }));
    expect(msg(none)).toBe('operator:请选择对接方式');
    expect((await submit(admin, lot({ lotCode: 'C1', operator: 'http' }))).statusCode).toBe(200);
    expect((await list(admin, { operator: 'http', lotCode: 'C1' })).records).toHaveLength(1);
  });

  it('keeps a switch 1 or 0, on by default, and filters by it', async () => {
    const wrong = await submit(admin, lot({ lotCode: 'S1', enabled: 2 }));
    expect([wrong.statusCode, msg(wrong)]).toEqual([400, 'enabled:启用只能是0或1']);
    await submit(admin, lot({ lotCode: 'S1' }));
    await submit(admin, lot({ lotCode: 'S2', enabled: false }));
    const [on] = (await list(admin, { lotCode_equal: 'S1' })).records;
    const [off] = (await list(admin, { lotCode_equal: 'S2' })).records;
    expect([on!.enabled, off!.enabled]).toEqual([1, 0]);
    const disabled = (await list(admin, { enabled: '0' })).records;
    expect(disabled.every((r) => r.enabled === 0) && disabled.some((r) => r.id === off!.id)).toBe(
      true,
    );
  });

  it("names a referenced supplier, filters and sorts by it, and refuses another tenant's", async () => {
    const foreign = await submit(admin, lot({ lotCode: 'F1', supId: theirSup }));
    expect([foreign.statusCode, msg(foreign)]).toEqual([400, 'supId:权益供应商不存在']);
    await submit(admin, lot({ lotCode: 'F1', supId: ownSup }));
    await submit(admin, lot({ lotCode: 'F2', supId: otherSup }));
    const bySup = (await list(admin, { supId: ownSup })).records;
    expect(bySup.length).toBeGreaterThan(1);
    expect(new Set(bySup.map((r) => r.supName)).size).toBe(1);
    // Sorted by the joined name (each database collates and places NULLs its own way): the
    // names come grouped, and descending is ascending reversed.
    const names = async (sort: string) =>
      (await list(admin, { [sort]: 'supName' })).records.map((r) => r.supName).filter(Boolean);
    const ascending = await names('ascs');
    expect(new Set(ascending).size).toBeGreaterThan(1);
    expect(ascending).toEqual([...(await names('descs'))].reverse());
    const groups = ascending.filter((name, i) => name !== ascending[i - 1]);
    expect(groups).toEqual([...new Set(ascending)]);
  });

  it('enables and disables lots by the enable call, all or nothing', async () => {
    const [a, b] = (await list(admin, { enabled: '1' })).records;
    const ids = `${a!.id},${b!.id}`;
    const off = await t.post(`${API}/enable`, admin, undefined, { ids, enabled: '0' });
    expect([off.statusCode, msg(off)]).toEqual([200, '停用成功']);
    const after = (await list(admin, { enabled: '0' })).records.map((r) => r.id);
    expect(after).toEqual(expect.arrayContaining([a!.id, b!.id]));
    const wrong = await t.post(`${API}/enable`, admin, undefined, { ids, enabled: '2' });
    expect([wrong.statusCode, msg(wrong)]).toEqual([400, 'enabled:启用只能是0或1']);
    // Another tenant's lot among the ids: 404, and neither of ours changes.
    const theirs = (await list(tenantAdmin)).records[0]!.id;
    const mixed = await t.post(`${API}/enable`, admin, undefined, {
      ids: `${a!.id},${theirs}`,
      enabled: '1',
    });
    expect(mixed.statusCode).toBe(404);
    expect((await list(admin, { enabled: '0' })).records.map((r) => r.id)).toContain(a!.id);
  });

  it('needs the screen for reading and its buttons for writing', async () => {
    const staff = await t.login('sales', DEMO_PASSWORD, DEMO_TENANT);
    expect((await t.get(`${API}/listParkPage`, staff)).statusCode).toBe(403);
    expect((await submit(staff, lot({ lotCode: 'X' }))).statusCode).toBe(403);
    const enable = await t.post(`${API}/enable`, staff, undefined, { ids: '1', enabled: '1' });
    expect(enable.statusCode).toBe(403);
  });

  it('documents the spec-named list call as the engine list', async () => {
    const doc = data<ApiDocument>(await t.get('/api/blade-system/api-document', admin));
    const route = doc.services
      .flatMap((s) => s.routes)
      .find((r) => r.path === `${API}/listParkPage`);
    expect(route?.summary?.zh).toBe('分页列表');
    expect(route?.query?.map((q) => q.name)).toEqual(
      expect.arrayContaining(['lotCode', 'operator', 'supId', 'enabled']),
    );
  });
});
