import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type LocalS3 } from '../../test/s3-server.js';
import { attachmentDisposition, cleanFileName, contentMatches, extensionOf } from './file-types.js';
import { PrefixedStorage, putFile } from './files.js';
import { LocalStorage } from './local.js';
import { S3Storage, type S3Config } from './s3.js';
import {
  authorization,
  canonicalRequest,
  EMPTY_SHA256,
  parseAuthorization,
  sha256Hex,
  signature,
  stringToSign,
  type Credentials,
} from './sigv4.js';
import { isObjectKey } from './types.js';

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

describe('object keys', () => {
  it('accepts server-made keys and refuses anything that could leave the folder', () => {
    expect(isObjectKey('000000/20240101/0123456789abcdef0123456789abcdef.docx')).toBe(true);
    expect(isObjectKey('100001/avatar/ab.png')).toBe(true);
    for (const bad of [
      '../secrets/jwt',
      '000000/../../etc/passwd',
      '/etc/passwd',
      '000000\\..\\x.doc',
      'C:/x.doc',
      '000000/./x.doc',
      '',
      '000000//x.doc',
      '000000/x.doc/',
      '报告.docx',
    ])
      expect(isObjectKey(bad), bad).toBe(false);
  });
});

describe('local driver', () => {
  const root = fs.mkdtempSync(path.join(tmpdir(), 'quanyi-store-'));
  const store = new LocalStorage(path.join(root, 'files'));

  it('stores, reads back and removes a file under its key', async () => {
    const key = '000000/20240101/abc.pdf';
    await store.put(key, Readable.from([Buffer.from('%PDF-1.4 '), Buffer.from('body')]), {
      contentType: 'application/pdf',
      size: 13,
    });
    expect(fs.readFileSync(path.join(root, 'files', '000000', '20240101', 'abc.pdf'), 'utf8')).toBe(
      '%PDF-1.4 body',
    );
    const got = await store.get(key);
    expect(got?.size).toBe(13);
    expect(await text(got!.stream)).toBe('%PDF-1.4 body');
    await store.remove(key);
    expect(await store.get(key)).toBeUndefined();
    await store.remove(key); // a missing object is not an error
  });

  it('stats a file and moves a finished local file into place with putFile', async () => {
    const key = '000000/20240102/moved.xlsx';
    expect(await store.stat(key)).toBeUndefined();
    const temp = path.join(root, 'moved.xlsx.part');
    fs.writeFileSync(temp, 'PK\x03\x04 sheet');
    expect(await putFile(store, key, temp, 'application/zip')).toBe(10);
    expect(fs.existsSync(temp)).toBe(false);
    expect(await store.stat(key)).toEqual({ size: 10 });
    expect(await text((await store.get(key))!.stream)).toBe('PK\x03\x04 sheet');
  });

  it('reads a byte range (the whole size still reported)', async () => {
    const key = '000000/20240103/range.webm';
    await store.put(key, Buffer.from('0123456789'), { contentType: 'video/webm', size: 10 });
    const part = await store.get(key, { start: 3, end: 6 });
    expect(part?.size).toBe(10);
    expect(await text(part!.stream)).toBe('3456');
    expect(await store.get('000000/20240103/none.webm', { start: 0, end: 1 })).toBeUndefined();
  });

  it('leaves nothing behind when the body is not the announced size', async () => {
    const key = '000000/20240101/short.pdf';
    await expect(
      store.put(key, Buffer.from('abc'), { contentType: 'application/pdf', size: 10 }),
    ).rejects.toThrow();
    expect(fs.readdirSync(path.join(root, 'files', '000000', '20240101'))).not.toContain(
      'short.pdf',
    );
  });

  it('refuses keys that climb out of its folder', async () => {
    fs.writeFileSync(path.join(root, 'outside.txt'), 'secret');
    await expect(store.get('../outside.txt')).rejects.toThrow(/invalid object key/);
    await expect(
      store.put('../../x.txt', Buffer.from('x'), { contentType: 'text/plain', size: 1 }),
    ).rejects.toThrow(/invalid object key/);
    await expect(store.remove('../outside.txt')).rejects.toThrow(/invalid object key/);
    expect(fs.readFileSync(path.join(root, 'outside.txt'), 'utf8')).toBe('secret');
  });
});

