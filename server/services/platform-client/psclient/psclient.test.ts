import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PSCLIENT_FILE_SERVICE,
  PSCLIENT_SERVICE,
  type Psclient,
  type PsclientBrief,
} from '../../../../src/contracts/platform-client/psclient.js';
import {
  createTestApp,
  data,
  DEMO_PASSWORD,
  DEMO_TENANT,
  type TestApp,
} from '../../../test/support.js';
import { exportSheet } from '../../../test/export-sheet.js';
import { openContactPhone } from '../../platform-supplier/sup/contact-phone.js';
import { decrypt, insertAttach, sessionKey } from '../../shared/party-fixtures.js';
import { partyPhone } from './table.js';

/**
 * Access parties (/access/archives, issue 27 item 1): the engine's calls under the spec's names,
 * the sealed contact phone, the belonging tenant, the files, and the refusals.
 */
const API = `/api/${PSCLIENT_SERVICE}`;
const FILES = `/api/${PSCLIENT_FILE_SERVICE}`;

interface Page<T> {
  records: T[];
  total: number;
}

const msg = (res: LightMyRequestResponse) => (res.json() as { msg: string }).msg;

describe('access parties (psclient)', () => {
  let t: TestApp;
  let admin: string; // tenant 000000, super administrator
  let tenantAdmin: string; // tenant 100001's administrator
  let operator: string; // tenant 000000, the access area
  let finance: string; // tenant 000000, no access screens
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
    tenantAdmin = await t.tenantAdminToken();
    operator = await t.login('operator', DEMO_PASSWORD);
    finance = await t.login('finance', DEMO_PASSWORD);
  }, 60_000);
  afterAll(() => t.close());

  const submit = (token: string, body: Record<string, unknown>) =>
    t.post(`${API}/submit`, token, body);
  const create = async (token: string, body: Record<string, unknown> = {}) => {
    n += 1;
    const res = await submit(token, { clientCode: `C${n}`, clientName: `接入方${n}`, ...body });
    return data<{ id: string }>(res).id;
  };
  const get = (token: string, id: string) => t.get(`${API}/get`, token, { id });
  const list = async (token: string, query: Record<string, string> = {}) =>
    data<Page<Psclient>>(await t.get(`${API}/list`, token, { size: '100', ...query }));
  const stored = (id: string) =>
    t.database.db
      .selectFrom('bladePsclient')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('creates, reads and updates a party on the spec-named calls', async () => {
    const id = await create(tenantAdmin, {
      clientCode: 'JD-01',
      clientName: '京东',
      shortName: '京',
    });
    const row = data<Psclient>(await get(tenantAdmin, id));
    expect(row).toMatchObject({
      clientCode: 'JD-01',
      clientName: '京东',
      shortName: '京',
      enabled: 1,
      version: 1,
      tenantId: DEMO_TENANT,
    });
    expect((await submit(tenantAdmin, { ...row, clientName: '京东新' })).statusCode).toBe(200);
    expect(data<Psclient>(await get(tenantAdmin, id)).clientName).toBe('京东新');
    // The version it was read with is stale now.
    expect((await submit(tenantAdmin, { ...row, clientName: '旧' })).statusCode).toBe(409);
    // The engine's default names are not served beside the spec's.
    expect((await t.get(`${API}/detail`, tenantAdmin, { id })).statusCode).toBe(404);
    expect((await t.post(`${API}/remove`, tenantAdmin, undefined, { ids: id })).statusCode).toBe(
      404,
    );
    const all = data<Psclient[]>(await t.get(`${API}/listAllClient`, tenantAdmin));
    expect(all.map((c) => c.id)).toContain(id);
  });

  it('seals the contact phone at rest, masks it in the list, picker and sheet, whole in get', async () => {
    const id = await create(admin, { contactName: '张三', contactPhone: '13912345678' });
    const raw = (await stored(id)).contactPhone!;
    expect(raw).not.toContain('13912345678');
    expect(raw.startsWith('enc1:')).toBe(true);
    expect(partyPhone.open(t.app.ctx, raw)).toBe('13912345678');
    // Its own purpose: the supplier's key does not open it.
    expect(openContactPhone(t.app.ctx, raw)).toBe('');
    const detail = data<Psclient>(await get(admin, id));
    expect(decrypt(detail.contactPhone, sessionKey(t, admin))).toBe('13912345678');
    const listed = (await list(admin, { clientCode: detail.clientCode })).records[0]!;
    expect(listed.contactPhone).toBe('139****5678');
    const picked = data<Psclient[]>(await t.get(`${API}/listAllClient`, admin)).find(
      (c) => c.id === id,
    )!;
    expect(picked.contactPhone).toBe('139****5678');
    // The sheet: masked too.
    const cells = (
      await exportSheet(t, {
        path: `${API}/export`,
        token: admin,
        query: { clientCode: detail.clientCode },
      })
    ).map((r) => JSON.stringify(r));
    expect(cells.join('\n')).toContain('139****5678');
    expect(cells.join('\n')).not.toContain('13912345678');
    const bad = await submit(admin, {
      clientCode: 'BADPHONE',
      clientName: 'x',
      contactPhone: '123',
    });
    expect([bad.statusCode, msg(bad)]).toEqual([400, 'contactPhone:请输入正确的手机号']);
    // The mask sent back keeps the stored phone (an edit that cannot decrypt it); a new party
    // cannot be given one.
    const masked = { ...detail, contactPhone: '139****5678', clientName: '改名' };
    expect((await submit(admin, masked)).statusCode).toBe(200);
    expect(partyPhone.open(t.app.ctx, (await stored(id)).contactPhone)).toBe('13912345678');
    const fresh = await submit(admin, {
      clientCode: 'MASK',
      clientName: 'x',
      contactPhone: '139****5678',
    });
    expect(msg(fresh)).toBe('contactPhone:请输入正确的手机号');
    const cleared = data<Psclient>(await get(admin, id));
    expect((await submit(admin, { ...cleared, contactPhone: '' })).statusCode).toBe(200);
    expect((await stored(id)).contactPhone).toBeNull();
  });

  it('answers a taken code 409 at the field, per tenant, also to racing writes', async () => {
    await create(admin, { clientCode: 'DUP' });
    const dup = await submit(admin, { clientCode: 'DUP', clientName: '另一个' });
    expect([dup.statusCode, msg(dup)]).toEqual([409, 'clientCode:接入方编码已存在']);
    expect(
      (await submit(tenantAdmin, { clientCode: 'DUP', clientName: '别的租户' })).statusCode,
    ).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        submit(admin, { clientCode: 'RACE', clientName: `R${i}` }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const pattern = await submit(admin, { clientCode: 'a b', clientName: 'x' });
    expect(msg(pattern)).toBe('clientCode:接入方编码只能包含字母、数字、下划线和短横线');
  });

  it("keeps every tenant's parties to itself", async () => {
    const theirs = await create(tenantAdmin, { clientCode: 'THEIRS' });
    expect((await get(admin, theirs)).statusCode).toBe(404);
    expect((await list(admin, { clientCode: 'THEIRS' })).total).toBe(0);
    const all = data<Psclient[]>(await t.get(`${API}/listAllClient`, admin));
    expect(all.some((c) => c.id === theirs)).toBe(false);
    const row = data<Psclient>(await get(tenantAdmin, theirs));
    expect((await submit(admin, { ...row, clientName: '改' })).statusCode).toBe(404);
    expect((await t.post(`${API}/delete`, admin, undefined, { ids: theirs })).statusCode).toBe(404);
    expect(data<Psclient>(await get(tenantAdmin, theirs)).clientName).toBe(row.clientName);
  });

  it('names its belonging tenant: checked, named, and found by getByTenantId and belong-client', async () => {
    const id = await create(admin, { clientCode: 'BELONG', belongTenantId: DEMO_TENANT });
    const row = (await list(admin, { clientCode: 'BELONG' })).records[0]!;
    expect([row.belongTenantId, row.belongTenantName]).toEqual([DEMO_TENANT, '演示租户']);
    const missing = await submit(admin, {
      clientCode: 'NOTEN',
      clientName: 'x',
      belongTenantId: '999999',
    });
    expect([missing.statusCode, msg(missing)]).toEqual([400, 'belongTenantId:所属租户不存在']);
    // Another tenant than the platform's names only itself.
    const foreign = await submit(tenantAdmin, {
      clientCode: 'NOTEN',
      clientName: 'x',
      belongTenantId: '000000',
    });
    expect(msg(foreign)).toBe('belongTenantId:所属租户不存在');
    const byTenant = data<PsclientBrief[]>(
      await t.get(`${API}/getByTenantId`, admin, { tenantId: DEMO_TENANT }),
    );
    expect(byTenant.map((c) => c.id)).toEqual([id]);
    // The demo tenant's users see the party they belong to, kept by tenant 000000; no phone.
    const mine = data<PsclientBrief[]>(await t.get(`${API}/belong-client`, tenantAdmin));
    expect(mine.map((c) => [c.id, c.tenantId])).toEqual([[id, '000000']]);
    expect(Object.keys(mine[0]!)).not.toContain('contactPhone');
    expect(data<PsclientBrief[]>(await t.get(`${API}/belong-client`, admin))).toEqual([]);
  });

  it('refuses to remove a party that still has live apps', async () => {
    const id = await create(admin, { clientCode: 'WITHAPP' });
    const app = await t.post(`/api/blade-quanyi-platform-client/psclient-app/submit`, admin, {
      clientId: id,
      appName: '应用',
    });
    const appId = data<{ id: string }>(app).id;
    const refused = await t.post(`${API}/delete`, admin, undefined, { ids: id });
    expect([refused.statusCode, msg(refused)]).toEqual([
      409,
      '该接入方下还有接入应用，请先删除其应用',
    ]);
    expect((await get(admin, id)).statusCode).toBe(200);
    await t.post(`/api/blade-quanyi-platform-client/psclient-app/delete`, admin, undefined, {
      ids: appId,
    });
    expect((await t.post(`${API}/delete`, admin, undefined, { ids: id })).statusCode).toBe(200);
    expect((await get(admin, id)).statusCode).toBe(404);
  });

  it('saves and lists qualification and agreement files, checking type, size and tenant', async () => {
    const id = await create(tenantAdmin, { clientCode: 'FILES' });
    const attach = (ext: string, size = 1000, tenantId = DEMO_TENANT) =>
      insertAttach(t.database.db, tenantId, ext, size);
    const save = (body: Record<string, unknown>, token = tenantAdmin) =>
      t.post(`${FILES}/submit`, token, { clientId: id, ...body });
    const listed = async (call: string) =>
      data<{ attachId: string }[]>(await t.get(`${FILES}/${call}`, tenantAdmin, { clientId: id }))
        .map((f) => f.attachId)
        .sort();
    const [pdf, png] = [await attach('pdf'), await attach('png')];
    expect((await save({ kind: 1, attachIds: `${pdf},${png}` })).statusCode).toBe(200);
    expect((await save({ kind: 2, attachIds: [pdf] })).statusCode).toBe(200);
    expect(await listed('listFile')).toEqual([pdf, png].sort());
    expect(await listed('listArgeementFile')).toEqual([pdf]);
    const exe = await save({ kind: 1, attachIds: [await attach('exe')] });
    expect([exe.statusCode, msg(exe)]).toEqual([
      400,
      '文件类型不支持，请上传pdf、图片、Word或Excel文件',
    ]);
    const big = await save({ kind: 1, attachIds: [await attach('pdf', 11 * 1024 * 1024)] });
    expect(msg(big)).toBe('文件不能超过10MB');
    const foreign = await save({ kind: 1, attachIds: [await attach('pdf', 100, '000000')] });
    expect(msg(foreign)).toBe('附件不存在');
    expect(msg(await save({ kind: 3, attachIds: [] }))).toBe('请选择文件类型');
    expect(await listed('listFile')).toEqual([pdf, png].sort());
    expect((await save({ kind: 1, attachIds: [] })).statusCode).toBe(200);
    expect(await listed('listFile')).toEqual([]);
    // Another tenant's party: 404 both ways.
    expect((await t.get(`${FILES}/listFile`, admin, { clientId: id })).statusCode).toBe(404);
    expect((await save({ kind: 1, attachIds: [] }, admin)).statusCode).toBe(404);
  });

  it('needs the screen to read and its buttons to write', async () => {
    expect((await t.get(`${API}/list`, finance)).statusCode).toBe(403);
    expect((await t.get(`${API}/listAllClient`, finance)).statusCode).toBe(403);
    expect((await t.get(`${API}/belong-client`, finance)).statusCode).toBe(403);
    expect((await submit(finance, { clientCode: 'F1', clientName: 'x' })).statusCode).toBe(403);
    expect((await t.post(`${FILES}/submit`, finance, { clientId: 'x', kind: 1 })).statusCode).toBe(
      403,
    );
    // The operator holds the screen; without its add button a new party is refused.
    const { db } = t.database;
    expect((await submit(operator, { clientCode: 'OP1', clientName: 'x' })).statusCode).toBe(200);
    const button = await db
      .selectFrom('bladeMenu')
      .select('id')
      .where('code', '=', 'client_add')
      .executeTakeFirstOrThrow();
    await db.deleteFrom('bladeRoleMenu').where('menuId', '=', button.id).execute();
    expect((await t.get(`${API}/list`, operator)).statusCode).toBe(200);
    expect((await submit(operator, { clientCode: 'OP2', clientName: 'x' })).statusCode).toBe(403);
  });
});
