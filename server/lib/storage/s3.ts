import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { EMPTY_SHA256, sha256Hex, signedHeaders, type Credentials } from './sigv4.js';
import {
  assertObjectKey,
  type ByteRange,
  type ObjectInfo,
  type ObjectMeta,
  type ObjectStorage,
  type StoredObject,
} from './types.js';
import { byteSlice } from './byte-slice.js';

/** An S3-compatible bucket (AWS S3, MinIO, Ceph RGW, OSS/COS/OBS S3 endpoints). */
export interface S3Config {
  /** 'https://s3.eu-west-1.amazonaws.com', 'http://127.0.0.1:9000', ... */
  endpoint: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  region: string;
  /** `endpoint/bucket/key` (default; MinIO and most compatibles) or `bucket.endpoint/key`. */
  pathStyle: boolean;
}

type Fetch = typeof fetch;

async function bufferOf(body: Readable | Buffer): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * The S3 driver: PUT, GET, HEAD and DELETE object requests signed with Signature V4 (sigv4.ts),
 * sent with fetch; no SDK. A body whose SHA-256 the caller knows (videos spooled to disk while
 * they were checked) streams with its exact length; any other body is read into memory to hash
 * it (uploads of a few MB).
 */
export class S3Storage implements ObjectStorage {
  readonly kind = 's3' as const;
  private readonly creds: Credentials;

  constructor(
    private readonly config: S3Config,
    private readonly fetchImpl: Fetch = fetch,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.creds = {
      accessKey: config.accessKey,
      secretKey: config.secretKey,
      region: config.region,
      service: 's3',
    };
  }

  urlOf(key: string): URL {
    assertObjectKey(key);
    const base = new URL(this.config.endpoint);
    const prefix = base.pathname.replace(/\/+$/, '');
    if (this.config.pathStyle) {
      return new URL(`${base.protocol}//${base.host}${prefix}/${this.config.bucket}/${key}`);
    }
    return new URL(`${base.protocol}//${this.config.bucket}.${base.host}${prefix}/${key}`);
  }

  private async send(
    method: 'PUT' | 'GET' | 'HEAD' | 'DELETE',
    key: string,
    payloadHash: string,
    extra: Record<string, string> = {},
    body?: Buffer | Readable,
  ): Promise<Response> {
    const url = this.urlOf(key);
    const { host: _host, ...headers } = signedHeaders(
      method,
      url,
      payloadHash,
      this.creds,
      extra,
      this.now(),
    );
    // fetch writes Host from the URL itself (the value signed above).
    if (body instanceof Readable)
      // S3 wants Content-Length, not chunked encoding: the header goes with the stream.
      return this.fetchImpl(url, {
        method,
        headers,
        body: Readable.toWeb(body) as ReadableStream<Uint8Array>,
        duplex: 'half',
      } as RequestInit);
    return this.fetchImpl(url, {
      method,
      headers,
      ...(body ? { body: Uint8Array.from(body) } : {}),
    });
  }

  async put(key: string, body: Readable | Buffer, meta: ObjectMeta): Promise<void> {
    if (body instanceof Readable && meta.sha256) {
      const res = await this.send(
        'PUT',
        key,
        meta.sha256,
        { 'content-type': meta.contentType, 'content-length': String(meta.size) },
        body,
      );
      await res.body?.cancel();
      if (!res.ok) throw new Error(`S3 PUT ${key} answered ${res.status}`);
      return;
    }
    const bytes = await bufferOf(body);
    if (bytes.length !== meta.size)
      throw new Error(`object body has ${bytes.length} bytes, expected ${meta.size}`);
    const res = await this.send(
      'PUT',
      key,
      meta.sha256 ?? sha256Hex(bytes),
      { 'content-type': meta.contentType },
      bytes,
    );
    await res.body?.cancel();
    if (!res.ok) throw new Error(`S3 PUT ${key} answered ${res.status}`);
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | undefined> {
    const res = await this.send(
      'GET',
      key,
      EMPTY_SHA256,
      range ? { range: `bytes=${range.start}-${range.end}` } : {},
    );
    if (res.status === 404) {
      await res.body?.cancel();
      return undefined;
    }
    if (!res.ok || !res.body) {
      await res.body?.cancel();
      throw new Error(`S3 GET ${key} answered ${res.status}`);
    }
    const contentType = res.headers.get('content-type');
    // A ranged answer (206) names the whole size in Content-Range ('bytes 0-9/1234').
    const total = /\/(\d+)$/.exec(res.headers.get('content-range') ?? '')?.[1];
    const length = Number(total ?? res.headers.get('content-length'));
    let stream: Readable = Readable.fromWeb(res.body as WebReadableStream<Uint8Array>);
    // A store that ignored the Range header sent the whole object: cut the range out of it.
    if (range && res.status === 200) {
      const whole = stream;
      stream = whole.pipe(byteSlice(range));
      whole.on('error', (err) => stream.destroy(err));
    }
    return {
      stream,
      size: Number.isFinite(length) ? length : 0,
      ...(contentType ? { contentType } : {}),
    };
  }

  async stat(key: string): Promise<ObjectInfo | undefined> {
    const res = await this.send('HEAD', key, EMPTY_SHA256);
    await res.body?.cancel();
    if (res.status === 404) return undefined;
    if (!res.ok) throw new Error(`S3 HEAD ${key} answered ${res.status}`);
    const length = Number(res.headers.get('content-length'));
    const contentType = res.headers.get('content-type');
    return {
      size: Number.isFinite(length) ? length : 0,
      ...(contentType ? { contentType } : {}),
    };
  }

  async remove(key: string): Promise<void> {
    const res = await this.send('DELETE', key, EMPTY_SHA256);
    await res.body?.cancel();
    if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE ${key} answered ${res.status}`);
  }
}
