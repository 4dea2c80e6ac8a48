import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4 for header-based authorization (the S3 driver's PUT, GET and DELETE),
 * with node's crypto: canonical request -> string to sign -> HMAC chain of the secret over date,
 * region, service and 'aws4_request' -> signature. Each step is exported so a test can compare
 * it with AWS's published example.
 */

export const ALGORITHM = 'AWS4-HMAC-SHA256';
export const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';

export interface Credentials {
  accessKey: string;
  secretKey: string;
  region: string;
  /** 's3' for object storage. */
  service: string;
}

export interface RequestToSign {
  method: string;
  url: URL;
  /** Every header to sign (at least host, x-amz-date and x-amz-content-sha256). */
  headers: Record<string, string>;
  /** Hex SHA-256 of the body, or UNSIGNED-PAYLOAD. */
  payloadHash: string;
}

export const sha256Hex = (data: string | Buffer): string =>
  createHash('sha256').update(data).digest('hex');

const hmac = (key: string | Buffer, data: string): Buffer =>
  createHmac('sha256', key).update(data, 'utf8').digest();

/** RFC 3986 encoding as AWS wants it: everything but unreserved characters is %XX. */
export function uriEncode(value: string, keepSlash = false): string {
  const encoded = encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return keepSlash ? encoded.replace(/%2F/g, '/') : encoded;
}

/** 'yyyyMMddTHHmmssZ' of a time. */
export function amzDate(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

function canonicalQuery(url: URL): string {
  const pairs = [...url.searchParams.entries()].map(([k, v]) => [uriEncode(k), uriEncode(v)]);
  pairs.sort(([a, av], [b, bv]) => (a === b ? (av! < bv! ? -1 : 1) : a! < b! ? -1 : 1));
  return pairs.map(([k, v]) => `${k}=${v}`).join('&');
}

function normalisedHeaders(headers: Record<string, string>): [string, string][] {
  return Object.entries(headers)
    .map(([k, v]): [string, string] => [k.toLowerCase(), v.trim().replace(/\s+/g, ' ')])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

export function signedHeaderNames(headers: Record<string, string>): string {
  return normalisedHeaders(headers)
    .map(([k]) => k)
    .join(';');
}

/**
 * The canonical request. S3 paths are encoded once (the URL's path is decoded first so a key
 * with `$` or spaces is encoded the way S3 computes it).
 */
export function canonicalRequest(req: RequestToSign): string {
  const path = uriEncode(decodeURIComponent(req.url.pathname || '/'), true);
  const headers = normalisedHeaders(req.headers);
  return [
    req.method.toUpperCase(),
    path,
    canonicalQuery(req.url),
    ...headers.map(([k, v]) => `${k}:${v}`),
    '',
    headers.map(([k]) => k).join(';'),
    req.payloadHash,
  ].join('\n');
}

export function credentialScope(date: string, creds: Credentials): string {
  return `${date.slice(0, 8)}/${creds.region}/${creds.service}/aws4_request`;
}

export function stringToSign(req: RequestToSign, date: string, creds: Credentials): string {
  return [ALGORITHM, date, credentialScope(date, creds), sha256Hex(canonicalRequest(req))].join(
    '\n',
  );
}

export function signingKey(date: string, creds: Credentials): Buffer {
  const day = hmac(`AWS4${creds.secretKey}`, date.slice(0, 8));
  return hmac(hmac(hmac(day, creds.region), creds.service), 'aws4_request');
}

export function signature(req: RequestToSign, date: string, creds: Credentials): string {
  return createHmac('sha256', signingKey(date, creds))
    .update(stringToSign(req, date, creds), 'utf8')
    .digest('hex');
}

/** The Authorization header of a request whose headers include `x-amz-date: <date>`. */
export function authorization(req: RequestToSign, date: string, creds: Credentials): string {
  return (
    `${ALGORITHM} Credential=${creds.accessKey}/${credentialScope(date, creds)},` +
    `SignedHeaders=${signedHeaderNames(req.headers)},` +
    `Signature=${signature(req, date, creds)}`
  );
}

/**
 * Headers for a request: host, x-amz-date, x-amz-content-sha256 and the given ones, signed.
 * `now` is the signing time (tests fix it).
 */
export function signedHeaders(
  method: string,
  url: URL,
  payloadHash: string,
  creds: Credentials,
  extra: Record<string, string> = {},
  now = new Date(),
): Record<string, string> {
  const date = amzDate(now);
  const headers: Record<string, string> = {
    host: url.host,
    'x-amz-date': date,
    'x-amz-content-sha256': payloadHash,
    ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [k.toLowerCase(), v])),
  };
  return {
    ...headers,
    authorization: authorization({ method, url, headers, payloadHash }, date, creds),
  };
}

/** A parsed Authorization header (the test's fake endpoint checks requests with it). */
export interface ParsedAuthorization {
  accessKey: string;
  scope: string;
  signedHeaders: string[];
  signature: string;
}

const AUTH =
  /^AWS4-HMAC-SHA256 Credential=([^/,\s]+)\/(\d{8}\/[^/,\s]+\/[^/,\s]+\/aws4_request), ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

export function parseAuthorization(header: string): ParsedAuthorization | undefined {
  const m = AUTH.exec(header);
  if (!m) return undefined;
  return { accessKey: m[1]!, scope: m[2]!, signedHeaders: m[3]!.split(';'), signature: m[4]! };
}
