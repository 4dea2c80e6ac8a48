import fs from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  data,
  DEMO_PASSWORD,
  DEMO_TENANT,
  type TestApp,
} from '../../../test/support.js';

const DOCX = Buffer.concat([
  Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 6, 0]),
  Buffer.from('word/document.xml'),
]);
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('IHDR fake image'),
]);
const PDF = Buffer.from('%PDF-1.4\n%test\n');

interface FileRecord {
  link: string;
  domain: string;
  name: string;
  originalName: string;
  attachId: string;
}
interface Attach {
  id: string;
  originalName: string;
  extension: string;
  attachSize: number;
  createUserName: string;
  link: string;
}
interface Page {
  records: Attach[];
  total: number;
}

/** A multipart body with one part (a file unless `filename` is null). */
function multipart(content: Buffer, filename: string | null, field = 'file') {
  const boundary = `----quanyi${Math.random().toString(16).slice(2)}`;
  const disposition =
    filename === null
      ? `form-data; name="${field}"`
      : `form-data; name="${field}"; filename="${filename}"`;
  const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([
      Buffer.from(head, 'utf8'),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const msg = (res: LightMyRequestResponse) => (res.json() as { msg: string }).msg;

/** Every file under a folder (relative paths). */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

describe('blade-resource uploads and attachments', () => {
  let t: TestApp;
  let tenantAdmin: string;
  let staff: string;
  let superAdmin: string;
  let dataDir: string;

  beforeAll(async () => {
    t = await createTestApp();
    tenantAdmin = await t.tenantAdminToken();
    staff = await t.login('sales', DEMO_PASSWORD, DEMO_TENANT);
    superAdmin = await t.adminToken();
    dataDir = t.app.ctx.config.dataDir;
  });
  afterAll(() => t.close());

  const upload = (
    token: string | undefined,
    content: Buffer,
    filename: string | null,
    endpoint = 'put-file',
    field = 'file',
  ) => {
    const body = multipart(content, filename, field);
    return t.inject({
      method: 'POST',
      url: `/api/blade-resource/oss/endpoint/${endpoint}`,
      headers: { ...body.headers, ...(token ? { 'blade-auth': `bearer ${token}` } : {}) },
      payload: body.payload,
    });
  };
  const download = (token: string, id: string) =>
    t.get('/api/blade-resource/attach/download', token, { id });

  it('stores an upload under a server-made key and downloads it as an attachment', async () => {
    const res = await upload(tenantAdmin, DOCX, '季度报告.docx');
    const file = data<FileRecord>(res);
    expect(file.originalName).toBe('季度报告.docx');
    expect(file.name).toMatch(/^100001\/\d{8}\/[0-9a-f]{32}\.docx$/);
    expect(file.link).toBe(`blade-resource/attach/download?id=${file.attachId}`);
    expect(fs.readFileSync(path.join(dataDir, 'files', ...file.name.split('/')))).toEqual(DOCX);

    const got = await download(tenantAdmin, file.attachId);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload).toEqual(DOCX);
    expect(got.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(got.headers['content-disposition']).toBe(
      `attachment; filename="____.docx"; filename*=UTF-8''%E5%AD%A3%E5%BA%A6%E6%8A%A5%E5%91%8A.docx`,
    );
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['cache-control']).toBe('no-store');

    const page = data<Page>(
      await t.get('/api/blade-resource/attach/list', tenantAdmin, { originalName: '季度' }),
    );
    expect(page.records).toHaveLength(1);
    expect(page.records[0]).toMatchObject({
      id: file.attachId,
      originalName: '季度报告.docx',
      extension: 'docx',
      attachSize: DOCX.length,
      createUserName: '陈管理',
    });
  });

  it('answers the same file record on the {org}-put-file path', async () => {
    const file = data<FileRecord>(await upload(tenantAdmin, PDF, 'terms.pdf', 'quanyi-put-file'));
    expect(file.originalName).toBe('terms.pdf');
    expect((await download(tenantAdmin, file.attachId)).rawPayload).toEqual(PDF);
  });

  it('refuses a file whose content is not its type, and keeps nothing of it', async () => {
    const before = filesUnder(path.join(dataDir, 'files', DEMO_TENANT));
    const res = await upload(
      tenantAdmin,
      Buffer.from('just some text, not a document'),
      'fake.docx',
    );
    expect(res.statusCode).toBe(400);
    expect(msg(res)).toBe('文件内容与文件类型不符');
    // A PNG called .jpg is refused too.
    const png = await upload(tenantAdmin, PNG, 'photo.jpg');
    expect(png.statusCode).toBe(400);
    expect(filesUnder(path.join(dataDir, 'files', DEMO_TENANT))).toEqual(before);
    expect(filesUnder(path.join(dataDir, 'files', '.incoming'))).toEqual([]);
    const page = data<Page>(
      await t.get('/api/blade-resource/attach/list', tenantAdmin, { originalName: 'fake' }),
    );
    expect(page.total).toBe(0);
  });

  it('refuses extensions outside the allowlist and requests without a file', async () => {
    const html = await upload(tenantAdmin, Buffer.from('<script>alert(1)</script>'), 'x.html');
    expect(html.statusCode).toBe(400);
    expect(msg(html)).toBe('只能上传 doc/docx/xls/xlsx/pdf/jpg/jpeg/png 格式的文件');
    const none = await upload(tenantAdmin, Buffer.from('x'), null, 'put-file', 'note');
    expect(none.statusCode).toBe(400);
    expect(msg(none)).toBe('请上传文件!');
    const otherField = await upload(tenantAdmin, DOCX, 'a.docx', 'put-file', 'upload');
    expect(msg(otherField)).toBe('请上传文件!');
    const json = await t.post('/api/blade-resource/oss/endpoint/put-file', tenantAdmin, {});
    expect(json.statusCode).toBe(400);
    expect(msg(json)).toBe('请上传文件!');
    const empty = await upload(tenantAdmin, Buffer.alloc(0), 'empty.pdf');
    expect(msg(empty)).toBe('上传文件不能为空');
  });

  it('refuses a file over 10 MB with 413 and the spec message', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024 + 1 - PDF.length, 0x20)]);
    const res = await upload(tenantAdmin, big, 'big.pdf');
    expect(res.statusCode).toBe(413);
    expect(msg(res)).toBe('单个文件不能超过10M');
    const exact = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024 - PDF.length, 0x20)]);
    expect((await upload(tenantAdmin, exact, 'exact.pdf')).statusCode).toBe(200);
    expect(filesUnder(path.join(dataDir, 'files', '.incoming'))).toEqual([]);
  });

  it('takes avatars as jpg/png up to 500 KB and serves them at a public image address', async () => {
    const tooBig = Buffer.concat([PNG, Buffer.alloc(500 * 1024 + 1 - PNG.length)]);
    const big = await upload(staff, tooBig, 'me.png', 'put-file-avatar');
    expect(big.statusCode).toBe(413);
    expect(msg(big)).toBe('头像大小不能超过500KB');
    const doc = await upload(staff, DOCX, 'me.docx', 'put-file-avatar');
    expect(doc.statusCode).toBe(400);
    expect(msg(doc)).toBe('只能上传 jpg/jpeg/png 格式的文件');
    const fake = await upload(
      staff,
      Buffer.from('<svg onload=alert(1)>'),
      'me.png',
      'put-file-avatar',
    );
    expect(msg(fake)).toBe('文件内容与文件类型不符');

    const atLimit = Buffer.concat([PNG, Buffer.alloc(500 * 1024 - PNG.length)]);
    const file = data<FileRecord>(await upload(staff, atLimit, 'me.png', 'put-file-avatar'));
    expect(file.link).toMatch(
      /^\/api\/blade-resource\/oss\/endpoint\/avatar\/100001\/[0-9a-f]{32}\.png$/,
    );
    const img = await t.inject({ method: 'GET', url: file.link });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    // Byte-compare (toEqual walks a Buffer element by element).
    expect(img.rawPayload.equals(atLimit)).toBe(true);
    // The profile takes the link as the avatar.
    const saved = await t.post('/api/blade-user/update-info', staff, {
      avatar: file.link,
      name: '小销',
      realName: '周销售',
    });
    expect(saved.statusCode).toBe(200);

    const guessed = await t.inject({
      method: 'GET',
      url: `/api/blade-resource/oss/endpoint/avatar/100001/${'0'.repeat(32)}.png`,
    });
    expect(guessed.statusCode).toBe(404);
    // An ordinary upload is never reachable through the public address.
    const doc2 = data<FileRecord>(await upload(staff, PNG, 'plain.png'));
    const random = doc2.name.split('/').pop()!;
    const leaked = await t.inject({
      method: 'GET',
      url: `/api/blade-resource/oss/endpoint/avatar/100001/${random}`,
    });
    expect(leaked.statusCode).toBe(404);
  });

  it('makes client file names harmless: no path ever comes from them', async () => {
    const names = ['../../../../etc/passwd.docx', '..\\..\\evil.docx', '/abs/root.docx'];
    const outside = path.dirname(dataDir);
    // Only what the names could make: other tests create temp directories here meanwhile.
    const fromNames = () =>
      fs.readdirSync(outside).filter((n) => /evil|passwd|root\.docx|^abs$|^etc$/.test(n));
    const before = fromNames();
    for (const name of names) {
      const file = data<FileRecord>(await upload(tenantAdmin, DOCX, name));
      expect(file.name).toMatch(/^100001\/\d{8}\/[0-9a-f]{32}\.docx$/);
      expect(file.originalName).not.toMatch(/[\\/]/);
      expect(file.originalName.endsWith('.docx')).toBe(true);
    }
    expect(fromNames()).toEqual(before);
    expect(fs.existsSync(path.join(dataDir, 'evil.docx'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'files', 'evil.docx'))).toBe(false);
  });

  it("keeps each tenant's attachments to itself", async () => {
    const theirs = data<FileRecord>(await upload(tenantAdmin, PDF, 'tenant-only.pdf'));
    const ours = data<FileRecord>(await upload(superAdmin, PDF, 'platform-only.pdf'));
    expect(ours.name.startsWith('000000/')).toBe(true);

    const platformList = data<Page>(
      await t.get('/api/blade-resource/attach/list', superAdmin, { size: '100' }),
    );
    expect(platformList.records.map((r) => r.id)).toEqual([ours.attachId]);
    const tenantList = data<Page>(
      await t.get('/api/blade-resource/attach/list', tenantAdmin, { size: '100' }),
    );
    expect(tenantList.records.map((r) => r.id)).toContain(theirs.attachId);
    expect(tenantList.records.map((r) => r.id)).not.toContain(ours.attachId);

    expect(
      (await t.get('/api/blade-resource/attach/detail', superAdmin, { id: theirs.attachId }))
        .statusCode,
    ).toBe(404);
    expect((await download(superAdmin, theirs.attachId)).statusCode).toBe(404);
    expect((await download(tenantAdmin, ours.attachId)).statusCode).toBe(404);
    const remove = await t.post('/api/blade-resource/attach/remove', superAdmin, undefined, {
      ids: theirs.attachId,
    });
    expect(remove.statusCode).toBe(404);
    expect((await download(tenantAdmin, theirs.attachId)).statusCode).toBe(200);
  });

  it('needs the attachment codes for the screen; the uploader may fetch their own file', async () => {
    const mine = data<FileRecord>(await upload(staff, PDF, 'staff.pdf'));
    const admins = data<FileRecord>(await upload(tenantAdmin, PDF, 'admin.pdf'));
    expect((await t.get('/api/blade-resource/attach/list', staff)).statusCode).toBe(403);
    expect((await download(staff, mine.attachId)).statusCode).toBe(200);
    expect((await download(staff, admins.attachId)).statusCode).toBe(403);
    const remove = await t.post('/api/blade-resource/attach/remove', staff, undefined, {
      ids: mine.attachId,
    });
    expect(remove.statusCode).toBe(403);
    expect((await upload(undefined, PDF, 'anon.pdf')).statusCode).toBe(401);
    expect(
      (await t.get('/api/blade-resource/attach/download', undefined, { id: mine.attachId }))
        .statusCode,
    ).toBe(401);
  });

  it('renames an attachment, keeping its type', async () => {
    const file = data<FileRecord>(await upload(tenantAdmin, PDF, 'draft.pdf'));
    const res = await t.post('/api/blade-resource/attach/submit', tenantAdmin, {
      id: file.attachId,
      originalName: '合同终稿',
    });
    expect(res.statusCode).toBe(200);
    const detail = data<Attach>(
      await t.get('/api/blade-resource/attach/detail', tenantAdmin, { id: file.attachId }),
    );
    expect(detail.originalName).toBe('合同终稿.pdf');
    const bad = await t.post('/api/blade-resource/attach/submit', tenantAdmin, {
      id: file.attachId,
      originalName: '../x.pdf',
    });
    expect(bad.statusCode).toBe(400);
  });

  // Issue 15 item 10: two operators renaming the same attachment; the later save does not overwrite.
  it('answers 409 to a stale rename and keeps the first', async () => {
    const file = data<FileRecord>(await upload(tenantAdmin, PDF, 'lock.pdf'));
    const id = file.attachId;
    const detail = async () =>
      data<Attach & { version: number }>(
        await t.get('/api/blade-resource/attach/detail', tenantAdmin, { id }),
      );
    const { version } = await detail();
    expect(version).toBe(1);
    const rename = (originalName: string) =>
      t.post('/api/blade-resource/attach/submit', tenantAdmin, { id, version, originalName });
    expect((await rename('第一次')).statusCode).toBe(200);
    const stale = await rename('第二次');
    expect(stale.statusCode).toBe(409);
    expect(msg(stale)).toBe('数据已被其他用户修改，请刷新后重试');
    expect(await detail()).toMatchObject({ originalName: '第一次.pdf', version: 2 });
  });

  it('removes the rows and the stored files, all or nothing', async () => {
    const a = data<FileRecord>(await upload(tenantAdmin, PDF, 'a.pdf'));
    const b = data<FileRecord>(await upload(tenantAdmin, PDF, 'b.pdf'));
    const stored = (f: FileRecord) =>
      fs.existsSync(path.join(dataDir, 'files', ...f.name.split('/')));
    const partly = await t.post('/api/blade-resource/attach/remove', tenantAdmin, undefined, {
      ids: `${a.attachId},999`,
    });
    expect(partly.statusCode).toBe(404);
    expect(stored(a)).toBe(true);

    const res = await t.post('/api/blade-resource/attach/remove', tenantAdmin, undefined, {
      ids: `${a.attachId},${b.attachId}`,
    });
    expect(res.statusCode).toBe(200);
    expect(stored(a)).toBe(false);
    expect(stored(b)).toBe(false);
    expect((await download(tenantAdmin, a.attachId)).statusCode).toBe(404);
  });
});
