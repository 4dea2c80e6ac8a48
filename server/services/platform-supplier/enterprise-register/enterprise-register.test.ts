import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPLIER_SERVICE } from '../../../../src/contracts/business-services.js';
import {
  createTestApp,
  data,
  DEMO_PASSWORD,
  DEMO_TENANT,
  type TestApp,
} from '../../../test/support.js';
import { openContactPhone } from '../sup/contact-phone.js';
import { SUBMITS_PER_HOUR } from './routes.js';

const BASE = `/api/${SUPPLIER_SERVICE}/enterprise-register`;

/** Every public submit comes from its own address unless a test says otherwise (rate limit). */
let address = 0;
const nextAddress = () => {
  address += 1;
  return `10.17.${Math.floor(address / 250)}.${(address % 250) + 1}`;
};

function submit(
  t: TestApp,
  fields: Record<string, unknown>,
  options: { tenantId?: string; ip?: string; headers?: Record<string, string> } = {},
) {
  return t.inject({
    method: 'POST',
    url: `${BASE}/submit`,
    query: { tenantId: options.tenantId ?? '000000' },
    payload: fields,
    remoteAddress: options.ip ?? nextAddress(),
    ...(options.headers ? { headers: options.headers } : {}),
  });
}

let serial = 0;
/** A valid application with its own credit code. */
function application(extra: Record<string, unknown> = {}) {
  serial += 1;
  return {
    companyName: `星河权益科技有限公司${serial}`,
    creditCode: `91310000MA1K${String(serial).padStart(6, '0')}`,
    contactName: '周联系',
    contactPhone: '13912345678',
    email: 'apply@example.com',
    supplyType: 1,
    remark: '主营餐饮券码',
    ...extra,
  };
}

describe('enterprise-register: the public application', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('stores a valid application as pending, the credit code in capitals', async () => {
    const fields = application();
    const res = await submit(t, { ...fields, creditCode: fields.creditCode.toLowerCase() });
    const { id } = data<{ id: string }>(res);
    expect(res.json().msg).toBe('提交成功，请等待审核');
    const row = await t.app.ctx.db
      .selectFrom('bladeSupEnterpriseRegister')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.contactPhone).not.toContain(fields.contactPhone);
    expect(openContactPhone(t.app.ctx, row.contactPhone)).toBe(fields.contactPhone);
    expect(row).toMatchObject({
      tenantId: '000000',
      state: 'pending',
      creditCode: fields.creditCode,
      companyName: fields.companyName,
      supplyType: 1,
    });
  });

  it('answers each bad field with its zh message', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ companyName: '' }, 'companyName:请输入企业名称'],
      [{ creditCode: '' }, 'creditCode:请输入统一社会信用代码'],
      [{ creditCode: '9131000012345' }, 'creditCode:统一社会信用代码应为18位数字或大写字母'],
      [{ creditCode: '91310000MA1KOOOOOI' }, 'creditCode:统一社会信用代码应为18位数字或大写字母'],
      [{ contactName: ' ' }, 'contactName:请输入联系人'],
      [{ contactPhone: '' }, 'contactPhone:请输入联系电话'],
      [{ contactPhone: '1234567890a' }, 'contactPhone:请输入正确的手机号码'],
      [{ email: 'not-an-address' }, 'email:请输入正确的邮箱地址'],
      [{ supplyType: '' }, 'supplyType:请选择供应类型'],
      [{ supplyType: 9 }, 'supplyType:请选择供应类型'],
      [{ remark: 'x'.repeat(501) }, 'remark:长度不能超过500个字符'],
    ];
    for (const [change, msg] of cases) {
      const res = await submit(t, application(change));
      expect(res.statusCode, msg).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
    const unknown = await submit(t, application(), { tenantId: '999999' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toBe('租户信息错误!');
    const count = await t.app.ctx.db
      .selectFrom('bladeSupEnterpriseRegister')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('companyName', 'like', '星河权益科技有限公司%')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('refuses a second application while one with the same credit code is pending', async () => {
    const fields = application();
    data(await submit(t, fields));
    const again = await submit(t, { ...fields, companyName: '另一个名字' });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('creditCode:该统一社会信用代码已有待审核的申请');
  });

  it(`lets one address send ${SUBMITS_PER_HOUR} applications an hour, then answers 429`, async () => {
    const ip = '10.99.0.1';
    for (let i = 0; i < SUBMITS_PER_HOUR; i += 1) {
      expect((await submit(t, application(), { ip })).statusCode).toBe(200);
    }
    const limited = await submit(t, application(), { ip });
    expect(limited.statusCode).toBe(429);
    // Another address is not affected.
    expect((await submit(t, application())).statusCode).toBe(200);
  });
});

describe('enterprise-register: captcha mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ captcha: true });
  });
  afterAll(() => t.close());

  it('needs a right, unused captcha', async () => {
    const none = await submit(t, application());
    expect(none.statusCode).toBe(400);
    expect(none.json().msg).toBe('验证码不正确');

    t.nextCaptcha = 'k7m2p';
    const { key } = (await t.get('/api/blade-auth/oauth/captcha')).json() as { key: string };
    const wrong = await submit(t, application(), {
      headers: { 'captcha-key': key, 'captcha-code': 'zzzzz' },
    });
    expect(wrong.json().msg).toBe('验证码不正确');
    // Used up by the wrong answer.
    const reused = await submit(t, application(), {
      headers: { 'captcha-key': key, 'captcha-code': 'k7m2p' },
    });
    expect(reused.statusCode).toBe(400);

    const { key: fresh } = (await t.get('/api/blade-auth/oauth/captcha')).json() as {
      key: string;
    };
    const right = await submit(t, application(), {
      headers: { 'captcha-key': fresh, 'captcha-code': 'K7M2P' },
    });
    expect(right.statusCode).toBe(200);
  });
});