describe('file types', () => {
  it('checks the content against the extension', () => {
    const b = (...bytes: number[]) => Buffer.from(bytes);
    expect(contentMatches('jpg', b(0xff, 0xd8, 0xff, 0xe0))).toBe(true);
    expect(contentMatches('png', b(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe(true);
    expect(contentMatches('doc', b(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1))).toBe(true);
    expect(contentMatches('docx', b(0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0))).toBe(true);
    expect(contentMatches('pdf', Buffer.from('%PDF-1.7'))).toBe(true);
    expect(contentMatches('docx', Buffer.from('hello world'))).toBe(false);
    expect(contentMatches('png', b(0xff, 0xd8, 0xff, 0xe0))).toBe(false);
    expect(contentMatches('html', Buffer.from('<html>'))).toBe(false);
    expect(contentMatches('jpg', b(0xff))).toBe(false);
  });

  it('keeps only the last segment of a client file name', () => {
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('C:\\Users\\me\\报告.docx')).toBe('报告.docx');
    expect(cleanFileName('a\u0000b\n.doc')).toBe('ab.doc');
    expect(extensionOf('Report.DOCX')).toBe('docx');
    expect(extensionOf('noext')).toBe('');
    const long = cleanFileName(`${'x'.repeat(300)}.docx`);
    expect(long).toHaveLength(200);
    expect(long.endsWith('.docx')).toBe(true);
  });

  it('names a download with an ASCII fallback and the UTF-8 name', () => {
    expect(attachmentDisposition('季度报告 (final).docx')).toBe(
      `attachment; filename="____ _final_.docx"; filename*=UTF-8''%E5%AD%A3%E5%BA%A6%E6%8A%A5%E5%91%8A%20%28final%29.docx`,
    );
    expect(attachmentDisposition('a"b.pdf')).toBe(
      `attachment; filename="a_b.pdf"; filename*=UTF-8''a%22b.pdf`,
    );
  });
});

/** AWS's published example (S3 API reference, "Signature Calculations ... Authorization Header"). */
describe('Signature V4', () => {
  const creds: Credentials = {
    accessKey: 'AKIAIOSFODNN7EXAMPLE',
    secretKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    region: 'us-east-1',
    service: 's3',
  };
  const date = '20130524T000000Z';

  it('signs the GET Object example exactly as the AWS documentation shows', () => {
    const req = {
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: {
        Host: 'examplebucket.s3.amazonaws.com',
        Range: 'bytes=0-9',
        'x-amz-content-sha256': EMPTY_SHA256,
        'x-amz-date': date,
      },
      payloadHash: EMPTY_SHA256,
    };
    expect(canonicalRequest(req)).toBe(
      [
        'GET',
        '/test.txt',
        '',
        'host:examplebucket.s3.amazonaws.com',
        'range:bytes=0-9',
        `x-amz-content-sha256:${EMPTY_SHA256}`,
        'x-amz-date:20130524T000000Z',
        '',
        'host;range;x-amz-content-sha256;x-amz-date',
        EMPTY_SHA256,
      ].join('\n'),
    );
    expect(stringToSign(req, date, creds)).toBe(
      [
        'AWS4-HMAC-SHA256',
        '20130524T000000Z',
        '20130524/us-east-1/s3/aws4_request',
        '7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972',
      ].join('\n'),
    );
    expect(signature(req, date, creds)).toBe(
      'f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    expect(authorization(req, date, creds)).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('signs the PUT Object example (a key with $ is encoded once)', () => {
    const body = 'Welcome to Amazon S3.';
    const payloadHash = sha256Hex(body);
    expect(payloadHash).toBe('44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072');
    const req = {
      method: 'PUT',
      url: new URL('https://examplebucket.s3.amazonaws.com/test$file.text'),
      headers: {
        Host: 'examplebucket.s3.amazonaws.com',
        Date: 'Fri, 24 May 2013 00:00:00 GMT',
        'x-amz-date': date,
        'x-amz-storage-class': 'REDUCED_REDUNDANCY',
        'x-amz-content-sha256': payloadHash,
      },
      payloadHash,
    };
    expect(canonicalRequest(req).split('\n')[1]).toBe('/test%24file.text');
    expect(signature(req, date, creds)).toBe(
      '98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd',
    );
  });
});

/**
 * A tiny S3-compatible endpoint: checks the Authorization header's shape, recomputes the
 * signature with the secret it knows, checks the body against x-amz-content-sha256, and keeps
 * the objects in memory.
 */
function fakeS3(secretKey: string) {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const seen: {
    method: string;
    path: string;
    authorization: string;
    contentLength?: string | undefined;
    chunked: boolean;
  }[] = [];
  const hooks: { onData?: () => void } = {};
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => {
      chunks.push(c);
      hooks.onData?.();
    });
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const auth = String(req.headers.authorization ?? '');
      seen.push({
        method: req.method!,
        path: req.url!,
        authorization: auth,
        contentLength: req.headers['content-length'],
        chunked: /chunked/i.test(String(req.headers['transfer-encoding'] ?? '')),
      });
      const parsed = parseAuthorization(auth);
      const refuse = (status: number, code: string) => {
        res.writeHead(status, { 'content-type': 'application/xml' });
        res.end(`<Error><Code>${code}</Code></Error>`);
      };
      if (!parsed || parsed.accessKey !== 'AK-TEST') return refuse(403, 'InvalidAccessKeyId');
      for (const h of ['host', 'x-amz-date', 'x-amz-content-sha256'])
        if (!parsed.signedHeaders.includes(h)) return refuse(403, 'AccessDenied');
      const headers: Record<string, string> = {};
      for (const h of parsed.signedHeaders) headers[h] = String(req.headers[h] ?? '');
      const date = headers['x-amz-date']!;
      const [region, service] = parsed.scope.split('/').slice(1, 3) as [string, string];
      const expected = signature(
        {
          method: req.method!,
          url: new URL(req.url!, `http://${req.headers.host}`),
          headers,
          payloadHash: headers['x-amz-content-sha256']!,
        },
        date,
        { accessKey: 'AK-TEST', secretKey, region, service },
      );
      if (expected !== parsed.signature) return refuse(403, 'SignatureDoesNotMatch');
      if (headers['x-amz-content-sha256'] !== sha256Hex(body))
        return refuse(400, 'XAmzContentSHA256Mismatch');
      const key = req.url!;
      if (req.method === 'PUT') {
        // Like S3: a PUT needs its length up front (no chunked transfer encoding).
        if (req.headers['content-length'] === undefined) return refuse(411, 'MissingContentLength');
        objects.set(key, { body, type: String(req.headers['content-type'] ?? '') });
        res.writeHead(200).end();
      } else if (req.method === 'GET') {
        const o = objects.get(key);
        if (!o) return refuse(404, 'NoSuchKey');
        res.writeHead(200, { 'content-type': o.type, 'content-length': o.body.length });
        res.end(o.body);
      } else if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204).end();
      } else {
        refuse(405, 'MethodNotAllowed');
      }
    });
  });
  return { server, objects, seen, hooks };
}

