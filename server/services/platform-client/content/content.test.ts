import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTENT_SERVICE,
  LINK_TYPE_OPTIONS,
  type ClientContent,
} from '../../../../src/contracts/platform-client/client-content.js';
import {
  createTestApp,
  data,
  DEMO_PASSWORD,
  DEMO_TENANT,
  type TestApp,
} from '../../../test/support.js';
import { DEMO_CONTENTS } from '../../../db/seed/demo-client-content.js';
import { insertClient, insertProduct } from '../test-fixtures.js';
import { insertPic, msg } from './fixtures.js';

/**
 * Client content management (issue 27 item 9): the spec's calls as a client sees them, the link
 * rules, plain-text bodies, thumbnails from the media stock, the import with its result file,
 * tenants apart and a button per call.
 */
const API = `/api/${CONTENT_SERVICE}`;
interface Page {
  records: ClientContent[];
  total: number;
}
interface ImportAnswer {
  status: string;
  total: number;
  created: number;
  failed: number;
  errors: { row: number; column: string; message: string }[];
  resultId: string | null;
}

async function workbook(rows: (string | number)[][]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('内容');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}
async function sheetRows(body: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ExcelJS.Buffer);
  const out: string[][] = [];
  book.worksheets[0]!.eachRow((row) => {
    out.push((row.values as unknown[]).slice(1).map((v) => String(v ?? '')));
  });
  return out;
}
const HEADER = [
  '标题',
  '摘要',
  '正文',
  '链接类型',
  '链接地址',
  '接入方编码',
  '产品编码',
  '排序',
  '置顶',
  '状态',
];

