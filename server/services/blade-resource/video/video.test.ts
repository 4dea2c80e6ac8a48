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

/** An MP4 start (ftyp box, brand isom) followed by `body` bytes counting 0..255. */
function mp4(body = 4096): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftypisom', 4, 'latin1');
  ftyp.write('isomavc1', 16, 'latin1');
  const rest = Buffer.alloc(body);
  for (let i = 0; i < body; i++) rest[i] = i % 256;
  return Buffer.concat([ftyp, rest]);
}

/** A WebM start: the EBML header with DocType `webm` (or another doc type). */
function ebml(docType = 'webm'): Buffer {
  return Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82]),
    Buffer.from([0x80 | docType.length]),
    Buffer.from(docType, 'latin1'),
    Buffer.alloc(64, 1),
  ]);
}

interface Video {
  id: string;
  name: string;
  originalName: string;
  link: string;
  size: number;
  extension: string;
  createTime: string;
}
interface Page {
  records: Video[];
  total: number;
  pages: number;
}

function multipart(content: Buffer, filename: string, fields: Record<string, string> = {}) {
  const boundary = `----quanyi${Math.random().toString(16).slice(2)}`;
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([
      Buffer.from(head, 'utf8'),
      content,
      Buffer.from('\r\n'),
      // Fields after the file: the upload reads them in any order.
      Buffer.from(
        Object.entries(fields)
          .map(([k, v]) => field(k, v))
          .join(''),
        'utf8',
      ),
      Buffer.from(`--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const msg = (res: LightMyRequestResponse) => (res.json() as { msg: string }).msg;
const BASE = '/api/blade-resource/video';

describe('blade-resource/video', () => {
  let t: TestApp;
  let admin: string;
  let other: string;
  let staff: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
    other = await t.tenantAdminToken();
    staff = await t.login('sales', DEMO_PASSWORD, DEMO_TENANT);
  });
  afterAll(() => t.close());

  const upload = (
    token: string,
    content: Buffer,
    filename: string,
    fields: Record<string, string> = {},
  ) => {
    const body = multipart(content, filename, fields);
    return t.inject({
      method: 'POST',
      url: `${BASE}/upload`,
      headers: { ...body.headers, 'blade-auth': `bearer ${token}` },
      payload: body.payload,
    });
  };
  const list = async (token: string, body: Record<string, unknown>) =>
    data<Page>(await t.post(`${BASE}/list`, token, body));

  it('uploads an mp4 and a webm and lists them newest first, paged and by name', async () => {
    const a = data<Video>(await upload(admin, mp4(), '开业活动.mp4', { name: '开业活动宣传片' }));
    expect(a).toMatchObject({
      name: '开业活动宣传片',
      originalName: '开业活动.mp4',
      extension: 'mp4',
      size: mp4().length,
    });
    expect(a.link).toMatch(/^\/api\/blade-resource\/video\/file\/000000\/[0-9a-f]{32}\.mp4$/);
    const b = data<Video>(await upload(admin, ebml(), 'clip.webm'));
    expect(b).toMatchObject({ name: 'clip', extension: 'webm' });

    const page = await list(admin, { current: 1, size: 1 });
    expect(page.total).toBe(2);
    expect(page.pages).toBe(2);
    expect(page.records.map((v) => v.id)).toEqual([b.id]);
    const second = await list(admin, { current: 2, size: 1 });
    expect(second.records.map((v) => v.id)).toEqual([a.id]);
    const found = await list(admin, { name: '宣传' });
    expect(found.records.map((v) => v.id)).toEqual([a.id]);

    // Another tenant sees none of them and cannot remove them.
    expect((await list(other, {})).total).toBe(0);
    expect((await t.post(`${BASE}/remove`, other, undefined, { ids: a.id })).statusCode).toBe(404);
    // Without the codes: 403; without a token: 401.
    expect((await t.post(`${BASE}/list`, staff, {})).statusCode).toBe(403);
    expect((await upload(staff, mp4(), 'x.mp4')).statusCode).toBe(403);
    expect((await t.post(`${BASE}/list`, undefined, {})).statusCode).toBe(401);
  });

  it('plays from a public address with byte ranges, nosniff and the checked type', async () => {
    const bytes = mp4(10_000);
    const video = data<Video>(await upload(admin, bytes, 'range.mp4'));
    const whole = await t.get(video.link);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload).toEqual(bytes);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['x-content-type-options']).toBe('nosniff');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['cache-control']).toBe('public, max-age=86400');

    const part = await t.inject({
      method: 'GET',
      url: video.link,
      headers: { range: 'bytes=100-199' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${bytes.length}`);
    expect(part.rawPayload).toEqual(bytes.subarray(100, 200));
    const tail = await t.inject({
      method: 'GET',
      url: video.link,
      headers: { range: 'bytes=-10' },
    });
    expect(tail.rawPayload).toEqual(bytes.subarray(bytes.length - 10));
    const beyond = await t.inject({
      method: 'GET',
      url: video.link,
      headers: { range: `bytes=${bytes.length}-` },
    });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${bytes.length}`);

    // A player may ask for the headers first.
    const head = await t.inject({ method: 'HEAD', url: video.link });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(bytes.length));

    // Removed: the address stops answering.
    expect((await t.post(`${BASE}/remove`, admin, undefined, { ids: video.id })).statusCode).toBe(
      200,
    );
    expect((await t.get(video.link)).statusCode).toBe(404);
  });

  it('checks the type by content and refuses other types', async () => {
    const text = await upload(admin, Buffer.from('plain text pretending to be a video'), 'x.mp4');
    expect(text.statusCode).toBe(400);
    expect(msg(text)).toBe('文件内容与文件类型不符');
    const mkv = await upload(admin, ebml('matroska'), 'x.webm');
    expect(msg(mkv)).toBe('文件内容与文件类型不符');
    const mov = await upload(admin, mp4(), 'x.mov');
    expect(mov.statusCode).toBe(400);
    expect(msg(mov)).toBe('只能上传 mp4/webm 格式的视频');
    const longName = await upload(admin, mp4(), 'x.mp4', { name: '名'.repeat(101) });
    expect(msg(longName)).toBe('name:长度不能超过100个字符');
  });

  it('refuses a video over 100 MB', async () => {
    const before = (await list(admin, { size: 500 })).total;
    const big = Buffer.concat([mp4(16), Buffer.alloc(100 * 1024 * 1024)]);
    const res = await upload(admin, big, 'big.mp4');
    expect(res.statusCode).toBe(413);
    expect(msg(res)).toBe('视频大小不能超过100M');
    expect((await list(admin, { size: 500 })).total).toBe(before);
    // The spooled part is gone too.
    const incoming = path.join(t.app.ctx.config.dataDir, 'files', '.incoming');
    expect(fs.existsSync(incoming) ? fs.readdirSync(incoming) : []).toEqual([]);
  });
});