describe('S3 driver against a fake S3 endpoint', () => {
  const fake = fakeS3('SECRET-TEST');
  let config: S3Config;
  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    const { port } = fake.server.address() as AddressInfo;
    config = {
      endpoint: `http://127.0.0.1:${port}`,
      bucket: 'quanyi',
      accessKey: 'AK-TEST',
      secretKey: 'SECRET-TEST',
      region: 'cn-east-1',
      pathStyle: true,
    };
  });
  afterAll(() => new Promise<void>((resolve) => fake.server.close(() => resolve())));

  it('puts, gets and deletes an object with signed requests', async () => {
    const store = new S3Storage(config);
    const key = '000000/20240101/0123.pdf';
    await store.put(key, Readable.from([Buffer.from('%PDF-1.4 hello')]), {
      contentType: 'application/pdf',
      size: 14,
    });
    expect(fake.objects.get('/quanyi/000000/20240101/0123.pdf')?.body.toString()).toBe(
      '%PDF-1.4 hello',
    );
    expect(fake.seen.at(-1)!.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AK-TEST\/\d{8}\/cn-east-1\/s3\/aws4_request,SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date,Signature=[0-9a-f]{64}$/,
    );

    const got = await store.get(key);
    expect(got?.size).toBe(14);
    expect(got?.contentType).toBe('application/pdf');
    expect(await text(got!.stream)).toBe('%PDF-1.4 hello');

    await store.remove(key);
    expect(fake.objects.has('/quanyi/000000/20240101/0123.pdf')).toBe(false);
    expect(await store.get(key)).toBeUndefined();
  });

  it('streams a body whose hash is known, with its exact length, never chunked', async () => {
    const store = new S3Storage(config);
    const bytes = Buffer.alloc(3 * 1024 * 1024, 7);
    bytes.write('\x1aE\xdf\xa3', 0, 'latin1');
    // The rest of the body is produced only once the endpoint has received the start: a driver
    // that read the whole body before sending would wait for ever.
    let started: () => void = () => {};
    const arrived = new Promise<void>((resolve) => (started = resolve));
    fake.hooks.onData = () => started();
    async function* body() {
      yield bytes.subarray(0, 1_000_000);
      await arrived;
      yield bytes.subarray(1_000_000);
    }
    await store.put('000000/video/clip.webm', Readable.from(body()), {
      contentType: 'video/webm',
      size: bytes.length,
      sha256: sha256Hex(bytes),
    });
    expect(fake.objects.get('/quanyi/000000/video/clip.webm')?.body.equals(bytes)).toBe(true);
    fake.hooks.onData = undefined;
    expect(fake.seen.at(-1)).toMatchObject({
      method: 'PUT',
      contentLength: String(bytes.length),
      chunked: false,
    });
  }, 10_000);

  it('fails when the endpoint refuses the signature (a wrong secret)', async () => {
    const store = new S3Storage({ ...config, secretKey: 'WRONG' });
    await expect(
      store.put('000000/x/y.pdf', Buffer.from('%PDF-'), {
        contentType: 'application/pdf',
        size: 5,
      }),
    ).rejects.toThrow(/answered 403/);
    expect(fake.objects.has('/quanyi/000000/x/y.pdf')).toBe(false);
  });

  it('uses virtual-hosted addresses when path style is off', () => {
    const store = new S3Storage({
      ...config,
      endpoint: 'https://s3.example.com',
      pathStyle: false,
    });
    expect(store.urlOf('000000/a/b.png').href).toBe('https://quanyi.s3.example.com/000000/a/b.png');
    expect(() => store.urlOf('../b.png')).toThrow(/invalid object key/);
  });
});