describe('blade-quanyi-platform-client/content/management', () => {
  let t: TestApp;
  let admin: string;
  let tenantAdmin: string;
  let operator: string;
  let supply: string;
  let clientId: string;
  let productId: string;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
    tenantAdmin = await t.tenantAdminToken();
    operator = await t.login('operator', DEMO_PASSWORD);
    supply = await t.login('supply', DEMO_PASSWORD);
    clientId = await insertClient(t.database.db, '000000', 'CC1');
    productId = await insertProduct(t.database.db, '000000', 'CP1');
  }, 60_000);
  afterAll(() => t.close());

  const item = (over: Record<string, unknown> = {}) => ({
    title: `内容${(n += 1)}`,
    linkType: 'none',
    state: 'online',
    ...over,
  });
  const add = (token: string, over: Record<string, unknown> = {}) =>
    t.post(`${API}/add`, token, item(over));
  const create = async (token: string, over: Record<string, unknown> = {}) =>
    data<{ id: string }>(await add(token, over)).id;
  const list = async (token: string, query: Record<string, string> = {}) =>
    data<Page>(await t.get(`${API}/query/list`, token, { size: '100', ...query }));
  const one = async (token: string, id: string) =>
    data<ClientContent>(await t.get(`${API}/detail`, token, { id }));

  const upload = async (token: string, file: Buffer, name = 'content.xlsx') => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), name);
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    return t.inject({
      method: 'POST',
      url: `${API}/batch/import`,
      headers: {
        'content-type': request.headers.get('content-type')!,
        'blade-auth': `bearer ${token}`,
      },
      payload: Buffer.from(await request.arrayBuffer()),
    });
  };

  it('answers the demo contents and drafts, linked to the demo parties', async () => {
    const mine = await list(admin, { size: '200' });
    const demo = mine.records.filter((r) => r.summary);
    expect(demo.length).toBe(DEMO_CONTENTS['000000']);
    expect(demo.every((r) => r.clientName.length > 0)).toBe(true);
    expect(new Set(demo.map((r) => r.linkType))).toEqual(
      new Set(LINK_TYPE_OPTIONS.map((o) => o.value)),
    );
    expect(new Set(demo.map((r) => r.state))).toEqual(new Set(['online', 'offline']));
    expect(mine.records[0]!.pinned).toBe(1);
    expect((await list(tenantAdmin)).total).toBe(DEMO_CONTENTS[DEMO_TENANT]);
    const drafts = await t.database.db
      .selectFrom('bladeClientDraft')
      .select('state')
      .distinct()
      .where('tenantId', '=', '000000')
      .execute();
    expect(drafts.map((d) => d.state).sort()).toEqual([
      'draft',
      'published',
      'rejected',
      'submitted',
    ]);
  });

  it('serves the spec-named calls: query/list, add, update, delete (GET), link/types', async () => {
    const id = await create(admin, {
      title: '唯一测试标题',
      clientId,
      productId,
      linkType: 'product',
    });
    const row = (await list(admin, { title: '唯一测试' })).records[0]!;
    expect([row.id, row.clientName, row.productName, row.linkType]).toEqual([
      id,
      '接入方CC1',
      expect.any(String),
      'product',
    ]);
    expect((await t.get(`${API}/list`, admin)).statusCode).toBe(404);
    expect((await t.post(`${API}/submit`, admin, item())).statusCode).toBe(404);
    expect(data(await t.get(`${API}/link/types`, admin))).toEqual(LINK_TYPE_OPTIONS);
    expect(LINK_TYPE_OPTIONS.map((o) => o.value)).toEqual(['none', 'article', 'product', 'url']);
    const del = await t.get(`${API}/delete`, admin, { ids: id });
    expect(del.statusCode).toBe(200);
    expect((await t.get(`${API}/detail`, admin, { id })).statusCode).toBe(404);
    const stored = await t.database.db
      .selectFrom('bladeClientContent')
      .select('isDeleted')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.isDeleted).toBe(1);
  });

  it('adds only without an id and updates only with one, locking on the version', async () => {
    const id = await create(admin);
    const withId = await t.post(`${API}/add`, admin, { ...item(), id });
    expect([withId.statusCode, msg(withId)]).toEqual([400, 'id:新增不能指定id，修改请用update']);
    const noId = await t.post(`${API}/update`, admin, item());
    expect([noId.statusCode, msg(noId)]).toEqual([400, 'id:请选择要修改的内容']);
    const v = (await one(admin, id)).version;
    const upd = await t.post(`${API}/update`, admin, {
      ...item({ title: '改过' }),
      id,
      version: v,
    });
    expect(upd.statusCode).toBe(200);
    expect((await one(admin, id)).title).toBe('改过');
    const stale = await t.post(`${API}/update`, admin, { ...item(), id, version: v });
    expect(stale.statusCode).toBe(409);
  });

  it('refuses links that lead nowhere or anywhere but http(s)', async () => {
    for (const linkUrl of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,x',
      '/x',
      'ftp://a',
    ])
      expect(msg(await add(admin, { linkType: 'url', linkUrl }))).toBe(
        'linkUrl:链接地址须以http://或https://开头',
      );
    expect(msg(await add(admin, { linkType: 'url' }))).toBe('linkUrl:外部链接须填写链接地址');
    expect(msg(await add(admin, { linkType: 'product' }))).toBe('productId:产品页链接须选择产品');
    expect(msg(await add(admin, { linkType: 'elsewhere' }))).toBe(
      'linkType:链接类型须为无跳转、图文详情、产品页、外部链接之一',
    );
    expect(
      (await add(admin, { linkType: 'url', linkUrl: 'https://example.com/a?b=1' })).statusCode,
    ).toBe(200);
  });

  it('keeps a body as the plain text it was given, up to 20,000 characters', async () => {
    const body = '<script>alert(1)</script><b>粗</b>\n第二段';
    const id = await create(admin, { body });
    expect((await one(admin, id)).body).toBe(body);
    expect((await add(admin, { body: 'x'.repeat(20_000) })).statusCode).toBe(200);
    expect(msg(await add(admin, { body: 'x'.repeat(20_001) }))).toBe(
      'body:长度不能超过20000个字符',
    );
  });

  it('takes thumbnails from the tenant’s media stock only, at most 3', async () => {
    const [a, b, c, d] = [
      await insertPic(t, '000000', 'a'),
      await insertPic(t, '000000', 'b'),
      await insertPic(t, '000000', 'c'),
      await insertPic(t, '000000', 'd'),
    ];
    const theirs = await insertPic(t, DEMO_TENANT, 'x');
    const id = await create(admin, { thumbnails: `${b},${a}` });
    const saved = await one(admin, id);
    expect(saved.thumbnails).toBe(`${b},${a}`);
    expect(saved.cover).toContain(b);
    expect(msg(await add(admin, { thumbnails: theirs }))).toBe('thumbnails:缩略图不存在或已删除');
    expect(msg(await add(admin, { thumbnails: `${a},${b},${c},${d}` }))).toBe(
      'thumbnails:最多3张缩略图',
    );
  });

  it('filters by title, link type, status and access party; pinned first', async () => {
    const pinned = await create(admin, {
      title: '过滤置顶',
      pinned: 1,
      state: 'offline',
      clientId,
    });
    const plain = await create(admin, { title: '过滤普通', linkType: 'article' });
    const ids = (p: Page) => p.records.map((r) => r.id);
    expect(ids(await list(admin, { title: '过滤' }))).toEqual([pinned, plain]);
    expect(ids(await list(admin, { title: '过滤', linkType: 'article' }))).toEqual([plain]);
    expect(ids(await list(admin, { title: '过滤', state: 'offline' }))).toEqual([pinned]);
    expect(ids(await list(admin, { title: '过滤', clientId }))).toEqual([pinned]);
    expect(ids(await list(admin, { title: '过滤', pinned: '1' }))).toEqual([pinned]);
  });

  it('keeps tenants apart', async () => {
    const theirs = await create(tenantAdmin, { title: '他们的' });
    expect((await list(admin, { title: '他们的' })).total).toBe(0);
    expect((await list(tenantAdmin, { title: '他们的' })).total).toBe(1);
    expect((await t.get(`${API}/detail`, admin, { id: theirs })).statusCode).toBe(404);
    expect((await t.post(`${API}/update`, admin, { ...item(), id: theirs })).statusCode).toBe(404);
    expect((await t.get(`${API}/delete`, admin, { ids: theirs })).statusCode).toBe(404);
    // Another tenant's access party or product is not one of ours.
    expect(msg(await add(tenantAdmin, { clientId }))).toBe('clientId:接入方不存在');
    expect(msg(await add(tenantAdmin, { productId }))).toBe('productId:产品不存在');
  });

  it('needs the screen to read and each button to write (403)', async () => {
    const id = await create(admin);
    const file = await workbook([HEADER, ['x']]);
    for (const res of [
      await t.get(`${API}/query/list`, supply),
      await t.get(`${API}/link/types`, supply),
      await add(supply),
      await t.post(`${API}/update`, supply, { ...item(), id }),
      await t.get(`${API}/delete`, supply, { ids: id }),
      await upload(supply, file),
      await t.post(`${API}/download/template`, supply),
      await t.get(`${API}/picture-options`, supply),
    ])
      expect(res.statusCode).toBe(403);
    expect((await t.get(`${API}/query/list`, operator)).statusCode).toBe(200);
    expect((await add(operator)).statusCode).toBe(200);
    expect((await t.post(`${API}/download/template`, operator)).statusCode).toBe(200);
  });

  it('downloads the import template (POST) with its columns', async () => {
    const res = await t.post(`${API}/download/template`, admin);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect((await sheetRows(res.rawPayload))[0]).toEqual(HEADER);
  });

  it('imports good rows, and refuses a file with a bad row naming it in the result file', async () => {
    const good = await workbook([
      HEADER,
      [
        '导入一',
        '摘要',
        '<i>正文</i>',
        '外部链接',
        'https://example.com/1',
        'CC1',
        '',
        2,
        '是',
        '上线',
      ],
      ['导入二', '', '', '产品页', '', '', 'CP1', '', '', '下线'],
      ['导入三', '', '', '', '', '', '', '', '', ''],
    ]);
    const ok = data<ImportAnswer>(await upload(admin, good, 'good.xlsx'));
    expect([ok.status, ok.created]).toEqual(['success', 3]);
    const [first] = (await list(admin, { title: '导入一' })).records;
    expect([first!.linkUrl, first!.clientId, first!.pinned, first!.body]).toEqual([
      'https://example.com/1',
      clientId,
      1,
      '<i>正文</i>',
    ]);
    expect((await list(admin, { title: '导入三' })).records[0]!.linkType).toBe('none');

    const bad = await workbook([
      HEADER,
      ['好行', '', '', '', '', '', '', '', '', ''],
      ['坏链接', '', '', '外部链接', 'javascript:alert(1)', '', '', '', '', ''],
      ['', '', '', '', '', '', '', '', '', ''],
      ['坏接入方', '', '', '', '', 'NOPE', '', '', '', ''],
      ['缺产品', '', '', '产品页', '', '', '', '', '', ''],
    ]);
    const failed = data<ImportAnswer>(await upload(admin, bad, 'bad.xlsx'));
    expect([failed.status, failed.failed, failed.created]).toEqual(['failed', 3, 0]);
    expect((await list(admin, { title: '好行' })).total).toBe(0);
    const result = await t.get(`${API}/import-result`, admin, { id: failed.resultId! });
    expect(result.statusCode).toBe(200);
    const rows = await sheetRows(result.rawPayload);
    const reasons = rows.slice(1).map((r) => `${r[0]} ${r.at(-1)}`);
    expect(reasons).toEqual([
      expect.stringMatching(/^3 .*链接地址：链接地址须以http:\/\/或https:\/\/开头/),
      expect.stringMatching(/^5 .*接入方编码：接入方不存在/),
      expect.stringMatching(/^6 .*产品编码：产品页链接须选择产品/),
    ]);
    // Another user may not read the result; another tenant's import does not see our codes.
    expect(
      (await t.get(`${API}/import-result`, operator, { id: failed.resultId! })).statusCode,
    ).toBe(404);
    const theirs = data<ImportAnswer>(
      await upload(
        tenantAdmin,
        await workbook([HEADER, ['他们', '', '', '', '', 'CC1']]),
        't.xlsx',
      ),
    );
    expect([theirs.status, theirs.errors[0]?.message]).toEqual(['failed', '接入方不存在']);
  });

  it('offers the tenant’s pictures to the form', async () => {
    const mine = await insertPic(t, '000000', '候选');
    const theirs = await insertPic(t, DEMO_TENANT, '他们');
    const options = data<{ id: string }[]>(await t.get(`${API}/picture-options`, admin)).map(
      (p) => p.id,
    );
    expect(options).toContain(mine);
    expect(options).not.toContain(theirs);
  });

  it('lets the content screens read the access-party and product pickers (reads only)', async () => {
    // The operator stripped down to the two content screens.
    const { db } = t.database;
    const user = await db
      .selectFrom('bladeUser')
      .select('roleId')
      .where('account', '=', 'operator')
      .where('tenantId', '=', '000000')
      .executeTakeFirstOrThrow();
    const others = await db
      .selectFrom('bladeMenu')
      .select('id')
      .where('code', 'not like', 'client_content%')
      .where('code', 'not like', 'client_draft%')
      .execute();
    await db
      .deleteFrom('bladeRoleMenu')
      .where('roleId', '=', user.roleId)
      .where(
        'menuId',
        'in',
        others.map((o) => o.id),
      )
      .execute();
    const base = '/api/blade-quanyi-platform-client';
    expect((await t.get(`${base}/psclient/listAllClient`, operator)).statusCode).toBe(200);
    expect((await t.get(`${base}/psclient-product/list-all`, operator)).statusCode).toBe(200);
    expect(
      (await t.post(`${base}/psclient/submit`, operator, { clientCode: 'X' })).statusCode,
    ).toBe(403);
    expect((await t.get(`${API}/query/list`, operator)).statusCode).toBe(200);
  });
});
