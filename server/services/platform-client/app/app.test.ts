import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PSCLIENT_APP_SERVICE,
  type AppAuth,
  type IssuedSecret,
  type PsclientApp,
} from '../../../../src/contracts/platform-client/psclient-app.js';
import { PSCLIENT_SERVICE } from '../../../../src/contracts/platform-client/psclient.js';
import { nextId } from '../../../lib/ids.js';
import { parseOutboundAllowlist } from '../../../lib/outbound.js';
import { nowText } from '../../../lib/time.js';
import {
  createTestApp,
  data,
  DEMO_PASSWORD,
  DEMO_TENANT,
  type TestApp,
} from '../../../test/support.js';
import { exportSheet } from '../../../test/export-sheet.js';
import { changePrepay } from '../prepay/ledger.js';
import { ipAllowed, parseIpAllowlist } from './ip-allowlist.js';
import { appSecretOf, newSecretSalt, secretHintOf } from './secret.js';

/**
 * Client apps (/access/openplatform/app, issue 27 item 1): the key and the secret shown once,
 * the prepay account opened with the app, the callback and IP checks, the authorised products,
 * tenant isolation and permissions.
 */
const API = `/api/${PSCLIENT_APP_SERVICE}`;
const PARTY = `/api/${PSCLIENT_SERVICE}`;

interface Page<T> {
  records: T[];
  total: number;
}

const msg = (res: LightMyRequestResponse) => (res.json() as { msg: string }).msg;

describe('ip allowlists', () => {
  it('reads addresses and ranges one a line, refusing anything else', () => {
    expect(parseIpAllowlist(null)).toEqual({ entries: [] });
    expect(parseIpAllowlist(' \n\n ')).toEqual({ entries: [] });
    expect(
      parseIpAllowlist('1.2.3.4\n 10.0.0.0/8 \r\n2001:DB8::/32\n::ffff:5.6.7.8\n1.2.3.4,fe80::1'),
    ).toEqual({ entries: ['1.2.3.4', '10.0.0.0/8', '2001:db8::/32', '5.6.7.8', 'fe80::1'] });
    for (const bad of ['abc', '1.2.3.256', '1.2.3.4/33', '::1/129', '10.0.0.0/x', 'example.com'])
      expect(parseIpAllowlist(bad).error).toBe('IP白名单每行须为一个IPv4/IPv6地址或CIDR网段');
    const many = Array.from({ length: 101 }, (_, i) => `10.0.${Math.floor(i / 250)}.${i % 250}`);
    expect(parseIpAllowlist(many.join('\n')).error).toBe('IP白名单最多100条');
  });

  it('admits every address with an empty list, else only the listed ones', () => {
    expect(ipAllowed(null, '8.8.8.8')).toBe(true);
    expect(ipAllowed('  \n', '2001:db8::1')).toBe(true);
    const list = '1.2.3.4\n10.0.0.0/8\n2001:db8::/32';
    expect(ipAllowed(list, '1.2.3.4')).toBe(true);
    expect(ipAllowed(list, '1.2.3.5')).toBe(false);
    expect(ipAllowed(list, '10.200.3.4')).toBe(true);
    expect(ipAllowed(list, '11.0.0.1')).toBe(false);
    expect(ipAllowed(list, '2001:db8:1::7')).toBe(true);
    expect(ipAllowed(list, '2001:db9::1')).toBe(false);
    // IPv4-mapped IPv6 (a dual-stack socket's remote address) is its IPv4 address.
    expect(ipAllowed(list, '::ffff:1.2.3.4')).toBe(true);
    expect(ipAllowed(list, '::ffff:10.9.9.9')).toBe(true);
    expect(ipAllowed('::ffff:1.2.3.4', '1.2.3.4')).toBe(true);
    expect(ipAllowed(list, 'not an address')).toBe(false);
    // A list that does not parse admits nothing.
    expect(ipAllowed('1.2.3.4\nnonsense', '1.2.3.4')).toBe(false);
  });
});

