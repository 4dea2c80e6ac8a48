import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  data,
  DEMO_PASSWORD,
  DEMO_TENANT,
  type TestApp,
} from '../../../test/support.js';

/** A PNG header (signature + IHDR) of the given size, then filler bytes. */
function png(width: number, height: number, filler = 32): Buffer {
  const b = Buffer.alloc(33 + filler, 7);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b, 0);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'latin1');
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  return b;
}

interface Picture {
  id: string;
  folderId: string;
  name: string;
  originalName: string;
  link: string;
  size: number;
  extension: string;
  width: number | '';
  height: number | '';
  createTime: string;
}
interface Page {
  records: Picture[];
  total: number;
  current: number;
  size: number;
  pages: number;
}
interface FolderNode {
  id: string;
  parentId: string;
  title: string;
  label: string;
  hasChildren: boolean;
  children?: FolderNode[];
}

function multipart(content: Buffer, filename: string) {
  const boundary = `----quanyi${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
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
const BASE = '/api/blade-system/pic-stock';

describe('blade-system/pic-stock', () => {
  let t: TestApp;
  let admin: string; // tenant 000000
  let other: string; // tenant 100001's administrator
  let staff: string; // tenant 100001, no picture-stock codes

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
    other = await t.tenantAdminToken();
    staff = await t.login('sales', DEMO_PASSWORD, DEMO_TENANT);
  });
  afterAll(() => t.close());

  const upload = (token: string, content: Buffer, filename: string, folderId?: string) => {
    const body = multipart(content, filename);
    return t.inject({
      method: 'POST',
      url: `${BASE}/put-file`,
      headers: { ...body.headers, 'blade-auth': `bearer ${token}` },
      payload: body.payload,
      ...(folderId ? { query: { folderId } } : {}),
    });
  };
  const folderSubmit = (token: string, body: Record<string, unknown>) =>
    t.post(`${BASE}/folder-submit`, token, body);
  const newFolder = async (token: string, name: string, parentId = '0') =>
    data<{ id: string }>(await folderSubmit(token, { name, parentId })).id;
  const list = async (token: string, query: Record<string, string>) =>
    data<Page>(await t.get(`${BASE}/pic-list`, token, query));

  it('keeps folders as a tree and refuses bad names, foreign parents and cycles', async () => {
    const goods = await newFolder(admin, '商品图');
    const banners = await newFolder(admin, '横幅', goods);
    const tree = data<FolderNode[]>(await t.get(`${BASE}/tree-datas`, admin));
    const top = tree.find((n) => n.id === goods)!;
    expect(top).toMatchObject({
      parentId: '0',
      title: '商品图',
      label: '商品图',
      hasChildren: true,
    });
    expect(top.children?.map((c) => [c.id, c.title])).toEqual([[banners, '横幅']]);

    expect(msg(await folderSubmit(admin, { name: '  ' }))).toBe('name:请输入文件夹名称');
    expect(msg(await folderSubmit(admin, { name: 'x'.repeat(65) }))).toBe(
      'name:长度不能超过64个字符',
    );
    const same = await folderSubmit(admin, { name: '横幅', parentId: goods });
    expect(same.statusCode).toBe(400);
    expect(msg(same)).toBe('name:同一位置已有同名文件夹');
    // Moving a folder under itself or its own child would make a loop.
    expect(msg(await folderSubmit(admin, { id: goods, name: '商品图', parentId: banners }))).toBe(
      'parentId:上级文件夹不能是当前文件夹或其子文件夹',
    );
    expect(msg(await folderSubmit(admin, { id: goods, name: '商品图', parentId: goods }))).toBe(
      'parentId:上级文件夹不能是当前文件夹或其子文件夹',
    );
    // Renaming works.
    const renamed = await folderSubmit(admin, { id: banners, name: '活动横幅', parentId: goods });
    expect(renamed.statusCode).toBe(200);
    const again = data<FolderNode[]>(await t.get(`${BASE}/tree-datas`, admin));
    expect(again.find((n) => n.id === goods)!.children![0]!.title).toBe('活动横幅');
  });

  it("keeps another tenant's folders and pictures invisible and unwritable", async () => {
    const mine = await newFolder(admin, '仅总部可见');
    const picture = data<Picture>(await upload(admin, png(10, 10), 'hq.png', mine));

    const theirs = data<FolderNode[]>(await t.get(`${BASE}/tree-datas`, other));
    expect(JSON.stringify(theirs)).not.toContain(mine);
    expect((await list(other, { folderId: mine })).total).toBe(0);
    expect(JSON.stringify(await list(other, {}))).not.toContain(picture.id);

    // Not as a parent, not renamed, not removed, not uploaded into; the picture not removed.
    expect((await folderSubmit(other, { name: 'x', parentId: mine })).statusCode).toBe(400);
    expect((await folderSubmit(other, { id: mine, name: '改名' })).statusCode).toBe(404);
    expect(
      (await t.post(`${BASE}/folder-remove`, other, undefined, { ids: mine })).statusCode,
    ).toBe(404);
    const into = await upload(other, png(1, 1), 'x.png', mine);
    expect(into.statusCode).toBe(404);
    expect(msg(into)).toBe('文件夹不存在');
    expect((await t.post(`${BASE}/remove`, other, undefined, { ids: picture.id })).statusCode).toBe(
      404,
    );
    expect((await list(admin, { folderId: mine })).total).toBe(1);

    // A sent tenantId changes nothing: the folder is made in the caller's tenant.
    const planted = await newFolder(other, '租户文件夹');
    await folderSubmit(other, { id: planted, name: '租户文件夹', tenantId: '000000' });
    const hq = data<FolderNode[]>(await t.get(`${BASE}/tree-datas`, admin));
    expect(JSON.stringify(hq)).not.toContain(planted);
  });

  it('stores a checked picture with its size and serves it publicly with its type and nosniff', async () => {
    const folder = await newFolder(admin, '广告图');
    const bytes = png(640, 480);
    const res = await upload(admin, bytes, '首页广告.png', folder);
    const picture = data<Picture>(res);
    expect(picture).toMatchObject({
      folderId: folder,
      name: '首页广告.png',
      originalName: '首页广告.png',
      extension: 'png',
      size: bytes.length,
      width: 640,
      height: 480,
    });
    expect(picture.link).toMatch(
      /^\/api\/blade-system\/pic-stock\/image\/000000\/[0-9a-f]{32}\.png$/,
    );

    // No token: an end user's page shows it.
    const got = await t.get(picture.link);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload).toEqual(bytes);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['cache-control']).toBe('public, max-age=86400');
    expect(got.headers.pragma).toBeUndefined();
    const etag = got.headers.etag as string;
    expect(etag).toBeTruthy();
    const revalidated = await t.inject({
      method: 'GET',
      url: picture.link,
      headers: { 'if-none-match': etag },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);

    // A guessed or malformed address is simply not there (and not cached).
    const guessed = await t.get(picture.link.replace(/[0-9a-f]{32}/, '0'.repeat(32)));
    expect(guessed.statusCode).toBe(404);
    expect(guessed.headers['cache-control']).toBe('no-store');
    expect((await t.get(`${BASE}/image/000000/..%2Fsecret.png`)).statusCode).toBe(404);
    // The list still needs the token.
    expect((await t.get(`${BASE}/pic-list`)).statusCode).toBe(401);
    expect((await t.get(`${BASE}/pic-list`, staff)).statusCode).toBe(403);
    expect((await upload(staff, png(1, 1), 'a.png')).statusCode).toBe(403);
  });

  it('checks the type by content and the size', async () => {
    const text = await upload(admin, Buffer.from('I am plain text, not an image'), 'fake.png');
    expect(text.statusCode).toBe(400);
    expect(msg(text)).toBe('文件内容与文件类型不符');
    const html = await upload(admin, Buffer.from('<svg onload="alert(1)"/>'), 'x.svg');
    expect(html.statusCode).toBe(400);
    expect(msg(html)).toBe('只能上传 jpg/jpeg/png/gif/webp 格式的图片');
    const big = await upload(admin, png(1, 1, 5 * 1024 * 1024), 'big.png');
    expect(big.statusCode).toBe(413);
    expect(msg(big)).toBe('图片大小不能超过5M');
    const none = await t.post(`${BASE}/put-file`, admin, { file: 'x' });
    expect(none.statusCode).toBe(400);
    expect(msg(none)).toBe('请上传文件!');
    // Nothing of the refused uploads was kept.
    const all = await list(admin, { size: '500' });
    expect(all.records.map((p) => p.name)).not.toEqual(
      expect.arrayContaining(['fake.png', 'x.svg', 'big.png']),
    );
  });

  it("lists a folder's pictures newest first, paged and searchable by name", async () => {
    const folder = await newFolder(admin, '分页');
    const names = ['a1.png', 'b2.png', 'c3.png', 'a4.png', 'b5.png'];
    for (const name of names) data(await upload(admin, png(2, 2), name, folder));
    const first = await list(admin, { folderId: folder, current: '1', size: '2' });
    expect(first.total).toBe(5);
    expect(first.pages).toBe(3);
    expect(first.records.map((p) => p.name)).toEqual(['b5.png', 'a4.png']);
    const last = await list(admin, { folderId: folder, current: '3', size: '2' });
    expect(last.records.map((p) => p.name)).toEqual(['a1.png']);
    const found = await list(admin, { folderId: folder, name: 'a' });
    expect(found.records.map((p) => p.name)).toEqual(['a4.png', 'a1.png']);
    // Pictures uploaded without a folder are at the top level ('0').
    const loose = data<Picture>(await upload(admin, png(3, 3), 'loose.png'));
    expect(loose.folderId).toBe('0');
    expect((await list(admin, { folderId: '0' })).records.map((p) => p.id)).toContain(loose.id);
  });

  it('removes only empty folders, and removed pictures stop being served', async () => {
    const parent = await newFolder(admin, '待删');
    const child = await newFolder(admin, '子目录', parent);
    const withChild = await t.post(`${BASE}/folder-remove`, admin, undefined, { ids: parent });
    expect(withChild.statusCode).toBe(400);
    expect(msg(withChild)).toBe('文件夹“待删”下还有图片或子文件夹，不能删除');

    const picture = data<Picture>(await upload(admin, png(4, 4), 'p.png', child));
    const withPicture = await t.post(`${BASE}/folder-remove`, admin, undefined, { id: child });
    expect(withPicture.statusCode).toBe(400);
    expect(msg(withPicture)).toBe('文件夹“子目录”下还有图片或子文件夹，不能删除');

    const removed = await t.post(`${BASE}/remove`, admin, undefined, { ids: picture.id });
    expect(removed.statusCode).toBe(200);
    expect((await t.get(picture.link)).statusCode).toBe(404);
    expect((await list(admin, { folderId: child })).total).toBe(0);

    // A folder and its (now empty) child go together.
    const both = await t.post(`${BASE}/folder-remove`, admin, undefined, {
      ids: `${parent},${child}`,
    });
    expect(both.statusCode).toBe(200);
    const tree = JSON.stringify(data(await t.get(`${BASE}/tree-datas`, admin)));
    expect(tree).not.toContain(parent);
    expect(tree).not.toContain(child);
  });

  // Issue 15 item 10: two operators renaming the same folder; the later save does not overwrite.
  it('answers 409 to a stale folder save and keeps the first save', async () => {
    const id = await newFolder(admin, '锁定');
    const folder = async () =>
      data<(FolderNode & { version: number })[]>(await t.get(`${BASE}/tree-datas`, admin)).find(
        (f) => f.id === id,
      );
    const opened = await folder();
    expect(opened?.version).toBe(1);
    const body = { id, parentId: '0', version: opened?.version };
    expect((await folderSubmit(admin, { ...body, name: '第一次' })).statusCode).toBe(200);
    const stale = await folderSubmit(admin, { ...body, name: '第二次' });
    expect(stale.statusCode).toBe(409);
    expect(msg(stale)).toBe('数据已被其他用户修改，请刷新后重试');
    expect(await folder()).toMatchObject({ name: '第一次', version: 2 });
    await t.post(`${BASE}/folder-remove`, admin, undefined, { ids: id });
  });
});
