import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { AppContext } from '../../../context.js';
import { ApiError, badRequest, notFound } from '../../../lib/errors.js';
import { storageOf, type ObjectStorage } from '../../../lib/storage/index.js';
import { nowText } from '../../../lib/time.js';
import { failAtLimit } from '../../../lib/upload-limit.js';
import { cleanFileName, extensionOf } from '../../../lib/storage/file-types.js';
import { PUBLIC } from '../../../auth/index.js';
import { EMPTY_FILE, NO_FILE, WRONG_CONTENT } from '../attach/store.js';

/**
 * The picture and video stock's files: uploads checked by extension AND content (and, for
 * pictures, their size read from the header), spooled to a temporary file and streamed to the
 * object store (never held whole in memory), and served at public, unguessable addresses
 * (`<tenant>/<32 hex>.<ext>`) with the checked type, `nosniff`, cache headers and, for videos,
 * byte ranges.
 */

export const MB = 1024 * 1024;
/** Bytes kept from the start of an upload: enough for every signature and most JPEG headers. */
export const HEAD_BYTES = 64 * 1024;

export const typeMessage = (extensions: readonly string[], what: string) =>
  `只能上传 ${extensions.join('/')} 格式的${what}`;

const ascii = (head: Buffer, start: number, text: string) =>
  head.length >= start + text.length &&
  head.toString('latin1', start, start + text.length) === text;

// ---- pictures ---------------------------------------------------------------------------

export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp'] as const;
const IMAGE_CONTENT: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Whether the first bytes are the signature of the image type the extension names. */
export function imageMatches(extension: string, head: Buffer): boolean {
  switch (extension) {
    case 'jpg':
    case 'jpeg':
      return head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
    case 'png':
      return head.length >= 8 && head.subarray(0, 8).equals(PNG);
    case 'gif':
      return ascii(head, 0, 'GIF87a') || ascii(head, 0, 'GIF89a');
    case 'webp':
      return ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP');
    default:
      return false;
  }
}

export interface Dimensions {
  width: number;
  height: number;
}

function jpegSize(head: Buffer): Dimensions | undefined {
  let i = 2;
  while (i + 9 < head.length) {
    if (head[i] !== 0xff) return undefined;
    const marker = head[i + 1]!;
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    // Standalone markers carry no length.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return undefined; // end of image, start of scan
    const length = head.readUInt16BE(i + 2);
    const isFrame =
      marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { height: head.readUInt16BE(i + 5), width: head.readUInt16BE(i + 7) };
    if (length < 2) return undefined;
    i += 2 + length;
  }
  return undefined;
}

function webpSize(head: Buffer): Dimensions | undefined {
  if (ascii(head, 12, 'VP8 ') && head.length >= 30) {
    return { width: head.readUInt16LE(26) & 0x3fff, height: head.readUInt16LE(28) & 0x3fff };
  }
  if (ascii(head, 12, 'VP8L') && head.length >= 25 && head[20] === 0x2f) {
    const bits = head.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (ascii(head, 12, 'VP8X') && head.length >= 30) {
    return { width: head.readUIntLE(24, 3) + 1, height: head.readUIntLE(27, 3) + 1 };
  }
  return undefined;
}

/**
 * Width and height read from the header when it is cheap (the first HEAD_BYTES): PNG IHDR, GIF
 * screen, WebP VP8/VP8L/VP8X, JPEG's first frame marker. undefined when not found there.
 */
export function imageSize(extension: string, head: Buffer): Dimensions | undefined {
  let size: Dimensions | undefined;
  if (extension === 'png' && head.length >= 24 && ascii(head, 12, 'IHDR'))
    size = { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
  else if (extension === 'gif' && head.length >= 10)
    size = { width: head.readUInt16LE(6), height: head.readUInt16LE(8) };
  else if (extension === 'webp') size = webpSize(head);
  else if (extension === 'jpg' || extension === 'jpeg') size = jpegSize(head);
  if (!size || size.width <= 0 || size.height <= 0) return undefined;
  if (size.width > 1_000_000 || size.height > 1_000_000) return undefined;
  return size;
}

// ---- videos -----------------------------------------------------------------------------

export const VIDEO_EXTENSIONS = ['mp4', 'webm'] as const;
const VIDEO_CONTENT: Record<string, string> = { mp4: 'video/mp4', webm: 'video/webm' };

/** ISO base media brands of MP4 video (QuickTime `qt  `, HEIF/AVIF images and audio are not). */
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'iso7',
  'iso8',
  'iso9',
  'mp41',
  'mp42',
  'mp71',
  'avc1',
  'dash',
  'mmp4',
  'M4V ',
  'M4VH',
  'M4VP',
  'MSNV',
  'XAVC',
  'f4v ',
  'cmfc',
]);
const NOT_MP4_VIDEO = new Set([
  'qt  ',
  'M4A ',
  'M4B ',
  'M4P ',
  'heic',
  'heix',
  'mif1',
  'msf1',
  'avif',
  'avis',
  'crx ',
]);