describe('enterprise-register: the review', () => {
  let t: TestApp;
  let supply: string; // supplier manager of 000000: the supplier area with its buttons
  let finance: string; // 000000, no supplier area
  let otherTenant: string; // administrator of 100001
  beforeAll(async () => {
    t = await createTestApp();
    supply = await t.login('supply', DEMO_PASSWORD);
    finance = await t.login('finance', DEMO_PASSWORD);
    otherTenant = await t.login('admin', DEMO_PASSWORD, DEMO_TENANT);
  });
  afterAll(() => t.close());

  const apply = async (extra: Record<string, unknown> = {}) => {
    const fields = application(extra);
    const { id } = data<{ id: string }>(await submit(t, fields));
    return { id, fields };
  };
  const approve = (token: string, params: Record<string, string>, headers = {}) =>
    t.inject({
      method: 'POST',
      url: `${BASE}/approve`,
      query: params,
      headers: { 'blade-auth': `bearer ${token}`, ...headers },
    });
  const reject = (token: string, params: Record<string, string>) =>
    t.post(`${BASE}/reject`, token, undefined, params);
  const suppliersNamed = async (name: string) =>
    t.app.ctx.db
      .selectFrom('bladeSup')
      .selectAll()
      .where('supName', '=', name)
      .where('isDeleted', '=', 0)
      .execute();

  it('lists the tenant’s applications with filters, the phone masked; the detail whole', async () => {
    const { id, fields } = await apply({ companyName: '筛选测试餐饮有限公司' });
    const list = data<{ records: Record<string, unknown>[]; total: number }>(
      await t.get(`${BASE}/list`, supply, { companyName: '筛选测试' }),
    );
    expect(list.total).toBe(1);
    expect(list.records[0]).toMatchObject({
      id,
      state: 'pending',
      stateName: '待审核',
      supplyTypeName: '券码',
      contactPhone: '139****5678',
      creditCode: fields.creditCode,
    });
    const pending = data<{ total: number }>(
      await t.get(`${BASE}/list`, supply, { state: 'pending', companyName: '筛选测试' }),
    );
    expect(pending.total).toBe(1);
    const approved = data<{ total: number }>(
      await t.get(`${BASE}/list`, supply, { state: 'approved', companyName: '筛选测试' }),
    );
    expect(approved.total).toBe(0);
    const future = data<{ total: number }>(
      await t.get(`${BASE}/list`, supply, { createTime_datege: '2999-01-01 00:00:00' }),
    );
    expect(future.total).toBe(0);
    const detail = data<Record<string, unknown>>(await t.get(`${BASE}/detail`, supply, { id }));
    // Whole in the detail; an absent value is '' like every engine answer.
    expect(detail).toMatchObject({
      id,
      contactPhone: '13912345678',
      stateName: '待审核',
      supplyTypeName: '券码',
      remark: fields.remark,
      supId: '',
      supCode: '',
      rejectReason: '',
      auditTime: '',
      version: 1,
    });
  });

  it('removes nothing: the engine serves no remove beside the review', async () => {
    const { id } = await apply();
    expect((await t.post(`${BASE}/remove`, supply, undefined, { ids: id })).statusCode).toBe(404);
    const detail = data<{ state: string }>(await t.get(`${BASE}/detail`, supply, { id }));
    expect(detail.state).toBe('pending');
  });

  it('has the demo applications to review: pending ones and a rejected one', async () => {
    const pending = data<{ records: { contactPhone: string }[] }>(
      await t.get(`${BASE}/list`, supply, { state: 'pending', companyName: '喜茶数字权益' }),
    );
    expect(pending.records).toHaveLength(1);
    // Sealed with the server secret at seeding, opened and masked in the answer.
    expect(pending.records[0]!.contactPhone).toMatch(/^137\*{4}\d{4}$/);
    const rejected = data<{ records: { rejectReason: string }[] }>(
      await t.get(`${BASE}/list`, supply, { state: 'rejected' }),
    );
    expect(rejected.records[0]!.rejectReason).toBe('营业执照已过期，请更新后重新申请');
  });

  it('refuses callers without the screen or the audit button (401, 403)', async () => {
    const { id } = await apply();
    expect((await t.get(`${BASE}/list`)).statusCode).toBe(401);
    expect((await t.get(`${BASE}/list`, finance)).statusCode).toBe(403);
    expect((await t.get(`${BASE}/detail`, finance, { id })).statusCode).toBe(403);
    expect((await approve(finance, { id })).statusCode).toBe(403);
    expect((await reject(finance, { id, reason: '资料不全' })).statusCode).toBe(403);
    const row = await t.app.ctx.db
      .selectFrom('bladeSupEnterpriseRegister')
      .select('state')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe('pending');
  });

  it("answers another tenant's application as not found", async () => {
    const { id } = await apply();
    expect((await t.get(`${BASE}/detail`, otherTenant, { id })).statusCode).toBe(404);
    expect((await approve(otherTenant, { id })).statusCode).toBe(404);
    expect((await reject(otherTenant, { id, reason: '不是本租户' })).statusCode).toBe(404);
    const list = data<{ records: { id: string }[] }>(
      await t.get(`${BASE}/list`, otherTenant, { size: '500' }),
    );
    expect(list.records.map((r) => r.id)).not.toContain(id);
  });

  it('approving makes exactly one supplier, even when two approvals race', async () => {
    const { id, fields } = await apply({ supplyType: 2 });
    const [a, b] = await Promise.all([
      approve(supply, { id, supCode: 'SUP-RACE-1' }),
      approve(supply, { id, supCode: 'SUP-RACE-2' }),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().msg).toBe('该申请已通过，不能再审核');
    const winner = (a.statusCode === 200 ? a : b).json().data as {
      supId: string;
      supCode: string;
    };
    const suppliers = await suppliersNamed(fields.companyName);
    expect(suppliers).toHaveLength(1);
    expect(suppliers[0]).toMatchObject({
      id: winner.supId,
      supCode: winner.supCode,
      tenantId: '000000',
      contactName: fields.contactName,
      supplyType: 2,
      settlementType: 1,
      driver: 'sandbox',
      status: 1,
    });
    // The contact phone travels to the supplier, sealed at rest as the supplier screen reads it.
    expect(suppliers[0]!.contactPhone).not.toContain('13912345678');
    expect(openContactPhone(t.app.ctx, suppliers[0]!.contactPhone)).toBe('13912345678');
    const detail = data<Record<string, unknown>>(await t.get(`${BASE}/detail`, supply, { id }));
    expect(detail).toMatchObject({
      state: 'approved',
      supId: winner.supId,
      supCode: winner.supCode,
    });
    // Approving again is refused, naming the state.
    const again = await approve(supply, { id });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('该申请已通过，不能再审核');
    expect(await suppliersNamed(fields.companyName)).toHaveLength(1);
  });

  it('generates a supplier code when none is entered', async () => {
    const { id } = await apply();
    const { supCode } = data<{ supCode: string }>(await approve(supply, { id }));
    expect(supCode).toMatch(/^SUP\d{8}[0-9A-Za-z]{6}$/);
  });

  it('refuses a supplier code the tenant already uses and changes nothing', async () => {
    const first = await apply();
    data(await approve(supply, { id: first.id, supCode: 'SUP-DUP' }));
    const second = await apply();
    const res = await approve(supply, { id: second.id, supCode: 'SUP-DUP' });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('supCode:供应商编码已存在');
    expect(await suppliersNamed(second.fields.companyName)).toHaveLength(0);
    const detail = data<{ state: string }>(
      await t.get(`${BASE}/detail`, supply, { id: second.id }),
    );
    expect(detail.state).toBe('pending');
  });

  it('approving two applications at once with one code makes one supplier, the other 409', async () => {
    const a = await apply();
    const b = await apply();
    const answers = await Promise.all([
      approve(supply, { id: a.id, supCode: 'SUP-SAME' }),
      approve(supply, { id: b.id, supCode: 'SUP-SAME' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json().msg).toBe('supCode:供应商编码已存在');
    const withCode = await t.app.ctx.db
      .selectFrom('bladeSup')
      .select('id')
      .where('supCode', '=', 'SUP-SAME')
      .where('isDeleted', '=', 0)
      .execute();
    expect(withCode).toHaveLength(1);
    const states = await t.app.ctx.db
      .selectFrom('bladeSupEnterpriseRegister')
      .select('state')
      .where('id', 'in', [a.id, b.id])
      .execute();
    expect(states.map((r) => r.state).sort()).toEqual(['approved', 'pending']);
  });

  it('rejects with a reason; a rejected application cannot be approved or rejected again', async () => {
    const { id, fields } = await apply();
    const noReason = await reject(supply, { id });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().msg).toBe('reason:请输入驳回原因');
    data(await reject(supply, { id, reason: '资质文件不全' }));
    const detail = data<Record<string, unknown>>(await t.get(`${BASE}/detail`, supply, { id }));
    expect(detail).toMatchObject({ state: 'rejected', rejectReason: '资质文件不全' });
    const approveRejected = await approve(supply, { id });
    expect(approveRejected.statusCode).toBe(409);
    expect(approveRejected.json().msg).toBe('该申请已驳回，不能再审核');
    const rejectAgain = await reject(supply, { id, reason: '再次驳回' });
    expect(rejectAgain.statusCode).toBe(409);
    expect(await suppliersNamed(fields.companyName)).toHaveLength(0);
  });

  it('answers a repeated approval with the same Idempotency-Key from the first answer', async () => {
    const { id, fields } = await apply();
    const headers = { 'idempotency-key': `approve-${id}` };
    const first = await approve(supply, { id, supCode: 'SUP-IDEM' }, headers);
    const second = await approve(supply, { id, supCode: 'SUP-IDEM' }, headers);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().data).toEqual(first.json().data);
    expect(await suppliersNamed(fields.companyName)).toHaveLength(1);
  });

  it('refuses a stale version', async () => {
    const { id } = await apply();
    const stale = await reject(supply, { id, version: '7', reason: '过期' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().msg).toBe('数据已被其他用户修改，请刷新后重试');
  });
});
