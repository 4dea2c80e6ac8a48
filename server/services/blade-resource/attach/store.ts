import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context.js';
import { ApiError, badRequest } from '../../../lib/errors.js';
import { nextId } from '../../../lib/ids.js';
import { insertAudit } from '../../../lib/records.js';
import { storageOf } from '../../../lib/storage/index.js';
import {
  cleanFileName,
  contentMatches,
  extensionOf,
  FILE_TYPES,
  SNIFF_BYTES,
} from '../../../lib/storage/file-types.js';
import { nowText } from '../../../lib/time.js';
import { failAtLimit } from '../../../lib/upload-limit.js';
import type { AuthUser } from '../../../auth/index.js';

/** What an upload endpoint accepts. */
export interface UploadPolicy {
  kind: 'file' | 'avatar';
  /** Allowed extensions (each must be in FILE_TYPES: its content is checked too). */
  extensions: readonly string[];
  maxBytes: number;
  /** 413 message (spec section 5: 'single file cannot exceed nM', 'avatar at most 500kb'). */
  tooLarge: string;
}

/** The file record of an upload answer (contract.md 7 BladeFile, plus the attachment's id). */
export interface FileRecord {
  link: string;
  domain: string;
  name: string;
  originalName: string;
  attachId: string;
}

export const MB = 1024 * 1024;
export const AVATAR_MAX_BYTES = 500 * 1024;
export const NO_FILE = '请上传文件!';
export const EMPTY_FILE = '上传文件不能为空';
export const WRONG_CONTENT = '文件内容与文件类型不符';
export const typeMessage = (extensions: readonly string[]) =>
  `只能上传 ${extensions.join('/')} 格式的文件`;

/** The public address of an avatar image (an <img src>: no token can travel with it). */
export const AVATAR_PATH = '/api/blade-resource/oss/endpoint/avatar';
export const downloadLink = (id: string) => `blade-resource/attach/download?id=${id}`;

/** Reads what is left of a part so the request can end normally. */
async function drain(stream: NodeJS.ReadableStream): Promise<void> {
  await pipeline(
    stream,
    new Writable({
      write: (_chunk, _enc, done) => done(),
    }),
  ).catch(() => undefined);
}

interface Spooled {
  file: string;
  size: number;
  sha256: string;
  head: Buffer;
}

/** Writes the part to a temporary file, counting, hashing and keeping its first bytes. */
async function spool(ctx: AppContext, source: NodeJS.ReadableStream): Promise<Spooled> {
  const dir = path.join(ctx.config.dataDir, 'files', '.incoming');
  await fs.promises.mkdir(dir, { recursive: true });
  const file = path.join(dir, randomBytes(16).toString('hex'));
  const hash = createHash('sha256');
  let size = 0;
  let head = Buffer.alloc(0);
  const meter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      hash.update(chunk);
      if (head.length < SNIFF_BYTES)
        head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
      done(null, chunk);
    },
  });
  try {
    await pipeline(source, meter, fs.createWriteStream(file, { flags: 'wx' }));
  } catch (err) {
    await fs.promises.rm(file, { force: true });
    throw err;
  }
  return { file, size, sha256: hash.digest('hex'), head };
}

const day = () => nowText().slice(0, 10).replace(/-/g, '');

/**
 * One uploaded file (multipart field `file`) -> checked (extension allowlist, size, magic bytes)
 * -> stored under a key the server makes -> an attachment row of the caller's tenant. The
 * client's file name is kept only as `originalName`; it never reaches a path.
 */
export async function receiveUpload(
  ctx: AppContext,
  request: FastifyRequest,
  user: AuthUser,
  policy: UploadPolicy,
): Promise<FileRecord> {
  if (!request.isMultipart()) throw badRequest(NO_FILE);
  const part = await request.file({
    limits: { fileSize: policy.maxBytes, files: 1, fields: 20, parts: 30 },
    throwFileSizeLimit: false,
  });
  if (!part) throw badRequest(NO_FILE);
  if (part.fieldname !== 'file') {
    await drain(part.file);
    throw badRequest(NO_FILE);
  }
  const originalName = cleanFileName(part.filename);
  const extension = extensionOf(originalName);
  if (!policy.extensions.includes(extension)) {
    await drain(part.file);
    throw badRequest(typeMessage(policy.extensions));
  }

  // Over the limit: refused at once, the rest of the body is not read (upload-limit.ts).
  failAtLimit(part.file, () => new ApiError(413, policy.tooLarge));
  const spooled = await spool(ctx, part.file);
  try {
    if (part.file.truncated) throw new ApiError(413, policy.tooLarge);
    if (spooled.size === 0) throw badRequest(EMPTY_FILE);
    if (!contentMatches(extension, spooled.head)) throw badRequest(WRONG_CONTENT);

    const contentType = FILE_TYPES[extension]!.contentType;
    const random = randomBytes(16).toString('hex');
    const key =
      policy.kind === 'avatar'
        ? `${user.tenantId}/avatar/${random}.${extension}`
        : `${user.tenantId}/${day()}/${random}.${extension}`;
    const id = nextId();
    const link =
      policy.kind === 'avatar'
        ? `${AVATAR_PATH}/${user.tenantId}/${random}.${extension}`
        : downloadLink(id);

    const storage = storageOf(ctx.config);
    await storage.put(key, fs.createReadStream(spooled.file), {
      contentType,
      size: spooled.size,
      sha256: spooled.sha256,
    });
    try {
      await ctx.db
        .insertInto('bladeAttach')
        .values({
          id,
          tenantId: user.tenantId,
          kind: policy.kind,
          link,
          domain: '',
          name: key,
          originalName,
          extension,
          contentType,
          attachSize: spooled.size,
          ...insertAudit(user, nowText()),
        })
        .execute();
    } catch (err) {
      await storage.remove(key).catch(() => undefined);
      throw err;
    }
    return { link, domain: '', name: key, originalName, attachId: id };
  } finally {
    await fs.promises.rm(spooled.file, { force: true });
  }
}