function mp4Matches(head: Buffer): boolean {
  if (head.length < 12 || !ascii(head, 4, 'ftyp')) return false;
  const box = head.readUInt32BE(0);
  if (box < 16 || box > 4096) return false;
  const major = head.toString('latin1', 8, 12);
  if (MP4_BRANDS.has(major)) return true;
  if (NOT_MP4_VIDEO.has(major)) return false;
  // An unknown major brand that declares a known MP4 brand as compatible.
  for (let i = 16; i + 4 <= Math.min(box, head.length); i += 4)
    if (MP4_BRANDS.has(head.toString('latin1', i, i + 4))) return true;
  return false;
}

const EBML = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

function webmMatches(head: Buffer): boolean {
  if (head.length < 8 || !head.subarray(0, 4).equals(EBML)) return false;
  // The DocType element (0x4282) of the EBML header must say 'webm' (Matroska's is 'matroska').
  const limit = Math.min(head.length, 64);
  for (let i = 4; i + 3 < limit; i++) {
    if (head[i] === 0x42 && head[i + 1] === 0x82) {
      const size = head[i + 2]!;
      if ((size & 0x80) === 0) return false;
      const length = size & 0x7f;
      return length === 4 && ascii(head, i + 3, 'webm');
    }
  }
  return false;
}

export function videoMatches(extension: string, head: Buffer): boolean {
  if (extension === 'mp4') return mp4Matches(head);
  if (extension === 'webm') return webmMatches(head);
  return false;
}

// ---- receiving --------------------------------------------------------------------------

export interface MediaPolicy {
  kind: 'picture' | 'video';
  extensions: readonly string[];
  maxBytes: number;
  /** 413 message. */
  tooLarge: string;
  /** 400 message for an extension that is not allowed. */
  wrongType: string;
  /** Text fields read from the form (any order around the file), at most `fieldMax` characters. */
  fields?: readonly string[];
  fieldMax?: number;
}

/** A checked upload waiting in a temporary file; call `discard()` when done with it. */
export interface ReceivedMedia {
  originalName: string;
  extension: string;
  contentType: string;
  size: number;
  sha256: string;
  head: Buffer;
  fields: Record<string, string>;
  file: string;
  discard(): Promise<void>;
}

async function drain(stream: NodeJS.ReadableStream): Promise<void> {
  await pipeline(stream, new Writable({ write: (_c, _e, done) => done() })).catch(() => undefined);
}

/** Writes a part to a temporary file under DATA_DIR, counting, hashing and keeping its head. */
async function spool(ctx: AppContext, source: NodeJS.ReadableStream) {
  const dir = path.join(ctx.config.dataDir, 'files', '.incoming');
  await fs.promises.mkdir(dir, { recursive: true });
  const file = path.join(dir, randomBytes(16).toString('hex'));
  const hash = createHash('sha256');
  let size = 0;
  const chunks: Buffer[] = [];
  let kept = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      hash.update(chunk);
      if (kept < HEAD_BYTES) {
        const piece = chunk.subarray(0, HEAD_BYTES - kept);
        chunks.push(piece);
        kept += piece.length;
      }
      done(null, chunk);
    },
  });
  try {
    await pipeline(source, meter, fs.createWriteStream(file, { flags: 'wx' }));
  } catch (err) {
    await fs.promises.rm(file, { force: true });
    throw err;
  }
  return { file, size, sha256: hash.digest('hex'), head: Buffer.concat(chunks) };
}