/**
 * The S3 driver against a real S3-compatible server (s3rver, started by the test, behind a front
 * that checks each request's Signature V4: server/test/s3-server.ts).
 */
describe('S3 driver against a local S3 server (s3rver)', () => {
  let s3: LocalS3;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(() => s3.close());

  it('puts, stats, gets and removes an object', async () => {
    const store = new S3Storage(s3.config);
    const key = '000000/20240101/0123abcd.pdf';
    expect(await store.get(key)).toBeUndefined();
    expect(await store.stat(key)).toBeUndefined();
    await store.put(key, Readable.from([Buffer.from('%PDF-1.4 '), Buffer.from('hello')]), {
      contentType: 'application/pdf',
      size: 14,
    });
    expect(await store.stat(key)).toEqual({ size: 14, contentType: 'application/pdf' });
    const got = await store.get(key);
    expect(got?.size).toBe(14);
    expect(got?.contentType).toBe('application/pdf');
    expect(await text(got!.stream)).toBe('%PDF-1.4 hello');

    // Another instance (another process's driver) reads the same bytes: they live in the bucket.
    const other = new S3Storage({ ...s3.config });
    expect(await text((await other.get(key))!.stream)).toBe('%PDF-1.4 hello');

    await store.remove(key);
    expect(await store.get(key)).toBeUndefined();
    expect(await store.stat(key)).toBeUndefined();
    await store.remove(key); // a missing object is not an error
    // Every request passed the signature check (none refused by the front).
    expect(s3.requests.filter((r) => r.status === 403)).toEqual([]);
  });

  it('replaces an object put again under the same key', async () => {
    const store = new S3Storage(s3.config);
    const key = '000000/x/same.png';
    await store.put(key, Buffer.from('first'), { contentType: 'image/png', size: 5 });
    await store.put(key, Buffer.from('second!'), { contentType: 'image/png', size: 7 });
    expect(await text((await store.get(key))!.stream)).toBe('second!');
    expect((await store.stat(key))?.size).toBe(7);
  });

  it('streams a large body whose hash is known, byte for byte', async () => {
    const store = new S3Storage(s3.config);
    const bytes = randomBytes(2 * 1024 * 1024 + 17);
    const key = '000000/video/big.webm';
    await store.put(key, Readable.from([bytes.subarray(0, 100_000), bytes.subarray(100_000)]), {
      contentType: 'video/webm',
      size: bytes.length,
      sha256: sha256Hex(bytes),
    });
    const got = await store.get(key);
    expect(got?.size).toBe(bytes.length);
    const chunks: Buffer[] = [];
    for await (const c of got!.stream) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
  });

  it('reads byte ranges with Range requests, the whole size reported', async () => {
    const store = new S3Storage(s3.config);
    const bytes = randomBytes(1_000_000);
    const key = '000000/video/seek.mp4';
    await store.put(key, bytes, { contentType: 'video/mp4', size: bytes.length });
    // Not bytes=0-0: s3rver 3.7 reads an end of 0 as "to the end" (S3 answers one byte).
    for (const range of [
      { start: 0, end: 1 },
      { start: 10, end: 99 },
      { start: 999_000, end: 999_999 },
    ]) {
      const before = s3.requests.length;
      const got = await store.get(key, range);
      expect(got?.size).toBe(bytes.length);
      const chunks: Buffer[] = [];
      for await (const c of got!.stream) chunks.push(c as Buffer);
      expect(Buffer.concat(chunks).equals(bytes.subarray(range.start, range.end + 1))).toBe(true);
      // One request, answered 206 by the store: the range was not cut from a whole download.
      expect(s3.requests.slice(before)).toEqual([
        { method: 'GET', path: `/${s3.bucket}/${key}`, status: 206 },
      ]);
    }
    expect(await store.get('000000/video/none.mp4', { start: 0, end: 1 })).toBeUndefined();
  });

  it('refuses a driver with the wrong secret (the front checks Signature V4)', async () => {
    const store = new S3Storage({ ...s3.config, secretKey: 'WRONG-SECRET' });
    await expect(
      store.put('000000/x/bad.pdf', Buffer.from('%PDF-'), {
        contentType: 'application/pdf',
        size: 5,
      }),
    ).rejects.toThrow(/answered 403/);
    expect(await new S3Storage(s3.config).stat('000000/x/bad.pdf')).toBeUndefined();
  });

  it('keeps export files under exports/ and stores a local file with putFile', async () => {
    const bucket = new S3Storage(s3.config);
    const exports = new PrefixedStorage(bucket, 'exports');
    const dir = fs.mkdtempSync(path.join(tmpdir(), 'quanyi-putfile-'));
    const file = path.join(dir, '42.xlsx.part');
    const bytes = randomBytes(300_000);
    fs.writeFileSync(file, bytes);
    const size = await putFile(exports, '42.xlsx', file, 'application/zip');
    expect(size).toBe(bytes.length);
    expect(fs.existsSync(file)).toBe(false);
    expect(await bucket.stat('exports/42.xlsx')).toEqual({
      size: bytes.length,
      contentType: 'application/zip',
    });
    const chunks: Buffer[] = [];
    for await (const c of (await exports.get('42.xlsx'))!.stream) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    await exports.remove('42.xlsx');
    expect(await bucket.stat('exports/42.xlsx')).toBeUndefined();
    await expect(exports.get('../42.xlsx')).rejects.toThrow(/invalid object key/);
  });
});
