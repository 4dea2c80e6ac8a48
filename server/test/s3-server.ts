import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { S3Config } from '../lib/storage/index.js';
import { parseAuthorization, signature } from '../lib/storage/sigv4.js';

/**
 * A local S3-compatible server for tests: s3rver (a Koa app keeping a bucket in a temporary
 * folder) behind a front that checks every request's Signature V4 with the secret it made.
 * s3rver 3.7 parses a V4 Authorization header but never checks it ("V4 signatures have
 * incomplete support": any signature of a known access key passes), so without the front a
 * driver that signed wrongly would still pass. The body's hash is not checked (s3rver reads the
 * body itself, after the front has answered); the unit tests' fake endpoint checks that.
 */

const require = createRequire(import.meta.url);

interface S3rverApp {
  callback(): (req: http.IncomingMessage, res: http.ServerResponse) => void;
  configureBuckets(): Promise<unknown>;
  logger: { close(): void; exceptions: { unhandle(): void } };
}
type S3rverCtor = new (options: object) => S3rverApp;
interface AwsAccount {
  createKeyPair(accessKeyId: string, secretAccessKey: string): void;
  revokeAccessKey(accessKeyId: string): void;
}

export interface LocalS3 {
  /** `http://127.0.0.1:<port>` (path-style addresses). */
  endpoint: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  region: string;
  /** The driver's configuration for this server. */
  config: S3Config;
  /** The `S3_*` variables a server process needs to use it. */
  env: Record<string, string>;
  /** Requests seen, in order, with the answer's status (403 when the front refused one). */
  requests: { method: string; path: string; status: number }[];
  close(): Promise<void>;
}

/** Starts a local S3 server on a free loopback port with one empty bucket. */
export async function startS3Server(bucket = 'quanyi-test'): Promise<LocalS3> {
  const S3rver = require('s3rver') as S3rverCtor;
  const { DUMMY_ACCOUNT } = require('s3rver/lib/models/account.js') as {
    DUMMY_ACCOUNT: AwsAccount;
  };
  const directory = mkdtempSync(path.join(tmpdir(), 'quanyi-s3-'));
  const accessKey = `AK${randomBytes(8).toString('hex').toUpperCase()}`;
  const secretKey = randomBytes(24).toString('base64url');
  const region = 'us-east-1';
  DUMMY_ACCOUNT.createKeyPair(accessKey, secretKey);

  const s3rver = new S3rver({
    directory,
    silent: true,
    vhostBuckets: false,
    configureBuckets: [{ name: bucket }],
  });
  await s3rver.configureBuckets();
  const handle = s3rver.callback();
  const requests: LocalS3['requests'] = [];

  const server = http.createServer((req, res) => {
    const seen = { method: req.method ?? '', path: req.url ?? '', status: 0 };
    requests.push(seen);
    res.on('finish', () => (seen.status = res.statusCode));
    const refuse = (code: string) => {
      res.writeHead(403, { 'content-type': 'application/xml' });
      res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`);
    };
    const parsed = parseAuthorization(String(req.headers.authorization ?? ''));
    if (!parsed || parsed.accessKey !== accessKey) return refuse('InvalidAccessKeyId');
    for (const h of ['host', 'x-amz-date', 'x-amz-content-sha256'])
      if (!parsed.signedHeaders.includes(h)) return refuse('AccessDenied');
    const headers: Record<string, string> = {};
    for (const h of parsed.signedHeaders) headers[h] = String(req.headers[h] ?? '');
    const [scopeRegion, service] = parsed.scope.split('/').slice(1, 3) as [string, string];
    const expected = signature(
      {
        method: req.method ?? '',
        url: new URL(req.url ?? '/', `http://${req.headers.host ?? ''}`),
        headers,
        payloadHash: headers['x-amz-content-sha256']!,
      },
      headers['x-amz-date']!,
      { accessKey, secretKey, region: scopeRegion, service },
    );
    if (expected !== parsed.signature) return refuse('SignatureDoesNotMatch');
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;

  return {
    endpoint,
    bucket,
    accessKey,
    secretKey,
    region,
    config: { endpoint, bucket, accessKey, secretKey, region, pathStyle: true },
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY: accessKey,
      S3_SECRET_KEY: secretKey,
      S3_REGION: region,
      S3_PATH_STYLE: 'true',
    },
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      s3rver.logger.exceptions.unhandle();
      s3rver.logger.close();
      DUMMY_ACCOUNT.revokeAccessKey(accessKey);
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