const TOO_MANY = new Set(['FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);

/**
 * The multipart form of an upload: field `file` (one file) and the policy's text fields. The
 * file's extension is checked before anything is written, its size while it is spooled, its
 * first bytes after; any failure removes the temporary file.
 */
export async function receiveMedia(
  ctx: AppContext,
  request: FastifyRequest,
  policy: MediaPolicy,
): Promise<ReceivedMedia> {
  if (!request.isMultipart()) throw badRequest(NO_FILE);
  const fields: Record<string, string> = {};
  let received: Awaited<ReturnType<typeof spool>> | undefined;
  let originalName = '';
  let extension = '';
  let truncated = false;
  const discard = async () => {
    if (received) await fs.promises.rm(received.file, { force: true });
  };
  try {
    // `throwFileSizeLimit` works here as for request.file() (the types leave it out): a file
    // over the limit is cut and marked `truncated`, answered with the policy's 413 below.
    const options = {
      limits: { fileSize: policy.maxBytes, files: 1, fields: 10, parts: 12, fieldSize: 4096 },
      throwFileSizeLimit: false,
    };
    const parts = request.parts(options);
    for await (const part of parts) {
      if (part.type === 'field') {
        if (policy.fields?.includes(part.fieldname) && typeof part.value === 'string')
          fields[part.fieldname] = part.value.slice(0, policy.fieldMax ?? 200);
        continue;
      }
      if (part.fieldname !== 'file' || received) {
        await drain(part.file);
        continue;
      }
      originalName = cleanFileName(part.filename);
      extension = extensionOf(originalName);
      if (!policy.extensions.includes(extension)) {
        await drain(part.file);
        throw badRequest(policy.wrongType);
      }
      // Over the limit: refused at once, the rest of the body is not read (upload-limit.ts).
      failAtLimit(part.file, () => new ApiError(413, policy.tooLarge));
      received = await spool(ctx, part.file);
      truncated = part.file.truncated;
    }
  } catch (err) {
    await discard();
    if (err instanceof ApiError) throw err;
    const code = (err as { code?: string }).code;
    if (code && TOO_MANY.has(code)) throw badRequest(NO_FILE);
    throw err;
  }
  if (!received) throw badRequest(NO_FILE);
  try {
    if (truncated) throw new ApiError(413, policy.tooLarge);
    if (received.size === 0) throw badRequest(EMPTY_FILE);
    const matches =
      policy.kind === 'picture'
        ? imageMatches(extension, received.head)
        : videoMatches(extension, received.head);
    if (!matches) throw badRequest(WRONG_CONTENT);
  } catch (err) {
    await discard();
    throw err;
  }
  const contentType =
    (policy.kind === 'picture' ? IMAGE_CONTENT : VIDEO_CONTENT)[extension] ??
    'application/octet-stream';
  return { ...received, originalName, extension, contentType, fields, discard };
}

/** Stores a received file under `key`, streamed from its temporary file. */
export async function storeMedia(
  ctx: AppContext,
  key: string,
  media: ReceivedMedia,
): Promise<void> {
  await storageOf(ctx.config).put(key, fs.createReadStream(media.file), {
    contentType: media.contentType,
    size: media.size,
    sha256: media.sha256,
  });
}

/** 128 random bits, as the public file name. */
export const randomName = () => randomBytes(16).toString('hex');

// ---- serving ----------------------------------------------------------------------------

/** Public media may be cached (a name is never reused for other bytes); a day, then revalidated. */
export const PUBLIC_CACHE = 'public, max-age=86400';

/** What a public media address may look like: `<tenant>/<32 hex>.<ext>`. */
export function publicName(
  params: { tenant: string; file: string },
  extensions: readonly string[],
): boolean {
  const m = /^[0-9a-f]{32}\.([a-z0-9]{2,5})$/.exec(params.file);
  return /^[A-Za-z0-9]{1,12}$/.test(params.tenant) && !!m && extensions.includes(m[1]!);
}

/**
 * Route options of a public media address: no token (an <img> or <video> cannot send one; the
 * name is the secret) and, on a successful answer, cache headers instead of the API's
 * `no-store` (this route-level hook runs after the app's security hook).
 */
export const publicMediaRoute: RouteShorthandOptions = {
  config: { access: PUBLIC },
  onSend: async (_request, reply) => {
    const status = reply.statusCode;
    if (status === 200 || status === 206 || status === 304) {
      reply.header('Cache-Control', PUBLIC_CACHE);
      reply.removeHeader('Pragma');
    }
  },
};

interface ByteRange {
  start: number;
  end: number;
}

/**
 * One `bytes=` range of a file of `size` bytes: the range, 'unsatisfiable', or undefined (no
 * usable Range header, or several ranges: the whole file is sent then, as RFC 9110 allows).
 */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

export interface ServedFile {
  key: string;
  contentType: string;
  fileName: string;
  /** Answer single byte ranges (206) for players that seek. */
  ranges: boolean;
}

/**
 * Sends a stored file inline with its checked type, `nosniff` and an ETag (the key: its bytes
 * never change). Byte ranges read only that part, from local disk or S3 alike.
 */
export async function sendMedia(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  file: ServedFile,
): Promise<FastifyReply> {
  const storage = storageOf(ctx.config);
  const etag = `"${createHash('sha256').update(file.key).digest('hex').slice(0, 32)}"`;
  reply
    .header('Content-Type', file.contentType)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Disposition', inlineDisposition(file.fileName))
    .header('ETag', etag);
  if (file.ranges) reply.header('Accept-Ranges', 'bytes');
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();

  const source = await openStored(storage, file.key);
  if (!source) throw notFound('文件不存在');
  const { size } = source;
  const range = file.ranges ? parseRange(request.headers.range, size) : undefined;
  if (!range) return reply.header('Content-Length', String(size)).send(await source.open());
  if (range === 'unsatisfiable')
    return reply.code(416).header('Content-Range', `bytes */${size}`).send();
  return reply
    .code(206)
    .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
    .header('Content-Length', String(range.end - range.start + 1))
    .send(await source.open(range));
}

interface OpenedFile {
  size: number;
  open(range?: ByteRange): Promise<Readable>;
}

/**
 * A stored file's size and a way to read all or part of it: a range is read by the store itself
 * (a file offset on disk, a `Range` request to S3), so seeking near the end of a long video does
 * not make the bucket send it from the start.
 */
async function openStored(storage: ObjectStorage, key: string): Promise<OpenedFile | undefined> {
  const info = await storage.stat(key);
  if (!info) return undefined;
  return {
    size: info.size,
    open: async (range) => {
      const object = await storage.get(key, range);
      if (!object) throw notFound('文件不存在');
      return object.stream;
    },
  };
}

/** `inline` with an ASCII fallback name and the exact name as RFC 5987 `filename*`. */
export function inlineDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^A-Za-z0-9._ -]/g, '_') || 'file';
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `inline; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** The tables of stored media: the same file columns, audit columns and logic delete. */
export type MediaTable = 'bladePic' | 'bladeVideo';

/**
 * `remove` of pictures or videos: all or nothing (an id that is not the caller tenant's answers
 * 404 with `missing`); the rows stay (logic delete), their public addresses stop answering at
 * once, and the stored bytes go.
 */
export async function removeMedia(
  ctx: AppContext,
  request: FastifyRequest,
  table: MediaTable,
  user: { tenantId: string; userId: string },
  ids: readonly string[],
  missing: string,
): Promise<void> {
  // Both tables have the same columns; the casts only pick one of the two for Kysely's types.
  const t = table as 'bladePic';
  const unique = [...new Set(ids)];
  const rows = await ctx.db
    .selectFrom(t)
    .select(['id', 'objectKey'])
    .where('tenantId', '=', user.tenantId)
    .where('isDeleted', '=', 0)
    .where('id', 'in', unique)
    .execute();
  if (rows.length !== unique.length) throw notFound(missing);
  await ctx.db
    .updateTable(t)
    .set({ isDeleted: 1, updateUser: user.userId, updateTime: nowText() })
    .where('tenantId', '=', user.tenantId)
    .where('id', 'in', unique)
    .execute();
  const storage = storageOf(ctx.config);
  for (const r of rows) {
    await storage.remove(r.objectKey).catch((err: unknown) => {
      request.log.warn({ err, key: r.objectKey }, 'stored object not removed');
    });
  }
}

/**
 * The public address of a stored picture or video (`<path>/<tenant>/<32 hex>.<ext>`): no token
 * (an <img> or <video> cannot send one), found only by its unguessable name.
 */
export function publicMediaHandler(
  ctx: AppContext,
  table: MediaTable,
  folder: 'pic' | 'video',
  extensions: readonly string[],
  ranges: boolean,
) {
  return async (
    request: FastifyRequest<{ Params: { tenant: string; file: string } }>,
    reply: FastifyReply,
  ) => {
    const { tenant, file } = request.params;
    if (!publicName(request.params, extensions)) throw notFound();
    const row = await ctx.db
      .selectFrom(table as 'bladePic')
      .select(['objectKey', 'contentType', 'originalName'])
      .where('tenantId', '=', tenant)
      .where('objectKey', '=', `${tenant}/${folder}/${file}`)
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
    if (!row) throw notFound();
    return sendMedia(ctx, request, reply, {
      key: row.objectKey,
      contentType: row.contentType,
      fileName: row.originalName,
      ranges,
    });
  };
}
