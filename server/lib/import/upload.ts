import type { FastifyRequest } from 'fastify';
import { ApiError, badRequest } from '../errors.js';
import { failAtLimit } from '../upload-limit.js';
import { cleanFileName, contentMatches, extensionOf } from '../storage/file-types.js';
import { NOT_EXCEL } from './workbook.js';
import { checkXlsx } from './zip-check.js';

export const NO_FILE = '请上传文件!';

/** The spec's uploader text ('single file cannot exceed nM'). */
export const tooLarge = (maxBytes: number) =>
  new ApiError(413, `单个文件不能超过${Math.round((maxBytes / 1024 / 1024) * 10) / 10}M`);

export interface Upload {
  /** The client's name, last path segment only, control characters removed. */
  fileName: string;
  buffer: Buffer;
  /** Text fields sent before the file. */
  fields: Record<string, string>;
}

/** Multipart errors of @fastify/multipart that mean "too big". */
const TOO_LARGE = new Set(['FST_REQ_FILE_TOO_LARGE', 'FST_FILES_LIMIT']);

/**
 * The one file of a multipart upload (field `file`), at most `maxBytes`: bigger answers 413,
 * before the rest of it is kept in memory. Only an .xlsx by name AND content is accepted: the
 * zip signature, a workbook inside, and no more than the unpacking limits (zip-check.ts).
 */
export async function readXlsxUpload(request: FastifyRequest, maxBytes: number): Promise<Upload> {
  if (!request.isMultipart()) throw badRequest(NO_FILE);
  let buffer: Buffer;
  let fileName: string;
  const fields: Record<string, string> = {};
  try {
    const part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
    if (!part || part.fieldname !== 'file') throw badRequest(NO_FILE);
    for (const [name, field] of Object.entries(part.fields)) {
      const value = Array.isArray(field) ? field[0] : field;
      if (value && value.type === 'field' && typeof value.value === 'string') {
        fields[name] = value.value;
      }
    }
    fileName = cleanFileName(part.filename);
    // Over the limit: refused at once, the rest of the body is not read (upload-limit.ts).
    failAtLimit(part.file, () => tooLarge(maxBytes));
    buffer = await part.toBuffer();
  } catch (err) {
    if (err instanceof ApiError) throw err;
    const code = (err as { code?: string }).code;
    if (code && TOO_LARGE.has(code)) throw tooLarge(maxBytes);
    throw badRequest(NO_FILE);
  }
  if (buffer.length === 0) throw badRequest(NO_FILE);
  if (extensionOf(fileName) !== 'xlsx' || !contentMatches('xlsx', buffer.subarray(0, 8))) {
    throw badRequest(NOT_EXCEL);
  }
  const verdict = await checkXlsx(buffer);
  if (verdict === 'too-large') throw badRequest('文件内容过大，请拆分后分批导入');
  if (verdict !== 'xlsx') throw badRequest(NOT_EXCEL);
  return { fileName, buffer, fields };
}
