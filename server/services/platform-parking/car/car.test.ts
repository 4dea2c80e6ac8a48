import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parkCarContract } from '../../../../src/contracts/platform-parking/park-car.js';
import { PARK_LOT_CALLS } from '../../../../src/contracts/platform-parking/park-lot.js';
import { parkCarSubscribeContract } from '../../../../src/contracts/platform-parking/park-car-subscribe.js';
import { REFERENCES } from '../../../../src/contracts/references.js';
import { demoCarCounts } from '../../../db/seed/demo-parking-cars.js';
import { DEMO_PARK_LOTS } from '../../../db/seed/demo-parking.js';
import {
  createTestApp,
  data,
  DEMO_PASSWORD,
  DEMO_TENANT,
  type TestApp,
} from '../../../test/support.js';
import { ownerPhone } from './table.js';

const CARS = `/api/${parkCarContract.service}`;
const SUBS = `/api/${parkCarSubscribeContract.service}`;

interface Car {
  id: string;
  plateNo: string;
  plateType: string;
  ownerPhone: string;
  lotId: string;
  lotName: string;
  bindTime: string;
  enabled: number;
  version: number;
}
interface Sub {
  id: string;
  plateNo: string;
  lotName: string;
  startTime: string;
  endTime: string;
  state: string;
  channel: string;
}
interface Page<T> {
  records: T[];
  total: number;
}
const msg = (res: LightMyRequestResponse) => (res.json() as { msg: string }).msg;