describe('app secrets', () => {
  it('are derived from the server secret, the app and its salt', () => {
    const ctx = { jwtSecret: 'k'.repeat(64) };
    const salt = newSecretSalt();
    expect(salt).toMatch(/^[0-9a-f]{64}$/);
    const secret = appSecretOf(ctx, { id: 'A1', secretSalt: salt });
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(appSecretOf(ctx, { id: 'A1', secretSalt: salt })).toBe(secret);
    expect(appSecretOf(ctx, { id: 'A2', secretSalt: salt })).not.toBe(secret);
    expect(appSecretOf(ctx, { id: 'A1', secretSalt: newSecretSalt() })).not.toBe(secret);
    expect(appSecretOf({ jwtSecret: 'other' }, { id: 'A1', secretSalt: salt })).not.toBe(secret);
    expect(secretHintOf(secret)).toBe(secret.slice(-4));
  });
});

describe('client apps (psclient-app)', () => {
  let t: TestApp;
  let admin: string; // tenant 000000, super administrator
  let tenantAdmin: string; // tenant 100001's administrator
  let operator: string; // tenant 000000, the access area
  let finance: string; // tenant 000000, no access screens
  let party: string; // a party of tenant 000000
  let theirParty: string; // a party of tenant 100001
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
    tenantAdmin = await t.tenantAdminToken();
    operator = await t.login('operator', DEMO_PASSWORD);
    finance = await t.login('finance', DEMO_PASSWORD);
    party = data<{ id: string }>(
      await t.post(`${PARTY}/submit`, admin, { clientCode: 'P1', clientName: '接入方甲' }),
    ).id;
    theirParty = data<{ id: string }>(
      await t.post(`${PARTY}/submit`, tenantAdmin, { clientCode: 'P1', clientName: '演示接入方' }),
    ).id;
  }, 60_000);
  afterAll(() => t.close());

  const submit = (token: string, body: Record<string, unknown>, headers = {}) =>
    t.inject({
      method: 'POST',
      url: `${API}/submit`,
      headers: { 'blade-auth': `bearer ${token}`, ...headers },
      payload: body,
    });
  const create = async (over: Record<string, unknown> = {}, token = admin) => {
    n += 1;
    const res = await submit(token, {
      clientId: token === admin ? party : theirParty,
      appName: `应用${n}`,
      ...over,
    });
    return data<IssuedSecret>(res);
  };
  const get = (token: string, id: string) => t.get(`${API}/get`, token, { id });
  const list = async (token: string, query: Record<string, string> = {}) =>
    data<Page<PsclientApp>>(await t.get(`${API}/list`, token, { size: '100', ...query }));
  const stored = (id: string) =>
    t.database.db
      .selectFrom('bladePsclientApp')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const reset = (token: string, id: string, headers = {}) =>
    t.inject({
      method: 'POST',
      url: `${API}/reset-secret`,
      headers: { 'blade-auth': `bearer ${token}`, ...headers },
      payload: { id },
    });
  /** The text of every cell of an export of the apps. */
  async function exported(token: string, query: Record<string, string>): Promise<string> {
    const rows = await exportSheet(t, { path: `${API}/export`, token, query });
    return rows.map((r) => JSON.stringify(r)).join('\n');
  }

  it('makes a key and a secret, answers the secret once and opens the prepay account', async () => {
    const made = await create({ appName: '商城', rateLimit: '' });
    expect(made.appKey).toMatch(/^qk[0-9a-f]{16}$/);
    expect(made.appSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(made.secretHint).toBe(`••••${made.appSecret.slice(-4)}`);
    const row = await stored(made.id);
    // Derived, not stored: the row holds the salt and the hint only.
    expect(appSecretOf(t.app.ctx, row)).toBe(made.appSecret);
    expect(row.secretHint).toBe(made.appSecret.slice(-4));
    expect(JSON.stringify(row)).not.toContain(made.appSecret);
    expect([row.rateLimit, row.enabled, row.tenantId]).toEqual([600, 1, '000000']);
    const prepay = await t.database.db
      .selectFrom('bladePsclientAppPrepay')
      .selectAll()
      .where('appId', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(prepay).toMatchObject({
      tenantId: '000000',
      clientId: party,
      balance: 0,
      creditLimit: 0,
      prepayType: 1,
      isDeleted: 0,
    });
    // Never again: get, list, list-all, getByClientCode, the sheet, and an update's answer.
    const never = (text: string) => {
      expect(text).not.toContain(made.appSecret);
      expect(text).not.toContain(row.secretSalt);
      expect(text).not.toContain('appSecret');
      expect(text).not.toContain('secretSalt');
    };
    const detail = await get(admin, made.id);
    never(detail.body);
    const shown = data<PsclientApp>(detail);
    expect(shown).toMatchObject({
      appKey: made.appKey,
      secretHint: made.secretHint,
      clientName: '接入方甲',
    });
    never((await t.get(`${API}/list`, admin, { appKey: made.appKey })).body);
    never((await t.get(`${API}/list-all`, admin)).body);
    never((await t.get(`${API}/getByClientCode`, admin, { clientCode: 'P1' })).body);
    never(await exported(admin, { appKey: made.appKey }));
    const updated = await submit(admin, { ...shown, appName: '商城二' });
    expect(updated.statusCode).toBe(200);
    never(updated.body);
    expect(appSecretOf(t.app.ctx, await stored(made.id))).toBe(made.appSecret);
    // Read-only fields sent back change nothing.
    expect((await stored(made.id)).appKey).toBe(made.appKey);
  });

  it('gives every app its own key, unique across tenants', async () => {
    const keys = new Set<string>();
    for (let i = 0; i < 5; i += 1) keys.add((await create()).appKey);
    keys.add((await create({}, tenantAdmin)).appKey);
    expect(keys.size).toBe(6);
    const [one] = [...keys];
    // The live unique index holds it in the database too, whatever tenant.
    const copy = {
      ...(await stored((await create()).id)),
      id: nextId(),
      tenantId: DEMO_TENANT,
      appKey: one!,
    };
    await expect(
      t.database.db.insertInto('bladePsclientApp').values(copy).execute(),
    ).rejects.toThrow();
  });

  it('resets the secret: a new one answered once, the old one no longer derived', async () => {
    const made = await create();
    const res = await reset(admin, made.id);
    expect(res.statusCode, res.body).toBe(200);
    const fresh = data<IssuedSecret>(res);
    expect(fresh.appSecret).not.toBe(made.appSecret);
    expect(fresh.secretHint).toBe(`••••${fresh.appSecret.slice(-4)}`);
    const row = await stored(made.id);
    expect(appSecretOf(t.app.ctx, row)).toBe(fresh.appSecret);
    expect(appSecretOf(t.app.ctx, row)).not.toBe(made.appSecret);
    expect(row.secretTime).toBeTruthy();
    // An Idempotency-Key: the repeat answers the same secret, and the stored answer lacks it.
    const key = { 'idempotency-key': `reset-${made.id}` };
    const first = data<IssuedSecret>(await reset(admin, made.id, key));
    const again = await reset(admin, made.id, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(data<IssuedSecret>(again).appSecret).toBe(first.appSecret);
    expect(appSecretOf(t.app.ctx, await stored(made.id))).toBe(first.appSecret);
    const kept = await t.database.db.selectFrom('bladeIdempotency').select('response').execute();
    expect(kept.some((k) => k.response?.includes(made.id))).toBe(true);
    expect(kept.some((k) => k.response?.includes(first.appSecret))).toBe(false);
    expect((await reset(admin, 'nope')).statusCode).toBe(404);
  });

  it('creates one app for a repeated create with the same Idempotency-Key', async () => {
    const body = { clientId: party, appName: '幂等应用' };
    const key = { 'idempotency-key': 'create-once' };
    const a = data<IssuedSecret>(await submit(admin, body, key));
    const b = data<IssuedSecret>(await submit(admin, body, key));
    expect(b.id).toBe(a.id);
    expect(b.appSecret).toBe(a.appSecret);
    expect((await list(admin, { appName: '幂等应用' })).total).toBe(1);
  });

  it('refuses a callback URL on this machine or a private network, unless allowlisted', async () => {
    for (const url of [
      'http://127.0.0.1/cb',
      'http://10.1.2.3/cb',
      'http://localhost:8080/cb',
      'http://169.254.169.254/',
    ] as const) {
      const res = await submit(admin, { clientId: party, appName: 'cb', callbackUrl: url });
      expect([res.statusCode, msg(res)]).toEqual([
        400,
        'callbackUrl:回调地址不能指向本机、内网或云元数据地址（可由管理员加入 OUTBOUND_ALLOWLIST）',
      ]);
    }
    const ftp = await submit(admin, {
      clientId: party,
      appName: 'cb',
      callbackUrl: 'ftp://example.com/x',
    });
    expect(msg(ftp)).toBe(
      'callbackUrl:回调地址须以http://或https://开头（或沙箱 sandbox://receiver）',
    );
    // The embedded sandbox receiver is not an outbound address.
    const sandbox = await create({ callbackUrl: 'sandbox://receiver' });
    expect((await stored(sandbox.id)).callbackUrl).toBe('sandbox://receiver');
    const fine = await create({ callbackUrl: 'https://example.com/notify' });
    expect((await stored(fine.id)).callbackUrl).toBe('https://example.com/notify');
    const allowing = await createTestApp({
      config: { outboundAllowlist: parseOutboundAllowlist('127.0.0.1') },
    });
    try {
      const token = await allowing.adminToken();
      const p = data<{ id: string }>(
        await allowing.post(`${PARTY}/submit`, token, { clientCode: 'A', clientName: 'A' }),
      ).id;
      const res = await allowing.post(`${API}/submit`, token, {
        clientId: p,
        appName: 'local',
        callbackUrl: 'http://127.0.0.1:9000/cb',
      });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      await allowing.close();
    }
  }, 60_000);

  it('checks and normalises the IP allowlist; listIpAddress and saveIpAddress', async () => {
    const bad = await submit(admin, {
      clientId: party,
      appName: 'ip',
      ipAllowlist: '1.2.3.4\nabc',
    });
    expect([bad.statusCode, msg(bad)]).toEqual([
      400,
      'ipAllowlist:IP白名单每行须为一个IPv4/IPv6地址或CIDR网段',
    ]);
    const made = await create({ ipAllowlist: ' 1.2.3.4 \n\n10.0.0.0/8\n::ffff:5.6.7.8' });
    expect((await stored(made.id)).ipAllowlist).toBe('1.2.3.4\n10.0.0.0/8\n5.6.7.8');
    const entries = (token: string) => t.get(`${API}/listIpAddress`, token, { appId: made.id });
    expect(data<string[]>(await entries(admin))).toEqual(['1.2.3.4', '10.0.0.0/8', '5.6.7.8']);
    const save = (ipAllowlist: string, token = admin) =>
      t.post(`${API}/saveIpAddress`, token, { appId: made.id, ipAllowlist });
    expect(msg(await save('300.1.1.1'))).toBe(
      'ipAllowlist:IP白名单每行须为一个IPv4/IPv6地址或CIDR网段',
    );
    expect(data<string[]>(await save('2001:db8::/32'))).toEqual(['2001:db8::/32']);
    expect(data<string[]>(await save(''))).toEqual([]);
    expect((await stored(made.id)).ipAllowlist).toBeNull();
    expect((await entries(tenantAdmin)).statusCode).toBe(404);
    expect((await save('1.1.1.1', tenantAdmin)).statusCode).toBe(404);
    const rate = await submit(admin, { clientId: party, appName: 'r', rateLimit: 0 });
    expect(msg(rate)).toBe('rateLimit:每分钟调用上限须为1到100000的整数');
  });

  it("authorises products: replaces the set, only the tenant's live products", async () => {
    const product = async (code: string, tenantId = '000000', isDeleted = 0) => {
      const id = nextId();
      await t.database.db
        .insertInto('bladePsclientProduct')
        .values({
          id,
          tenantId,
          productCode: code,
          productName: `产品${code}`,
          marketAmount: 1000,
          salePrice: 950,
          setRule: 'priority',
          onShelf: 1,
          pictures: null,
          videos: null,
          description: null,
          enabled: 1,
          remark: null,
          createUser: null,
          createDept: null,
          createTime: nowText(),
          updateUser: null,
          updateTime: null,
          status: 1,
          isDeleted,
          version: 1,
        })
        .execute();
      return id;
    };
    const [a, b, c] = [await product('AU1'), await product('AU2'), await product('AU3')];
    const theirs = await product('AU9', DEMO_TENANT);
    const removed = await product('AU8', '000000', 1);
    const made = await create();
    const config = (productIds: unknown, token = admin, appId = made.id) =>
      t.post(`${API}/authConfig`, token, { appId, productIds });
    const auth = async () =>
      data<AppAuth>(await t.get(`${API}/listAuth`, admin, { appId: made.id }));
    expect((await auth()).authorised).toEqual([]);
    expect((await config([a, b])).statusCode).toBe(200);
    let now = await auth();
    expect(now.authorised.map((p) => p.id).sort()).toEqual([a, b].sort());
    expect(now.authorised.find((p) => p.id === a)).toMatchObject({
      productCode: 'AU1',
      productName: '产品AU1',
      salePrice: 9.5,
    });
    expect(now.available.map((p) => p.id)).toContain(c);
    expect(now.available.map((p) => p.id)).not.toContain(theirs);
    expect(now.available.map((p) => p.id)).not.toContain(removed);
    // Replaced, not added to.
    expect((await config(`${c}`)).statusCode).toBe(200);
    now = await auth();
    expect(now.authorised.map((p) => p.id)).toEqual([c]);
    for (const foreign of [[a, theirs], [removed], ['nope']]) {
      const res = await config(foreign);
      expect([res.statusCode, msg(res)]).toEqual([400, 'productIds:授权的产品不存在']);
    }
    expect((await auth()).authorised.map((p) => p.id)).toEqual([c]);
    expect((await config([])).statusCode).toBe(200);
    expect((await auth()).authorised).toEqual([]);
    const their = await create({}, tenantAdmin);
    expect((await config([a], admin, their.id)).statusCode).toBe(404);
    expect((await t.get(`${API}/listAuth`, admin, { appId: their.id })).statusCode).toBe(404);
  });

  it('refuses to remove an app with a prepay balance; closes its account and grants otherwise', async () => {
    const made = await create();
    await t.database.db
      .transaction()
      .execute((trx) =>
        changePrepay(trx, { tenantId: '000000', appId: made.id, amount: 500, changeType: 'topup' }),
      );
    const refused = await t.post(`${API}/delete`, admin, undefined, { ids: made.id });
    expect([refused.statusCode, msg(refused)]).toEqual([409, '该应用的预存余额不为0，不能删除']);
    expect((await get(admin, made.id)).statusCode).toBe(200);
    await t.database.db.transaction().execute((trx) =>
      changePrepay(trx, {
        tenantId: '000000',
        appId: made.id,
        amount: -500,
        changeType: 'adjust',
      }),
    );
    expect((await t.post(`${API}/delete`, admin, undefined, { ids: made.id })).statusCode).toBe(
      200,
    );
    expect((await get(admin, made.id)).statusCode).toBe(404);
    const account = await t.database.db
      .selectFrom('bladePsclientAppPrepay')
      .select('isDeleted')
      .where('appId', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(account.isDeleted).toBe(1);
  });

  it("keeps every tenant's apps to itself", async () => {
    const their = await create({}, tenantAdmin);
    expect((await get(admin, their.id)).statusCode).toBe(404);
    expect((await list(admin)).records.some((a) => a.id === their.id)).toBe(false);
    const all = data<PsclientApp[]>(await t.get(`${API}/list-all`, admin));
    expect(all.some((a) => a.id === their.id)).toBe(false);
    const row = data<PsclientApp>(await get(tenantAdmin, their.id));
    expect((await submit(admin, { ...row, clientId: party, appName: '改' })).statusCode).toBe(404);
    expect(
      (await t.post(`${API}/enable`, admin, undefined, { ids: their.id, enabled: '0' })).statusCode,
    ).toBe(404);
    expect((await t.post(`${API}/delete`, admin, undefined, { ids: their.id })).statusCode).toBe(
      404,
    );
    expect((await reset(admin, their.id)).statusCode).toBe(404);
    expect(appSecretOf(t.app.ctx, await stored(their.id))).toBe(their.appSecret);
    // Another tenant's party is no party of the caller's.
    const foreign = await submit(admin, { clientId: theirParty, appName: 'x' });
    expect([foreign.statusCode, msg(foreign)]).toEqual([400, 'clientId:接入方不存在']);
    const byCode = data<PsclientApp[]>(
      await t.get(`${API}/getByClientCode`, tenantAdmin, { clientCode: 'P1' }),
    );
    expect(byCode.map((a) => a.id)).toContain(their.id);
    expect(byCode.every((a) => a.tenantId === DEMO_TENANT)).toBe(true);
  });

  it('enables and disables apps by the enable call', async () => {
    const made = await create();
    const off = await t.post(`${API}/enable`, admin, undefined, { ids: made.id, enabled: '0' });
    expect([off.statusCode, msg(off)]).toEqual([200, '停用成功']);
    expect((await stored(made.id)).enabled).toBe(0);
    expect((await list(admin, { enabled: '0' })).records.map((a) => a.id)).toContain(made.id);
  });

  it('needs the screen to read and its buttons to write', async () => {
    expect((await t.get(`${API}/list`, finance)).statusCode).toBe(403);
    expect((await t.get(`${API}/list-all`, finance)).statusCode).toBe(403);
    expect((await submit(finance, { clientId: party, appName: 'x' })).statusCode).toBe(403);
    expect(
      (await t.post(`${API}/authConfig`, finance, { appId: 'x', productIds: [] })).statusCode,
    ).toBe(403);
    const made = data<IssuedSecret>(
      await submit(operator, { clientId: party, appName: '运营应用' }),
    );
    expect(made.appSecret).toBeTruthy();
    const { db } = t.database;
    const revoke = async (code: string) => {
      const button = await db
        .selectFrom('bladeMenu')
        .select('id')
        .where('code', '=', code)
        .executeTakeFirstOrThrow();
      await db.deleteFrom('bladeRoleMenu').where('menuId', '=', button.id).execute();
    };
    await revoke('client_app_edit');
    await revoke('client_app_auth');
    await revoke('client_app_ip');
    expect((await t.get(`${API}/list`, operator)).statusCode).toBe(200);
    expect((await reset(operator, made.id)).statusCode).toBe(403);
    const row = data<PsclientApp>(await get(operator, made.id));
    expect((await submit(operator, { ...row, appName: '改' })).statusCode).toBe(403);
    expect(
      (await t.post(`${API}/authConfig`, operator, { appId: made.id, productIds: [] })).statusCode,
    ).toBe(403);
    expect(
      (await t.post(`${API}/saveIpAddress`, operator, { appId: made.id, ipAllowlist: '' }))
        .statusCode,
    ).toBe(403);
    // A new app is still the add button's.
    expect((await submit(operator, { clientId: party, appName: '再一个' })).statusCode).toBe(200);
  });
});
