import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../lib/password.js';
import { inspectXlsx } from '../../lib/import/zip-check.js';
import {
  createTestApp,
  data,
  DEMO_PASSWORD,
  DEMO_TENANT,
  type TestApp,
} from '../../test/support.js';
import { USER } from './test-helpers.js';

const HEADERS = ['账户', '姓名', '昵称', '邮箱', '手机', '角色名称', '部门名称', '岗位名称'];

/** A workbook whose first sheet holds `rows` (the first row is the header). */
async function workbook(rows: (string | number | null)[][], sheetName = '用户数据') {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function readBook(body: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ExcelJS.Buffer);
  return book;
}

const sheetRows = (sheet: ExcelJS.Worksheet) => {
  const out: string[][] = [];
  sheet.eachRow((row) => {
    const values: string[] = [];
    for (let c = 1; c <= sheet.columnCount; c++) values.push(row.getCell(c).text);
    out.push(values);
  });
  return out;
};

interface ImportAnswer {
  id: string;
  status: 'success' | 'failed' | 'duplicate';
  fileName: string;
  total: number;
  created: number;
  updated: number;
  failed: number;
  errors: { row: number; column: string; message: string }[];
  resultId: string | null;
  importTime: string;
}

describe('blade-user import (import engine)', () => {
  let t: TestApp;
  let admin: string;
  let tenantAdmin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
    tenantAdmin = await t.tenantAdminToken();
  });
  afterAll(() => t.close());

  /** POST a multipart upload the way a browser's FormData sends it. */
  async function upload(
    token: string | undefined,
    file: Buffer,
    fileName: string,
    query: Record<string, string> = {},
    field = 'file',
  ): Promise<LightMyRequestResponse> {
    const form = new FormData();
    form.append(field, new Blob([new Uint8Array(file)]), fileName);
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    return t.inject({
      method: 'POST',
      url: `${USER}/import-user`,
      query,
      headers: {
        'content-type': request.headers.get('content-type')!,
        ...(token ? { 'blade-auth': `bearer ${token}` } : {}),
      },
      payload: Buffer.from(await request.arrayBuffer()),
    });
  }

  const imported = (res: LightMyRequestResponse) => data<ImportAnswer>(res);

  const users = (tenantId: string, accounts: string[]) =>
    t.app.ctx.db
      .selectFrom('bladeUser')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where('account', 'in', accounts)
      .where('isDeleted', '=', 0)
      .execute();

  const idsOf = async (table: 'bladeRole' | 'bladeDept', tenantId: string) => {
    const rows =
      table === 'bladeRole'
        ? await t.app.ctx.db
            .selectFrom('bladeRole')
            .select(['id', 'roleName as name'])
            .where('tenantId', '=', tenantId)
            .execute()
        : await t.app.ctx.db
            .selectFrom('bladeDept')
            .select(['id', 'deptName as name'])
            .where('tenantId', '=', tenantId)
            .execute();
    return new Map(rows.map((r) => [r.name, r.id]));
  };

  it('serves the template: the header row as an attachment, an example on a second sheet', async () => {
    expect((await t.get(`${USER}/export-template`)).statusCode).toBe(401);
    const res = await t.get(`${USER}/export-template`, tenantAdmin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('用户数据模板.xlsx'));
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const book = await readBook(res.rawPayload);
    const [first, second] = book.worksheets;
    expect(sheetRows(first!)).toEqual([HEADERS]);
    expect(second!.name).toBe('填写说明');
    expect(sheetRows(second!)).toContainEqual(['账户', '是', 'zhangsan', expect.any(String)]);
  });

  it('creates every user of a good file in the caller tenant, who must change the password', async () => {
    const file = await workbook([
      HEADERS,
      ['imp_a', '导入甲', '', 'a@example.com', '13700000001', '员工', '销售部', ''],
      // Role by alias, several departments (full-width comma), a phone typed as a number.
      ['imp_b', '导入乙', '小乙', '', 13700000002, 'staff，admin', '销售部，客服部', null],
      [],
      ['imp_c', '导入丙', '', '', '', '', '', ''],
    ]);
    const answer = imported(await upload(tenantAdmin, file, '用户.xlsx'));
    expect(answer).toMatchObject({
      status: 'success',
      fileName: '用户.xlsx',
      total: 3,
      created: 3,
      updated: 0,
      failed: 0,
      resultId: null,
    });

    const roles = await idsOf('bladeRole', DEMO_TENANT);
    const depts = await idsOf('bladeDept', DEMO_TENANT);
    const rows = await users(DEMO_TENANT, ['imp_a', 'imp_b', 'imp_c']);
    const by = new Map(rows.map((r) => [r.account, r]));
    expect(by.get('imp_a')).toMatchObject({
      realName: '导入甲',
      name: '导入甲',
      email: 'a@example.com',
      phone: '13700000001',
      roleId: roles.get('员工'),
      deptId: depts.get('销售部'),
      status: 1,
      mustChangePassword: 1,
    });
    expect(by.get('imp_b')).toMatchObject({
      name: '小乙',
      phone: '13700000002',
      roleId: [roles.get('员工'), roles.get('租户管理员')].join(','),
      deptId: [depts.get('销售部'), depts.get('客服部')].join(','),
    });
    expect(by.get('imp_c')).toMatchObject({ roleId: '', deptId: '', email: null, phone: null });
    // No well-known initial password: an imported user signs in only after a reset.
    expect((await verifyPassword('Quanyi@123', by.get('imp_c')!.password)).ok).toBe(false);
    expect((await t.tokenRequest('imp_c', 'Quanyi@123', DEMO_TENANT)).statusCode).toBe(400);

    const record = await t.app.ctx.db
      .selectFrom('bladeImport')
      .selectAll()
      .where('id', '=', answer.id)
      .executeTakeFirstOrThrow();
    expect(record).toMatchObject({
      tenantId: DEMO_TENANT,
      importType: 'user',
      status: 'success',
      totalCount: 3,
      createdCount: 3,
      fileName: '用户.xlsx',
    });
    expect(record.fileHash).toMatch(/^[0-9a-f]{64}$/);

    // The same file again: nothing written twice, the earlier counts are told.
    const again = await upload(tenantAdmin, file, '用户-副本.xlsx');
    expect(again.json()).toMatchObject({ code: 200, msg: expect.stringContaining('未重复导入') });
    expect(imported(again)).toMatchObject({
      status: 'duplicate',
      id: answer.id,
      total: 3,
      created: 3,
      importTime: answer.importTime,
    });
    expect(await users(DEMO_TENANT, ['imp_a', 'imp_b', 'imp_c'])).toHaveLength(3);
    // Covering does not make it new either.
    expect(imported(await upload(tenantAdmin, file, 'x.xlsx', { isCovered: '1' })).status).toBe(
      'duplicate',
    );
  });

  it('writes a file once when it is uploaded twice at the same time', async () => {
    const file = await workbook([
      HEADERS,
      ['race_a', '并发甲', '', '', '', '', '', ''],
      ['race_b', '并发乙', '', '', '', '', '', ''],
    ]);
    const answers = (
      await Promise.all([
        upload(tenantAdmin, file, 'r1.xlsx'),
        upload(tenantAdmin, file, 'r2.xlsx'),
      ])
    ).map(imported);
    expect(answers.map((a) => a.status).sort()).toEqual(['duplicate', 'success']);
    expect(await users(DEMO_TENANT, ['race_a', 'race_b'])).toHaveLength(2);
  });

  it('writes nothing when one row is bad, and the result file names the row and why', async () => {
    const file = await workbook([
      HEADERS,
      ['bad_a', '坏甲', '', '', '13700000011', '员工', '', ''],
      ['bad_b', '坏乙', '', '', '1370000001x', '员工', '', ''],
      ['bad_c', '坏丙', '', '', '', '', '', ''],
    ]);
    const res = await upload(tenantAdmin, file, 'bad.xlsx');
    expect(res.json()).toMatchObject({ code: 200, msg: expect.stringContaining('未导入任何数据') });
    const answer = imported(res);
    expect(answer).toMatchObject({
      status: 'failed',
      total: 3,
      created: 0,
      failed: 1,
      errors: [{ row: 3, column: '手机', message: '手机号码格式不正确' }],
    });
    expect(answer.resultId).toBeTruthy();
    expect(await users(DEMO_TENANT, ['bad_a', 'bad_b', 'bad_c'])).toEqual([]);

    const result = await t.get(`${USER}/import-result`, tenantAdmin, { id: answer.resultId! });
    expect(result.statusCode).toBe(200);
    expect(result.headers['content-disposition']).toMatch(/^attachment;/);
    expect(result.headers['content-disposition']).toContain(
      encodeURIComponent('bad-导入结果.xlsx'),
    );
    expect(result.headers['x-content-type-options']).toBe('nosniff');
    const sheet = (await readBook(result.rawPayload)).worksheets[0]!;
    expect(sheetRows(sheet)).toEqual([
      ['行号', ...HEADERS, '错误原因'],
      ['3', 'bad_b', '坏乙', '', '', '1370000001x', '员工', '', '', '手机：手机号码格式不正确'],
    ]);

    // Only its uploader downloads it; another tenant's id is unknown.
    expect((await t.get(`${USER}/import-result`, admin, { id: answer.resultId! })).statusCode).toBe(
      404,
    );

    // A failed file may be uploaded again once fixed: this one is still wrong.
    expect(imported(await upload(tenantAdmin, file, 'bad.xlsx')).status).toBe('failed');
  });

  it('reports every problem of every row: required, patterns, duplicates, unknown names, taken accounts', async () => {
    const file = await workbook([
      HEADERS,
      ['', '', '', 'not-mail', '123', '', '', ''],
      ['dup_a', '重复甲', '', '', '', '', '', ''],
      ['dup_a', '重复乙', '', '', '', '', '', ''],
      ['has space', '空格', '', '', '', '', '', ''],
      ['ref_a', '引用', '', '', '', '无此角色,员工', '无此部门', ''],
      ['sales', '已存在', '', '', '', '', '', ''],
    ]);
    const answer = imported(await upload(tenantAdmin, file, 'many.xlsx'));
    expect(answer.status).toBe('failed');
    expect(answer.failed).toBe(5);
    expect(answer.errors).toEqual([
      { row: 2, column: '账户', message: '请输入账号' },
      { row: 2, column: '姓名', message: '请输入用户姓名' },
      { row: 2, column: '邮箱', message: '请输入正确的邮箱' },
      { row: 2, column: '手机', message: '手机号码长度不是11位' },
      { row: 4, column: '账户', message: '与第3行重复' },
      { row: 5, column: '账户', message: '账号只能包含字母、数字和_.-@' },
      { row: 6, column: '角色名称', message: '角色不存在：无此角色' },
      { row: 6, column: '部门名称', message: '部门不存在：无此部门' },
      { row: 7, column: '账户', message: '当前账号已被使用!' },
    ]);
    const result = await t.get(`${USER}/import-result`, tenantAdmin, { id: answer.resultId! });
    const rows = sheetRows((await readBook(result.rawPayload)).worksheets[0]!);
    expect(rows.map((r) => [r[0], r.at(-1)])).toEqual([
      ['行号', '错误原因'],
      [
        '2',
        '账户：请输入账号；姓名：请输入用户姓名；邮箱：请输入正确的邮箱；手机：手机号码长度不是11位',
      ],
      ['4', '账户：与第3行重复'],
      ['5', '账户：账号只能包含字母、数字和_.-@'],
      ['6', '角色名称：角色不存在：无此角色；部门名称：部门不存在：无此部门'],
      ['7', '账户：当前账号已被使用!'],
    ]);
    expect(await users(DEMO_TENANT, ['dup_a'])).toEqual([]);
  });

  it('tells unknown roles and departments apart, and knows only those of the caller tenant', async () => {
    // 员工/销售部 exist in the demo tenant only; the super administrator imports into 000000.
    const file = await workbook([
      HEADERS,
      ['iso_a', '隔离甲', '', '', '', '员工', '销售部', ''],
      ['iso_b', '隔离乙', '', '', '', '用户', '运营部', ''],
    ]);
    const answer = imported(await upload(admin, file, 'iso.xlsx'));
    expect(answer).toMatchObject({
      status: 'failed',
      failed: 1,
      errors: [
        { row: 2, column: '角色名称', message: '角色不存在：员工' },
        { row: 2, column: '部门名称', message: '部门不存在：销售部' },
      ],
    });
    expect(await users('000000', ['iso_a', 'iso_b'])).toEqual([]);
    // The same names are fine in their own tenant (and 用户/运营部 unknown there).
    const own = imported(await upload(tenantAdmin, file, 'iso.xlsx'));
    expect(own.errors).toEqual([
      { row: 3, column: '角色名称', message: '角色不存在：用户' },
      { row: 3, column: '部门名称', message: '部门不存在：运营部' },
    ]);
    const first = await workbook([HEADERS, ['iso_a', '隔离甲', '', '', '', '员工', '销售部', '']]);
    expect(imported(await upload(tenantAdmin, first, 'iso-a.xlsx')).status).toBe('success');
    expect(await users(DEMO_TENANT, ['iso_a'])).toHaveLength(1);
  });

  it('updates existing accounts with isCovered=1 (blank cells keep their values)', async () => {
    const before = (await users(DEMO_TENANT, ['service']))[0]!;
    const file = await workbook([
      HEADERS,
      ['service', '吴客服改', '', 'svc@example.com', '', '员工', '', ''],
      ['cover_new', '新用户', '', '', '', '', '', ''],
    ]);
    const refused = imported(await upload(tenantAdmin, file, 'cover.xlsx'));
    expect(refused.errors).toEqual([{ row: 2, column: '账户', message: '当前账号已被使用!' }]);
    const answer = imported(await upload(tenantAdmin, file, 'cover.xlsx', { isCovered: '1' }));
    expect(answer).toMatchObject({ status: 'success', created: 1, updated: 1 });
    const after = (await users(DEMO_TENANT, ['service']))[0]!;
    expect(after).toMatchObject({
      id: before.id,
      realName: '吴客服改',
      name: before.name,
      phone: before.phone,
      email: 'svc@example.com',
      deptId: before.deptId,
      password: before.password,
      version: before.version + 1,
    });
    expect(await users(DEMO_TENANT, ['cover_new'])).toHaveLength(1);
  });

  it('refuses a file over the size limit with 413', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x41);
    big.write('PK\x03\x04', 0, 'latin1');
    const res = await upload(tenantAdmin, big, 'big.xlsx');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 413, success: false, msg: '单个文件不能超过10M' });
  });

  it('refuses what is not an .xlsx by name and content with 400', async () => {
    const good = await workbook([HEADERS, ['type_a', '类型', '', '', '', '', '', '']]);
    const cases: [Buffer, string][] = [
      [Buffer.from('account,realName\ntype_a,类型\n'), 'users.xlsx'], // text named .xlsx
      [Buffer.from('account,realName\ntype_a,类型\n'), 'users.csv'],
      [good, 'users.csv'], // a workbook named .csv
      [Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(100)]), 'zip.xlsx'],
    ];
    for (const [file, name] of cases) {
      const res = await upload(tenantAdmin, file, name);
      expect(res.statusCode, name).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, msg: '请上传正确的excel文件!' });
    }
    // No file at all, or under another field name.
    const json = await t.post(`${USER}/import-user`, tenantAdmin, { file: 'x' });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ msg: '请上传文件!' });
    expect((await upload(tenantAdmin, good, 'a.xlsx', {}, 'upload')).json()).toMatchObject({
      msg: '请上传文件!',
    });
    // A workbook without the template's columns.
    const other = await workbook([
      ['名称', '数量'],
      ['a', 1],
    ]);
    expect((await upload(tenantAdmin, other, 'other.xlsx')).json()).toMatchObject({
      code: 400,
      msg: '导入模板不正确，缺少列：账户、姓名',
    });
    expect(await users(DEMO_TENANT, ['type_a'])).toEqual([]);
  });

  it('refuses a zip that unpacks beyond the limit before exceljs reads it', () => {
    // A stored zip whose one deflated entry inflates to 2 MB, checked against a 1 MB limit.
    const data = deflateRawSync(Buffer.alloc(2 * 1024 * 1024));
    const name = Buffer.from('xl/workbook.xml');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(100, 22); // declared small: the check does not trust it
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(100, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(0, 42);
    const body = Buffer.concat([local, name, data]);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(1, 8);
    end.writeUInt16LE(1, 10);
    end.writeUInt32LE(46 + name.length, 12);
    end.writeUInt32LE(body.length, 16);
    const zip = Buffer.concat([body, central, name, end]);
    expect(inspectXlsx(zip, { maxUnpacked: 1024 * 1024, maxEntries: 10 })).toBe('too-large');
    expect(inspectXlsx(zip, { maxUnpacked: 4 * 1024 * 1024, maxEntries: 10 })).toBe('not-xlsx');
  });

  it('needs user_import to upload and to fetch a result', async () => {
    const staff = await t.login('sales', DEMO_PASSWORD, DEMO_TENANT);
    const file = await workbook([HEADERS, ['perm_a', '权限', '', '', '', '', '', '']]);
    expect((await upload(undefined, file, 'p.xlsx')).statusCode).toBe(401);
    const res = await upload(staff, file, 'p.xlsx');
    expect(res.statusCode).toBe(403);
    expect((await t.get(`${USER}/import-result`, staff, { id: '1' })).statusCode).toBe(403);
    expect(await users(DEMO_TENANT, ['perm_a'])).toEqual([]);
    // The template is for anyone signed in (BladeX).
    expect((await t.get(`${USER}/export-template`, staff)).statusCode).toBe(200);
  });
});
