import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeGroupContract } from '../../../../src/contracts/platform-supplier/store-group.js';
import { isUniqueViolation } from '../../../db/unique.js';
import { nextId } from '../../../lib/ids.js';
import { createTestApp, data, DEMO_PASSWORD, type TestApp } from '../../../test/support.js';

const GROUP = `/api/${storeGroupContract.service}`;
const TENANT = '000000';

interface Group {
  id: string;
  groupName: string;
  storeCount: number;
  remark: string;
  version: number;
}
interface Page<T> {
  records: T[];
  total: number;
}

const msg = (res: LightMyRequestResponse) => (res.json() as { msg: string }).msg;

/**
 * Store groups on the table engine: the list and remove at the spec's names (listGroupPage,
 * removeById/{id}), saveGroup and listAllGroup hand-written, the engine's generic names gone.
 */
describe('store groups: the spec-named calls', () => {
  let t: TestApp;
  let supply: string;
  let other: string;

  const save = (body: Record<string, unknown>, token = supply) =>
    t.post(`${GROUP}/saveGroup`, token, body);
  const page = async (query: Record<string, string> = {}) =>
    data<Page<Group>>(await t.get(`${GROUP}/listGroupPage`, supply, { size: '100', ...query }));

  beforeAll(async () => {
    t = await createTestApp();
    supply = await t.login('supply', DEMO_PASSWORD);
    other = await t.tenantAdminToken();
  }, 60_000);
  afterAll(() => t.close());

  it('serves the contract calls under their spec names and not the generic ones', async () => {
    expect(storeGroupContract.resolvedCalls).toMatchObject({
      list: { path: 'listGroupPage', method: 'GET' },
      submit: { path: 'saveGroup', method: 'POST' },
      remove: { path: 'removeById/{id}', method: 'POST' },
      select: { path: 'listAllGroup', method: 'GET' },
    });
    const listed = await t.get(`${GROUP}/listGroupPage`, supply);
    expect(listed.statusCode, listed.body).toBe(200);
    const first = data<Page<Group>>(listed).records[0]!;
    const detail = await t.get(`${GROUP}/detail`, supply, { id: first.id });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(data<Group>(detail)).toMatchObject({ id: first.id, storeCount: first.storeCount });
    for (const path of ['list', 'select'])
      expect((await t.get(`${GROUP}/${path}`, supply)).statusCode, path).toBe(404);
    for (const path of ['submit', 'remove'])
      expect(
        (await t.post(`${GROUP}/${path}`, supply, { groupName: 'x' }, { ids: first.id }))
          .statusCode,
        path,
      ).toBe(404);
  });

  it('lists newest first with store counts, filtered and sorted as the contract allows', async () => {
    const a = data<{ id: string }>(await save({ groupName: 'SG-list-a' })).id;
    const b = data<{ id: string }>(await save({ groupName: 'SG-list-b', remark: '备注' })).id;
    const listed = await page({ groupName: 'SG-list-' });
    expect(listed.records.map((g) => g.id)).toEqual([b, a]);
    expect(listed.records[0]).toMatchObject({
      groupName: 'SG-list-b',
      remark: '备注',
      storeCount: 0,
    });
    expect(listed.records[1]).toMatchObject({ remark: '', version: 1 });
    const sorted = await page({ groupName: 'SG-list-', ascs: 'groupName' });
    expect(sorted.records.map((g) => g.id)).toEqual([a, b]);
    const other100001 = data<Page<Group>>(
      await t.get(`${GROUP}/listGroupPage`, other, { groupName: 'SG-list-' }),
    );
    expect(other100001.total).toBe(0);
  });

  it('listAllGroup answers id and name only, by name', async () => {
    await save({ groupName: 'SG-全部-b' });
    await save({ groupName: 'SG-全部-a' });
    const all = data<Record<string, unknown>[]>(await t.get(`${GROUP}/listAllGroup`, supply));
    expect(all.every((g) => Object.keys(g).sort().join() === 'groupName,id')).toBe(true);
    const byName = await t.app.ctx.db
      .selectFrom('bladeSupStoreGroup')
      .select(['id', 'groupName'])
      .where('tenantId', '=', TENANT)
      .where('isDeleted', '=', 0)
      .orderBy('groupName')
      .execute();
    expect(all).toEqual(byName);
  });

  it('removeById removes the group and lets its stores go; another tenant gets 404', async () => {
    const store = await t.app.ctx.db
      .selectFrom('bladeSupStore')
      .select('id')
      .where('tenantId', '=', TENANT)
      .where('isDeleted', '=', 0)
      .executeTakeFirstOrThrow();
    const id = data<{ id: string }>(await save({ groupName: 'SG-删除', storeIds: [store.id] })).id;
    expect((await page({ groupName: 'SG-删除' })).records[0]?.storeCount).toBe(1);
    expect((await t.post(`${GROUP}/removeById/${id}`, other)).statusCode).toBe(404);
    const removed = await t.post(`${GROUP}/removeById/${id}`, supply);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(msg(removed)).toBe('删除成功');
    expect((await page({ groupName: 'SG-删除' })).total).toBe(0);
    const rels = await t.app.ctx.db
      .selectFrom('bladeSupStoreGroupRel')
      .select('id')
      .where('groupId', '=', id)
      .execute();
    expect(rels).toEqual([]);
    expect((await t.post(`${GROUP}/removeById/${id}`, supply)).statusCode).toBe(404);
    // The removed group's name is free again.
    expect((await save({ groupName: 'SG-删除' })).statusCode).toBe(200);
  });

  it('a live name is unique per tenant: saveGroup says 409 at the field, the index holds', async () => {
    const first = await save({ groupName: 'SG-重名' });
    expect(first.statusCode).toBe(200);
    const racing = await Promise.all([
      save({ groupName: 'SG-并发' }),
      save({ groupName: 'SG-并发' }),
    ]);
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const refused = [await save({ groupName: 'SG-重名' }), ...racing].filter(
      (r) => r.statusCode !== 200,
    );
    expect(refused.map((r) => [r.statusCode, msg(r)])).toEqual([
      [409, 'groupName:分组名称已存在'],
      [409, 'groupName:分组名称已存在'],
    ]);
    // Another tenant may use the name.
    expect((await save({ groupName: 'SG-重名' }, other)).statusCode).toBe(200);
    // A writer that skips the check is refused by the partial unique index.
    const row = (isDeleted: number) => ({
      id: nextId(),
      tenantId: TENANT,
      groupName: 'SG-重名',
      remark: null,
      createUser: null,
      createDept: null,
      createTime: '2026-01-01 00:00:00',
      updateUser: null,
      updateTime: null,
      status: 1,
      isDeleted,
      version: 1,
    });
    const direct = await t.app.ctx.db
      .insertInto('bladeSupStoreGroup')
      .values(row(0))
      .execute()
      .then(
        () => undefined,
        (err: unknown) => err,
      );
    expect(isUniqueViolation(direct)).toBe(true);
    await t.app.ctx.db.insertInto('bladeSupStoreGroup').values(row(1)).execute();
  });
});