describe('cars and subscribed cars (issue 28 item 1)', () => {
  let t: TestApp;
  let admin: string;
  let tenantAdmin: string;
  let lotId: string;
  let theirLot: string;
  const cars = async (token: string, query: Record<string, string> = {}) =>
    data<Page<Car>>(await t.get(`${CARS}/listCarPage`, token, { size: '500', ...query }));
  const submit = (token: string, body: Record<string, unknown>) =>
    t.post(`${CARS}/submit`, token, body);
  const car = (over: Record<string, unknown> = {}) => ({
    plateNo: '粤B12345',
    plateType: 'blue',
    ownerName: '测试',
    ownerPhone: '13912345678',
    lotId,
    ...over,
  });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
    tenantAdmin = await t.tenantAdminToken();
    const lotOf = async (tenantId: string) =>
      (
        await t.database.db
          .selectFrom('bladeParkLot')
          .select('id')
          .where('tenantId', '=', tenantId)
          .orderBy('lotCode', 'desc')
          .executeTakeFirstOrThrow()
      ).id;
    lotId = await lotOf('000000');
    theirLot = await lotOf(DEMO_TENANT);
  }, 60_000);
  afterAll(() => t.close());

  it('answers the demo cars on listCarPage with the lot named and the phone masked', async () => {
    const counts = demoCarCounts(200);
    const page = await cars(admin);
    expect(page.total).toBe(counts['000000']);
    expect((await cars(tenantAdmin)).total).toBe(counts[DEMO_TENANT]);
    expect(page.records.every((r) => r.lotName.length > 0)).toBe(true);
    expect(page.records.every((r) => /^1\d{2}\*{4}\d{4}$/.test(r.ownerPhone))).toBe(true);
    expect(new Set(page.records.map((r) => r.plateType))).toEqual(
      new Set(['blue', 'yellow', 'green']),
    );
    expect((await t.get(`${CARS}/list`, admin)).statusCode).toBe(404);
  });

  it('seals the phone at rest, masks it in the detail, keeps it when the mask comes back', async () => {
    const res = await submit(admin, car());
    expect(res.statusCode, res.body).toBe(200);
    const { id } = data<{ id: string }>(res);
    const stored = await t.database.db
      .selectFrom('bladeParkCar')
      .select(['ownerPhone', 'bindTime'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.ownerPhone).toMatch(/^enc1:/);
    expect(stored.ownerPhone).not.toContain('13912345678');
    expect(ownerPhone.open(t.app.ctx, stored.ownerPhone)).toBe('13912345678');
    expect(stored.bindTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const detail = data<Car>(await t.get(`${CARS}/detail`, admin, { id }));
    expect(detail.ownerPhone).toBe('139****5678');
    const edit = await submit(admin, { ...car(), ...detail, ownerName: '改名' });
    expect(edit.statusCode, edit.body).toBe(200);
    const after = await t.database.db
      .selectFrom('bladeParkCar')
      .select('ownerPhone')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(ownerPhone.open(t.app.ctx, after.ownerPhone)).toBe('13912345678');
  });

  it.each([
    ['lower case', '粤b12345'],
    ['the letter O', '粤B1234O'],
    ['no such province', '港A12345'],
    ['6 characters', '粤B1234'],
    ['8 characters not new energy', '粤B123456'],
    ['police', '粤B1234警'],
  ])('refuses a plate that is not a mainland one (%s) with the zh message', async (_why, plate) => {
    const res = await submit(admin, car({ plateNo: plate }));
    expect([res.statusCode, msg(res)]).toEqual([
      400,
      'plateNo:车牌号格式不正确（如 粤B12345，新能源 粤BD12345）',
    ]);
  });

  it('takes new-energy plates as green only, and a plate once per lot', async () => {
    const blue = await submit(admin, car({ plateNo: '粤BD12345', plateType: 'blue' }));
    expect([blue.statusCode, msg(blue)]).toEqual([
      400,
      'plateType:新能源车牌（8位）须为绿牌，其他车牌须为蓝牌或黄牌',
    ]);
    const green = await submit(admin, car({ plateNo: '粤BD12345', plateType: 'green' }));
    expect(green.statusCode, green.body).toBe(200);
    const trailer = await submit(admin, car({ plateNo: '鲁B1234挂', plateType: 'yellow' }));
    expect(trailer.statusCode, trailer.body).toBe(200);
    const again = await submit(admin, car({ plateNo: '粤BD12345', plateType: 'green' }));
    expect([again.statusCode, msg(again)]).toEqual([409, 'plateNo:该车牌已绑定此停车场']);
    const wrongType = await submit(admin, car({ plateNo: '粤B54321', plateType: 'red' }));
    expect(wrongType.statusCode).toBe(400);
    expect((await cars(admin, { plateNo: 'BD1234', plateType: 'green' })).total).toBeGreaterThan(0);
  });

  it("offers every lot of the tenant in the form's lot picker (unpaged), to the car screen", async () => {
    const picker = REFERENCES.parkLot.picker.path;
    const lots = data<{ id: string; lotName: string }[]>(await t.get(`/api/${picker}`, admin));
    expect(lots.length).toBe(DEMO_PARK_LOTS['000000']);
    expect(lots.map((l) => l.id)).toContain(lotId);
    expect(lots.map((l) => l.id)).not.toContain(theirLot);
    // A holder of the car screen alone reads it (the lot table's readers).
    const { db } = t.database;
    const lotScreen = await db
      .selectFrom('bladeMenu')
      .select('id')
      .where('code', 'in', ['parking_lot', 'parking_lot_view'])
      .execute();
    const roles = await db
      .selectFrom('bladeRole')
      .select('id')
      .where('tenantId', '=', DEMO_TENANT)
      .execute();
    await db
      .deleteFrom('bladeRoleMenu')
      .where(
        'roleId',
        'in',
        roles.map((r) => r.id),
      )
      .where(
        'menuId',
        'in',
        lotScreen.map((m) => m.id),
      )
      .execute();
    // The lot screen itself is gone (its auth codes need it) ...
    expect((await t.get(`/api/${PARK_LOT_CALLS.listParkAuthCode}`, tenantAdmin)).statusCode).toBe(
      403,
    );
    // ... and the picker still answers.
    const theirs = await t.get(`/api/${picker}`, tenantAdmin);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(data<{ id: string }[]>(theirs).map((l) => l.id)).toContain(theirLot);
  });

  it("refuses another tenant's lot and answers another tenant's car 404", async () => {
    const foreign = await submit(admin, car({ plateNo: '粤B77777', lotId: theirLot }));
    expect([foreign.statusCode, msg(foreign)]).toEqual([400, 'lotId:停车场不存在']);
    const theirs = (await cars(tenantAdmin)).records[0]!;
    expect((await t.get(`${CARS}/detail`, admin, { id: theirs.id })).statusCode).toBe(404);
    const remove = await t.post(`${CARS}/remove`, admin, undefined, { ids: theirs.id });
    expect(remove.statusCode).toBe(404);
    const mine = data<{ id: string }>(await submit(admin, car({ plateNo: '粤B88888' }))).id;
    expect((await t.post(`${CARS}/remove`, admin, undefined, { ids: mine })).statusCode).toBe(200);
    expect((await t.get(`${CARS}/detail`, admin, { id: mine })).statusCode).toBe(404);
  });

  it('lists subscriptions with the state derived from the period; list-only', async () => {
    const page = data<Page<Sub>>(await t.get(`${SUBS}/list`, admin, { size: '500' }));
    expect(page.total).toBe(Math.ceil(demoCarCounts(200)['000000'] / 4));
    const states = new Set(page.records.map((r) => r.state));
    expect(states).toEqual(new Set(['active', 'expired']));
    const now = new Date().toISOString().slice(0, 10);
    for (const r of page.records)
      expect(r.state === 'active').toBe(r.startTime.slice(0, 10) <= now && now <= r.endTime);
    for (const state of ['active', 'expired']) {
      const only = data<Page<Sub>>(await t.get(`${SUBS}/list`, admin, { state, size: '500' }));
      expect(only.total).toBe(page.records.filter((r) => r.state === state).length);
      expect(only.records.every((r) => r.state === state)).toBe(true);
    }
    expect(data<Page<Sub>>(await t.get(`${SUBS}/list`, admin, { state: 'x' })).total).toBe(0);
    const wechat = data<Page<Sub>>(await t.get(`${SUBS}/list`, admin, { channel: 'wechat' }));
    expect(wechat.records.every((r) => r.channel === 'wechat') && wechat.total > 0).toBe(true);
    // The screen has the view button only: writes are the super administrator's.
    const write = await t.post(`${SUBS}/submit`, tenantAdmin, {
      plateNo: '粤B12345',
      lotId: theirLot,
      startTime: '2026-01-01 00:00:00',
      endTime: '2026-12-31 23:59:59',
      channel: 'app',
    });
    expect(write.statusCode).toBe(403);
  });

  it('needs the screen to read and its buttons to write', async () => {
    const staff = await t.login('sales', DEMO_PASSWORD, DEMO_TENANT);
    expect((await t.get(`${CARS}/listCarPage`, staff)).statusCode).toBe(403);
    expect((await t.get(`${SUBS}/list`, staff)).statusCode).toBe(403);
    const { db } = t.database;
    const button = await db
      .selectFrom('bladeMenu')
      .select('id')
      .where('code', '=', 'car_license_add')
      .executeTakeFirstOrThrow();
    await db.deleteFrom('bladeRoleMenu').where('menuId', '=', button.id).execute();
    expect((await cars(tenantAdmin)).total).toBeGreaterThan(0);
    const add = await submit(tenantAdmin, car({ plateNo: '粤B66666', lotId: theirLot }));
    expect(add.statusCode).toBe(403);
  });
});
