import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADVERT } from '../../../../src/contracts/platform-ad/advert.js';
import type { AdPlan } from '../../../../src/contracts/platform-ad/ad-plan.js';
import { DEMO_ADVERTISING } from '../../../db/seed/demo-advertising.js';
import { nextId } from '../../../lib/ids.js';
import { nowText } from '../../../lib/time.js';
import {
  createTestApp,
  data,
  DEMO_PASSWORD,
  DEMO_TENANT,
  type TestApp,
} from '../../../test/support.js';

/**
 * The advert calls (issue 28 item 2): materials, positions, advertisers and their config, plans
 * through the ad plan lifecycle (status and pause flag by path), flow masters and profit flow,
 * the ad parking lots and the business ad list; each with its refusals.
 */
const API = `/api/${ADVERT}`;
const msg = (res: LightMyRequestResponse) => (res.json() as { msg: string }).msg;
interface Page<T> {
  records: T[];
  total: number;
}
type Row = Record<string, unknown> & { id: string };

describe('advertising', () => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let theirs: string;
  let material: string;
  let position: string;
  let advertiser: string;
  const list = async <T = Row>(path: string, token: string, query: Record<string, string> = {}) =>
    data<Page<T>>(await t.get(`${API}/${path}`, token, { size: '100', ...query }));
  const plan = (over: Record<string, unknown> = {}) => ({
    planName: '测试计划',
    advertiserId: advertiser,
    materialIds: material,
    positionIds: position,
    startDate: nowText().slice(0, 10),
    endDate: '2099-12-31',
    dailyBudget: 100,
    totalBudget: 1000,
    bid: 10,
    ...over,
  });
  const addPlan = async (over: Record<string, unknown> = {}) => {
    const res = await t.post(`${API}/plan/add`, admin, plan(over));
    expect([res.statusCode, msg(res)]).toEqual([200, '新增成功']);
    return data<{ id: string }>(res).id;
  };
  const getPlan = async (id: string, token = admin) =>
    data<AdPlan>(await t.get(`${API}/plan/get`, token, { id }));
  const status = (id: string, value: string, token = admin) =>
    t.post(`${API}/plan/setPlanStatus/${id}/${value}`, token);
  const pause = (id: string, value: string, token = admin) =>
    t.post(`${API}/plan/setPlanPauseFlag/${id}/${value}`, token);
  const insertPic = async (tenantId: string, contentType = 'image/png', fileSize = 10) => {
    const id = nextId();
    await t.database.db
      .insertInto('bladePic')
      .values({
        id,
        tenantId,
        folderId: '0',
        name: '图',
        originalName: '图.png',
        objectKey: `${tenantId}/pic/${id}.png`,
        link: `/image/${tenantId}/${id}.png`,
        extension: 'png',
        contentType,
        fileSize,
        width: 1,
        height: 1,
        createUser: null,
        createDept: null,
        createTime: nowText(),
        updateUser: null,
        updateTime: null,
        status: 1,
        isDeleted: 0,
      })
      .execute();
    return id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
    operator = await t.login('operator', DEMO_PASSWORD);
    theirs = await t.tenantAdminToken();
    const pic = await insertPic('000000');
    const made = await t.post(`${API}/material/add`, admin, {
      materialName: '测试素材',
      materialType: 'image',
      mediaId: pic,
      copyText: '<b>停车</b>',
      width: 320,
      height: 100,
    });
    material = data<{ id: string }>(made).id;
    const pos = await t.post(`${API}/position/submit`, admin, {
      positionCode: 'T-POS',
      positionName: '测试广告位',
      width: 320,
      height: 100,
      mediaTypes: 'image',
      priceMode: 'CPC',
      floorPrice: 0.05,
    });
    position = data<{ id: string }>(pos).id;
    advertiser = (await list('advertiser/list', admin)).records[0]!.id;
  }, 60_000);
  afterAll(() => t.close());

  it('answers the demo plans in every state of the machine, per tenant', async () => {
    const page = await list<AdPlan>('plan/list', admin);
    expect(page.total).toBe(DEMO_ADVERTISING['000000'].plans);
    expect(new Set(page.records.map((p) => p.state))).toEqual(
      new Set(['draft', 'running', 'paused', 'ended']),
    );
    expect(page.records.every((p) => p.pauseFlag === (p.state === 'paused' ? 1 : 0))).toBe(true);
    expect(page.records.every((p) => p.advertiserName.length > 0)).toBe(true);
    expect((await list('plan/list', theirs)).total).toBe(DEMO_ADVERTISING[DEMO_TENANT].plans);
    expect((await list('plan/list', admin, { state: 'paused' })).records.length).toBeGreaterThan(0);
  });

  it('adds a plan as a draft, money in yuan, and refuses bad budgets, periods and records', async () => {
    const id = await addPlan();
    const saved = await getPlan(id);
    expect([saved.state, saved.pauseFlag, saved.dailyBudget, saved.bid]).toEqual([
      'draft',
      0,
      100,
      10,
    ]);
    const stored = await t.database.db
      .selectFrom('bladeAdPlan')
      .select(['dailyBudget', 'totalBudget', 'bid'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect([stored.dailyBudget, stored.totalBudget, stored.bid].map(Number)).toEqual([
      10000, 100000, 1000,
    ]);
    const refusals: [Record<string, unknown>, string][] = [
      [{ startDate: '2099-02-01', endDate: '2099-01-01' }, 'endDate:结束日期不能早于开始日期'],
      [{ startDate: '2099-02-30' }, '请输入正确的日期（yyyy-MM-dd）'],
      [{ dailyBudget: 2000 }, 'dailyBudget:日预算不能超过总预算'],
      [{ bid: 200 }, 'bid:出价不能超过日预算'],
      [{ bid: 0.01 }, 'bid:出价低于广告位底价'],
      [{ dailyBudget: 1.234 }, 'dailyBudget:请输入日预算'],
      [{ dailyBudget: 0 }, 'dailyBudget:日预算须为0.01到1亿元的金额'],
      [{ positionIds: `${position},nope` }, 'positionIds:所选记录不存在'],
      [{ materialIds: '' }, 'materialIds:请选择素材'],
      [{ advertiserId: 'nope' }, 'advertiserId:广告主不存在'],
    ];
    for (const [over, message] of refusals) {
      const res = await t.post(`${API}/plan/add`, admin, plan(over));
      expect([res.statusCode, msg(res)]).toEqual([
        400,
        message.includes(':') ? message : `startDate:${message}`,
      ]);
    }
    // Another tenant's material names nothing here.
    const theirMaterial = (await list('material/list', theirs)).records[0]!.id;
    const foreign = await t.post(`${API}/plan/add`, admin, plan({ materialIds: theirMaterial }));
    expect([foreign.statusCode, msg(foreign)]).toEqual([400, 'materialIds:所选记录不存在']);
  });

  it('moves a plan through its lifecycle by path, refusing bad values and refused moves', async () => {
    const id = await addPlan({ planName: '生命周期' });
    for (const [res, code, message] of [
      [await status(id, 'paused'), 400, 'status:投放状态须为running、ended之一'],
      [await status(id, '1'), 400, 'status:投放状态须为running、ended之一'],
      [await pause(id, '2'), 400, 'pauseFlag:暂停标志须为0或1'],
      [await pause(id, 'true'), 400, 'pauseFlag:暂停标志须为0或1'],
      [await pause(id, '1'), 409, '广告计划当前状态为「草稿」，不能执行此操作'],
      [await status(id, 'ended'), 409, '广告计划当前状态为「草稿」，不能执行此操作'],
    ] as const)
      expect([res.statusCode, msg(res)]).toEqual([code, message]);
    expect((await status(id, 'running')).statusCode).toBe(200);
    expect((await getPlan(id)).state).toBe('running');
    // A running plan is neither changed nor removed.
    const edit = await t.post(`${API}/plan/set`, admin, { ...plan(), id });
    expect([edit.statusCode, msg(edit)]).toEqual([
      409,
      '广告计划当前状态为「投放中」，不能执行此操作',
    ]);
    const del = await t.post(`${API}/plan/del`, admin, undefined, { ids: id });
    expect([del.statusCode, msg(del)]).toEqual([
      409,
      '广告计划当前状态为「投放中」，不能执行此操作',
    ]);
    const paused = await pause(id, '1');
    expect(data(paused)).toEqual({ id, state: 'paused', pauseFlag: 1 });
    expect((await getPlan(id)).pauseFlag).toBe(1);
    expect([(await pause(id, '1')).statusCode, (await status(id, 'running')).statusCode]).toEqual([
      409, 409,
    ]);
    // A paused plan may change (set, the spec's name beside add).
    const changed = await t.post(`${API}/plan/set`, admin, { ...plan({ planName: '改名' }), id });
    expect([changed.statusCode, msg(changed)]).toEqual([200, '修改成功']);
    expect((await pause(id, '0')).statusCode).toBe(200);
    expect((await getPlan(id)).state).toBe('running');
    expect((await status(id, 'ended')).statusCode).toBe(200);
    const again = await status(id, 'ended');
    expect([again.statusCode, msg(again)]).toEqual([
      409,
      '广告计划当前状态为「已结束」，不能执行此操作',
    ]);
    expect((await pause(id, '0')).statusCode).toBe(409);
    expect((await t.post(`${API}/plan/del`, admin, undefined, { ids: id })).statusCode).toBe(200);
  });

  it('lets one of several racing pauses of a plan win; the others are refused naming the state', async () => {
    const id = await addPlan({ planName: '并发暂停' });
    expect((await status(id, 'running')).statusCode).toBe(200);
    const answers = await Promise.all(Array.from({ length: 6 }, () => pause(id, '1')));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(new Set(answers.filter((r) => r.statusCode === 409).map(msg))).toEqual(
      new Set(['广告计划当前状态为「已暂停」，不能执行此操作']),
    );
    const row = await getPlan(id);
    expect([row.state, row.pauseFlag, row.version]).toEqual(['paused', 1, 3]);
  });

  it('refuses to start a plan whose period is over', async () => {
    const id = await addPlan({ startDate: '2020-01-01', endDate: '2020-01-31' });
    const res = await status(id, 'running');
    expect([res.statusCode, msg(res)]).toEqual([409, '投放期已结束，不能开始投放']);
    expect((await getPlan(id)).state).toBe('draft');
  });

  it('copies a plan as a new draft, whatever the state of the original', async () => {
    const ended = (await list<AdPlan>('plan/list', admin, { state: 'ended' })).records[0]!;
    const res = await t.post(`${API}/plan/copy`, admin, undefined, { id: ended.id });
    expect([res.statusCode, msg(res)]).toEqual([200, '复制成功']);
    const copy = await getPlan(data<{ id: string }>(res).id);
    expect([copy.state, copy.pauseFlag, copy.planName]).toEqual([
      'draft',
      0,
      `${ended.planName}-副本`,
    ]);
    expect([copy.materialIds, copy.positionIds, copy.totalBudget]).toEqual([
      ended.materialIds,
      ended.positionIds,
      ended.totalBudget,
    ]);
    expect((await getPlan(ended.id)).state).toBe('ended');
  });

  it("answers another tenant's plan 404 on every call and asks for each button", async () => {
    const mine = await addPlan({ planName: '租户隔离' });
    for (const res of [
      await t.get(`${API}/plan/get`, theirs, { id: mine }),
      await status(mine, 'running', theirs),
      await pause(mine, '1', theirs),
      await t.post(`${API}/plan/copy`, theirs, undefined, { id: mine }),
      await t.post(`${API}/plan/del`, theirs, undefined, { ids: mine }),
    ])
      expect(res.statusCode).toBe(404);
    // Their set names our advertiser, which is none of theirs: refused before the plan is read.
    const set = await t.post(`${API}/plan/set`, theirs, { ...plan(), id: mine, planName: 'x' });
    expect([400, 404]).toContain(set.statusCode);
    expect((await getPlan(mine)).state).toBe('draft');
    // Staff of the demo tenant hold no ad screen.
    const staff = await t.login('sales', DEMO_PASSWORD, DEMO_TENANT);
    for (const res of [
      await t.get(`${API}/plan/list`, staff),
      await status(mine, 'running', staff),
      await t.get(`${API}/material/list`, staff),
      await t.get(`${API}/flowMaster/list`, staff),
      await t.get(`${API}/park/listPage`, staff),
      await t.get(`${API}/profit-flow/listProfitFlow`, staff),
    ])
      expect(res.statusCode).toBe(403);
    // The operator holds the screen; without the status button the plan does not start.
    expect((await status(mine, 'running', operator)).statusCode).toBe(200);
    expect((await pause(mine, '1', operator)).statusCode).toBe(200);
    const { db } = t.database;
    const role = await db
      .selectFrom('bladeRole')
      .select('id')
      .where('tenantId', '=', '000000')
      .where('roleAlias', '=', 'operator')
      .executeTakeFirstOrThrow();
    for (const code of ['ad_plan_status', 'ad_plan_copy', 'advertiser_setting']) {
      const button = await db
        .selectFrom('bladeMenu')
        .select('id')
        .where('code', '=', code)
        .executeTakeFirstOrThrow();
      await db
        .deleteFrom('bladeRoleMenu')
        .where('menuId', '=', button.id)
        .where('roleId', '=', role.id)
        .execute();
    }
    expect((await status(mine, 'ended', operator)).statusCode).toBe(403);
    expect((await t.post(`${API}/plan/copy`, operator, undefined, { id: mine })).statusCode).toBe(
      403,
    );
    expect(
      (await t.get(`${API}/advertiserConfig/get`, operator, { advertiserCode: 'ADV001' }))
        .statusCode,
    ).toBe(403);
    expect((await pause(mine, '0', operator)).statusCode).toBe(200);
    expect((await t.get(`${API}/plan/list`, operator)).statusCode).toBe(200);
  });

  it('exports the plan and flow master lists on the spec-named calls', async () => {
    const res = await t.post(`${API}/plan/exportReport`, admin, { excelType: 'ad-plan' });
    expect(res.statusCode).toBe(200);
    const masters = await t.post(`${API}/flowMaster/exportReport`, admin, {
      excelType: 'flow-master',
    });
    expect(masters.statusCode).toBe(200);
    expect((await t.post(`${API}/flowMaster/exportReport`, operator, {})).statusCode).toBe(200);
    const staff = await t.login('sales', DEMO_PASSWORD, DEMO_TENANT);
    expect((await t.post(`${API}/plan/exportReport`, staff, {})).statusCode).toBe(403);
  });

  it('keeps a material on a stock file of its type and size; copies and shows it', async () => {
    const detail = data<Row>(await t.get(`${API}/material/get`, admin, { id: material }));
    expect([detail.mediaName, detail.copyText]).toEqual(['图', '<b>停车</b>']);
    expect(String(detail.mediaLink)).toMatch(/^\/image\/000000\//);
    const body = (over: Record<string, unknown>) => ({
      materialName: 'M',
      materialType: 'image',
      ...over,
    });
    const cases: [Record<string, unknown>, string][] = [
      [
        { mediaId: await insertPic('000000'), materialType: 'video' },
        'mediaId:素材文件不存在或已删除',
      ],
      [{ mediaId: await insertPic(DEMO_TENANT) }, 'mediaId:素材文件不存在或已删除'],
      [
        { mediaId: await insertPic('000000', 'image/png', 3 * 1024 * 1024) },
        'mediaId:素材文件过大（图片不超过2MB，视频不超过50MB）',
      ],
      [
        { mediaId: await insertPic('000000', 'application/pdf') },
        'mediaId:素材文件类型与素材类型不符',
      ],
      [
        { mediaId: await insertPic('000000'), materialType: 'gif' },
        'materialType:素材类型须为图片、视频之一',
      ],
    ];
    for (const [over, message] of cases) {
      const res = await t.post(`${API}/material/add`, admin, body(over));
      expect([res.statusCode, msg(res)]).toEqual([400, message]);
    }
    const copy = await t.post(`${API}/material/copy`, admin, undefined, { id: material });
    const copied = data<Row>(
      await t.get(`${API}/material/get`, admin, { id: data<{ id: string }>(copy).id }),
    );
    expect([copied.materialName, copied.mediaId]).toEqual(['测试素材-副本', detail.mediaId]);
    const set = await t.post(`${API}/material/set`, admin, { ...copied, materialName: '改名' });
    expect([set.statusCode, msg(set)]).toEqual([200, '修改成功']);
    expect(
      (await t.post(`${API}/material/del`, admin, undefined, { ids: copied.id })).statusCode,
    ).toBe(200);
    expect((await t.get(`${API}/material/get`, theirs, { id: material })).statusCode).toBe(404);
    const options = data<Row[]>(
      await t.get(`${API}/material/media-options`, admin, { materialType: 'image' }),
    );
    expect(options.some((o) => o.id === detail.mediaId)).toBe(true);
  });

  it('keeps position codes unique per tenant and floor prices in fen', async () => {
    const dup = await t.post(`${API}/position/submit`, admin, {
      positionCode: 'T-POS',
      positionName: 'x',
      width: 1,
      height: 1,
      mediaTypes: 'image',
      priceMode: 'CPC',
    });
    expect([dup.statusCode, msg(dup)]).toEqual([409, 'positionCode:广告位编码已存在']);
    const bad = await t.post(`${API}/position/submit`, admin, {
      positionCode: 'T-POS2',
      positionName: 'x',
      width: 1,
      height: 1,
      mediaTypes: 'image',
      priceMode: 'CPX',
    });
    expect([bad.statusCode, msg(bad)]).toEqual([
      400,
      'priceMode:计价方式须为按千次展示(CPM)、按点击(CPC)之一',
    ]);
    const row = await t.database.db
      .selectFrom('bladeAdPosition')
      .select('floorPrice')
      .where('id', '=', position)
      .executeTakeFirstOrThrow();
    expect(Number(row.floorPrice)).toBe(5);
  });

  it('seals advertiser phones and config secrets; answers them masked', async () => {
    const res = await t.post(`${API}/advertiser/submit`, admin, {
      advertiserCode: 'T-ADV',
      advertiserName: '测试广告主',
      contactPhone: '13812345678',
      industry: 'food',
    });
    const id = data<{ id: string }>(res).id;
    const listed = (await list('advertiser/list', admin, { advertiserCode: 'T-ADV' })).records[0]!;
    expect(listed.contactPhone).toBe('138****5678');
    expect(
      String(data<Row>(await t.get(`${API}/advertiser/detail`, admin, { id })).contactPhone),
    ).toMatch(/^enc1:/);
    const stored = await t.database.db
      .selectFrom('bladeAdvertiser')
      .select('contactPhone')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.contactPhone).not.toContain('13812345678');
    // The mask sent back keeps the phone.
    await t.post(`${API}/advertiser/submit`, admin, { ...listed, id, advertiserName: '改名' });
    const again = await t.database.db
      .selectFrom('bladeAdvertiser')
      .select('contactPhone')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(again.contactPhone).toBe(stored.contactPhone);

    const save = (settings: unknown[], token = admin, advertiserCode = 'T-ADV') =>
      t.post(`${API}/advertiserConfig/save`, token, { advertiserCode, settings });
    expect(
      (
        await save([
          { settingKey: 'api.key', settingValue: 'k1', secret: 0 },
          { settingKey: 'api.secret', settingValue: 's3cr3t', secret: 1 },
        ])
      ).statusCode,
    ).toBe(200);
    const get = async () =>
      data<Row[]>(await t.get(`${API}/advertiserConfig/get`, admin, { advertiserCode: 'T-ADV' }));
    expect(await get()).toEqual([
      { settingKey: 'api.key', settingValue: 'k1', secret: 0 },
      { settingKey: 'api.secret', settingValue: '******', secret: 1 },
    ]);
    const sealed = async () =>
      (
        await t.database.db
          .selectFrom('bladeAdvertiserSetting')
          .select('settingValue')
          .where('settingKey', '=', 'api.secret')
          .where('advertiserCode', '=', 'T-ADV')
          .executeTakeFirstOrThrow()
      ).settingValue;
    const before = await sealed();
    expect(before).not.toContain('s3cr3t');
    expect(
      (await save([{ settingKey: 'api.secret', settingValue: '******', secret: 1 }])).statusCode,
    ).toBe(200);
    expect(await sealed()).toBe(before);
    expect((await get()).map((s) => s.settingKey)).toEqual(['api.secret']);
    const badKey = await save([{ settingKey: 'a b', settingValue: 'x', secret: 0 }]);
    expect([badKey.statusCode, msg(badKey)]).toEqual([
      400,
      'settings.0.settingKey:配置项须为字母、数字、_、.或-，不超过64个字符',
    ]);
    expect((await save([], theirs)).statusCode).toBe(404);
    expect(
      (await t.get(`${API}/advertiserConfig/get`, theirs, { advertiserCode: 'T-ADV' })).statusCode,
    ).toBe(404);
    expect(
      (
        await t.post(`${API}/advertiserConfig/removeByCode`, admin, undefined, {
          advertiserCode: 'T-ADV',
        })
      ).statusCode,
    ).toBe(200);
    expect(await get()).toEqual([]);
  });

  it('keeps flow masters: share in basis points, account masked, their positions and plans', async () => {
    const res = await t.post(`${API}/flowMaster/add`, admin, {
      masterName: '测试流量主',
      contactPhone: '13900001111',
      positionIds: position,
      shareRate: '12.5',
      settleAccount: '6222021001234567',
    });
    expect(res.statusCode).toBe(200);
    const id = data<{ id: string }>(res).id;
    const stored = await t.database.db
      .selectFrom('bladeFlowMaster')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.shareRate).toBe(1250);
    expect(stored.settleAccount).not.toContain('6222021001234567');
    const detail = data<Row>(await t.get(`${API}/flowMaster/get`, admin, { id }));
    expect([detail.shareRate, detail.settleAccount]).toEqual([12.5, '622****4567']);
    expect(String(detail.contactPhone)).toMatch(/^enc1:/);
    // The list's row, phone and account masked, is what an edit sends back.
    const got = (await list<Row>('flowMaster/list', admin, { masterName: '测试流量主' }))
      .records[0]!;
    expect([got.contactPhone, got.settleAccount]).toEqual(['139****1111', '622****4567']);
    for (const [over, message] of [
      [{ shareRate: '100.01' }, 'shareRate:分成比例须为0到100之间、最多两位小数的百分数'],
      [{ shareRate: '1.234' }, 'shareRate:分成比例须为0到100之间、最多两位小数的百分数'],
      [{ settleAccount: '12ab' }, 'settleAccount:结算账号须为6到32位数字'],
    ] as const) {
      const bad = await t.post(`${API}/flowMaster/edit`, admin, { ...got, id, ...over });
      expect([bad.statusCode, msg(bad)]).toEqual([400, message]);
    }
    const edited = await t.post(`${API}/flowMaster/edit`, admin, {
      ...got,
      id,
      masterName: '改名',
    });
    expect(edited.statusCode).toBe(200);
    const after = await t.database.db
      .selectFrom('bladeFlowMaster')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect([after.settleAccount, after.contactPhone]).toEqual([
      stored.settleAccount,
      stored.contactPhone,
    ]);
    const running = await addPlan({ planName: '流量主的计划' });
    const report = data<{ positions: Row[]; plans: Row[]; shareTotal: number }>(
      await t.get(`${API}/flowMaster/detailReport`, admin, { id }),
    );
    expect(report.positions.map((p) => p.id)).toEqual([position]);
    expect(report.plans.map((p) => p.id)).toContain(running);
    expect(report.shareTotal).toBe(0);
    expect((await t.get(`${API}/flowMaster/detailReport`, theirs, { id })).statusCode).toBe(404);
    expect(
      (await t.post(`${API}/flowMaster/delete`, theirs, undefined, { ids: id })).statusCode,
    ).toBe(404);
    const flows = await list<Row>('profit-flow/listProfitFlow', admin);
    expect(flows.total).toBeGreaterThan(0);
    const first = flows.records[0]!;
    expect(Number(first.shareAmount)).toBe(
      Math.floor((Number(first.revenue) * 100 * Number(first.shareRate)) / 100) / 100,
    );
  });

  it('lists the lots with the plans that target them', async () => {
    const page = await list<Row>('park/listPage', admin);
    expect(page.total).toBeGreaterThan(0);
    expect(page.records.every((r) => Number(r.planCount) >= Number(r.runningPlanCount))).toBe(true);
    expect(page.records.some((r) => Number(r.runningPlanCount) > 0)).toBe(true);
    expect((await t.post(`${API}/park/submit`, admin, { lotCode: 'X' })).statusCode).toBe(404);
    expect((await t.get(`${API}/park/list`, admin)).statusCode).toBe(404);
  });

  it('keeps the business ad list with its enable switch and period check', async () => {
    const body = {
      adTitle: '道闸屏广告',
      advertiserId: advertiser,
      startDate: '2026-01-01',
      endDate: '2026-01-31',
    };
    const res = await t.post(`${API}/business-ad/submit`, admin, body);
    expect(res.statusCode).toBe(200);
    const bad = await t.post(`${API}/business-ad/submit`, admin, {
      ...body,
      endDate: '2025-12-31',
    });
    expect([bad.statusCode, msg(bad)]).toEqual([400, 'endDate:结束日期不能早于开始日期']);
    const id = data<{ id: string }>(res).id;
    expect(
      (await t.post(`${API}/business-ad/enable`, admin, undefined, { ids: id, enabled: '0' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await list<Row>('business-ad/list', admin, { enabled: '0' })).records.map((r) => r.id),
    ).toContain(id);
  });
});
