import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUP_BALANCE } from '../../../../src/contracts/platform-supplier/sup-balance.js';
import { SUP_GOOD_BALANCE } from '../../../../src/contracts/platform-supplier/sup-good-balance.js';
import { SETTLEMENT_REFUSALS } from '../../../../src/contracts/platform-supplier/sup-settlement.js';
import { createTestApp, data, type TestApp } from '../../../test/support.js';
import { insertGood, insertSupplier } from '../test-fixtures.js';

/**
 * Issue 25 item 8: a supplier's settlement type and its balance type never contradict each
 * other. Prepaid (预付) suppliers have a prepaid balance without overdraft; postpaid (后付) ones a
 * credit line (授信), whose overdraft limit is the line. The server refuses the contradictions and
 * answers a balance's type from its supplier.
 */
describe('settlement type and balance type (issue 25 item 8)', () => {
  let t: TestApp;
  let admin: string;
  const T = '000000';
  const SUP = '/api/blade-quanyi-platform-supplier/sup';

  beforeAll(async () => {
    t = await createTestApp({ demo: false });
    admin = await t.adminToken();
  });
  afterAll(() => t.close());

  const msg = (res: LightMyRequestResponse) => (res.json() as { msg: string }).msg;
  const post = (service: string, call: string, body: Record<string, unknown>) =>
    t.post(`/api/${service}/${call}`, admin, body);
  const params = (service: string, call: string, query: Record<string, string>) =>
    t.post(`/api/${service}/${call}`, admin, undefined, query);
  const supplier = async (code: string, settlementType: 1 | 2) => {
    const id = await insertSupplier(t.app.ctx.db, T, code);
    await t.app.ctx.db
      .updateTable('bladeSup')
      .set({ settlementType })
      .where('id', '=', id)
      .execute();
    return id;
  };
  const balanceRow = (supId: string) =>
    t.app.ctx.db
      .selectFrom('bladeSupBalanceTotal')
      .select(['id', 'balanceType', 'overdraftLimit'])
      .where('supId', '=', supId)
      .executeTakeFirst();
  const answered = async (id: string) =>
    data<{ balanceType: number; balanceTypeName: string; overdraftLimit: number }>(
      await t.get(`/api/${SUP_BALANCE}/detail`, admin, { id }),
    );

  it('init: the balance type is the settlement type’s, and only a postpaid supplier may overdraw', async () => {
    const prepaid = await supplier('SETL1', 1);
    const postpaid = await supplier('SETL2', 2);
    for (const [supId, balanceType] of [
      [prepaid, 2],
      [postpaid, 1],
    ] as const) {
      const res = await post(SUP_BALANCE, 'init', { supId, balance: 100, balanceType });
      expect(res.statusCode).toBe(400);
      expect(msg(res)).toBe(`balanceType:${SETTLEMENT_REFUSALS.balanceType.zh}`);
    }
    const overdrawn = await post(SUP_BALANCE, 'init', {
      supId: prepaid,
      balance: 100,
      balanceType: 1,
      overdraftLimit: '0.01',
    });
    expect(overdrawn.statusCode).toBe(400);
    expect(msg(overdrawn)).toBe(`overdraftLimit:${SETTLEMENT_REFUSALS.prepaidOverdraft.zh}`);
    expect(await balanceRow(prepaid)).toBeUndefined();
    expect(await balanceRow(postpaid)).toBeUndefined();

    const ok1 = await post(SUP_BALANCE, 'init', {
      supId: prepaid,
      balance: 100,
      balanceType: 1,
      overdraftLimit: '0',
    });
    expect(ok1.statusCode, ok1.body).toBe(200);
    expect(data(ok1)).toMatchObject({ balanceType: 1, balanceTypeName: '预付', overdraftLimit: 0 });
    const ok2 = await post(SUP_BALANCE, 'init', {
      supId: postpaid,
      balance: 0,
      balanceType: 2,
      overdraftLimit: '50000',
    });
    expect(ok2.statusCode, ok2.body).toBe(200);
    expect(data(ok2)).toMatchObject({
      balanceType: 2,
      balanceTypeName: '授信',
      overdraftLimit: 50000,
    });
  });

  it('set-warning: an overdraft limit above 0 only on a postpaid supplier’s balance or goods’ quotas', async () => {
    const prepaid = await supplier('SETL3', 1);
    const postpaid = await supplier('SETL4', 2);
    for (const [supId, balanceType] of [
      [prepaid, 1],
      [postpaid, 2],
    ] as const)
      expect(
        (await post(SUP_BALANCE, 'init', { supId, balance: 10, balanceType })).statusCode,
      ).toBe(200);
    const prepaidId = (await balanceRow(prepaid))!.id;
    const refused = await params(SUP_BALANCE, 'set-warning', {
      id: prepaidId,
      warningAmount: '5',
      overdraftLimit: '100',
    });
    expect(refused.statusCode).toBe(400);
    expect(msg(refused)).toBe(`overdraftLimit:${SETTLEMENT_REFUSALS.prepaidOverdraft.zh}`);
    expect(Number((await balanceRow(prepaid))!.overdraftLimit)).toBe(0);
    // A limit of 0 and the warning amount alone stay open to a prepaid supplier.
    expect(
      (await params(SUP_BALANCE, 'set-warning', { id: prepaidId, overdraftLimit: '0' })).statusCode,
    ).toBe(200);
    const postpaidId = (await balanceRow(postpaid))!.id;
    const granted = await params(SUP_BALANCE, 'set-warning', {
      id: postpaidId,
      overdraftLimit: '100',
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect((await answered(postpaidId)).overdraftLimit).toBe(100);

    // Goods' own quotas follow their supplier.
    for (const [supId, code, status] of [
      [prepaid, 'SETL3-G', 400],
      [postpaid, 'SETL4-G', 200],
    ] as const) {
      const goodId = await insertGood(t.app.ctx.db, T, supId, code);
      await post(SUP_GOOD_BALANCE, 'set-balance-type', { goodId, balanceType: 2 });
      const res = await params(SUP_GOOD_BALANCE, 'set-warning', {
        goodId,
        overdraftLimit: '20',
      });
      expect(res.statusCode, code).toBe(status);
      if (status === 400)
        expect(msg(res)).toBe(`overdraftLimit:${SETTLEMENT_REFUSALS.prepaidOverdraft.zh}`);
    }
  });

  it('a supplier changes settlement type only without credit left; its balance type follows', async () => {
    const supId = await supplier('SETL5', 2);
    expect(
      (await post(SUP_BALANCE, 'init', { supId, balance: 0, balanceType: 2, overdraftLimit: 10 }))
        .statusCode,
    ).toBe(200);
    const balanceId = (await balanceRow(supId))!.id;
    const row = data<Record<string, unknown>>(await t.get(`${SUP}/get`, admin, { id: supId }));
    const refused = await t.post(`${SUP}/submit`, admin, { ...row, settlementType: 1 });
    expect(refused.statusCode).toBe(409);
    expect(msg(refused)).toBe(`settlementType:${SETTLEMENT_REFUSALS.creditLeft.zh}`);
    expect(
      data<{ settlementType: number }>(await t.get(`${SUP}/get`, admin, { id: supId }))
        .settlementType,
    ).toBe(2);
    expect(await answered(balanceId)).toMatchObject({ balanceType: 2, balanceTypeName: '授信' });

    // The credit line withdrawn, the supplier becomes prepaid and so does its balance.
    expect(
      (await params(SUP_BALANCE, 'set-warning', { id: balanceId, overdraftLimit: '0' })).statusCode,
    ).toBe(200);
    const changed = await t.post(`${SUP}/submit`, admin, { ...row, settlementType: 1 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await answered(balanceId)).toMatchObject({ balanceType: 1, balanceTypeName: '预付' });
    expect((await balanceRow(supId))!.balanceType).toBe(1);
    const prepaidList = data<{ records: { supId: string }[] }>(
      await t.get(`/api/${SUP_BALANCE}/list`, admin, { supCode: 'SETL5', balanceType: '1' }),
    );
    expect(prepaidList.records.map((r) => r.supId)).toEqual([supId]);

    // And back: postpaid again, a credit line (still without a limit until one is granted).
    const again = data<Record<string, unknown>>(await t.get(`${SUP}/get`, admin, { id: supId }));
    expect((await t.post(`${SUP}/submit`, admin, { ...again, settlementType: 2 })).statusCode).toBe(
      200,
    );
    expect(await answered(balanceId)).toMatchObject({
      balanceType: 2,
      balanceTypeName: '授信',
      overdraftLimit: 0,
    });
    expect((await balanceRow(supId))!.balanceType).toBe(2);
  });
});
