import { Readable } from 'node:stream';
import { createInflateRaw, inflateRawSync } from 'node:zlib';

/** Limits of what an uploaded workbook may unpack to before exceljs is given it. */
export interface ZipLimits {
  /** Total bytes of every entry once inflated. */
  maxUnpacked: number;
  maxEntries: number;
  /**
   * Bytes once inflated of each entry exceljs keeps whole in memory while it streams the sheet
   * (shared strings, styles, the workbook and its relations). Default 16 MB.
   */
  maxKept?: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxUnpacked: 64 * 1024 * 1024,
  maxEntries: 1000,
  maxKept: 16 * 1024 * 1024,
};

/** The entries exceljs's streaming reader keeps whole in memory (workbook-reader.js). */
export const KEPT_ENTRIES = new Set([
  'xl/workbook.xml',
  'xl/_rels/workbook.xml.rels',
  'xl/styles.xml',
  'xl/sharedStrings.xml',
]);

export type ZipVerdict = 'xlsx' | 'not-xlsx' | 'too-large';

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;

/** One entry of a zip held in memory, as its central directory describes it. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  /** Where its local header starts. */
  local: number;
  /** Where its data starts and ends. */
  start: number;
  end: number;
  /** Where its local record ends (the data descriptor included): the next record's start. */
  recordEnd: number;
}

/**
 * The entries of the zip `buf`, read from its central directory (nothing is inflated), or why
 * it is not a workbook's zip: encrypted, zip64, compressed otherwise than stored or deflated,
 * entries pointing outside the file, too many entries.
 */
export function zipEntries(
  buf: Buffer,
  limits: ZipLimits = DEFAULT_ZIP_LIMITS,
): ZipEntry[] | ZipVerdict {
  if (buf.length < 22 || buf.readUInt32LE(0) !== LOCAL) return 'not-xlsx';
  // The end-of-central-directory record: the last 22 bytes plus at most a 64 KB comment.
  let end = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === END) {
      end = i;
      break;
    }
  }
  if (end < 0) return 'not-xlsx';
  const count = buf.readUInt16LE(end + 10);
  const directory = buf.readUInt32LE(end + 16);
  // 0xffff / 0xffffffff mean zip64, which no workbook of an import's size needs.
  if (count === 0xffff || directory === 0xffffffff) return 'not-xlsx';
  if (count > limits.maxEntries) return 'too-large';

  const entries: ZipEntry[] = [];
  let at = directory;
  for (let n = 0; n < count; n++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== CENTRAL) return 'not-xlsx';
    const flags = buf.readUInt16LE(at + 8);
    const method = buf.readUInt16LE(at + 10);
    const packed = buf.readUInt32LE(at + 20);
    const nameLength = buf.readUInt16LE(at + 28);
    const extraLength = buf.readUInt16LE(at + 30);
    const commentLength = buf.readUInt16LE(at + 32);
    const local = buf.readUInt32LE(at + 42);
    if (flags & 0x1) return 'not-xlsx'; // encrypted
    if (method !== 0 && method !== 8) return 'not-xlsx';
    const name = buf.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;

    if (local + 30 > directory || buf.readUInt32LE(local) !== LOCAL) return 'not-xlsx';
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    if (start + packed > directory) return 'not-xlsx';
    entries.push({ name, method, local, start, end: start + packed, recordEnd: directory });
  }
  const byOffset = [...entries].sort((a, b) => a.local - b.local);
  byOffset.forEach((e, i) => {
    e.recordEnd = byOffset[i + 1]?.local ?? directory;
  });
  return entries;
}

/**
 * Whether `buf` is an .xlsx package (a zip holding `[Content_Types].xml` and `xl/workbook.xml`)
 * that unpacks within the limits. Each entry is really inflated, with a cap, rather than
 * trusting the sizes the zip declares, so a zip bomb is refused before exceljs ever sees it.
 * Synchronous: it holds each inflated entry and the event loop; uploads use `checkXlsx`.
 */
export function inspectXlsx(buf: Buffer, limits: ZipLimits = DEFAULT_ZIP_LIMITS): ZipVerdict {
  const entries = zipEntries(buf, limits);
  if (!Array.isArray(entries)) return entries;
  let budget = limits.maxUnpacked;
  for (const entry of entries) {
    let size = entry.end - entry.start;
    if (entry.method === 8) {
      try {
        size = inflateRawSync(buf.subarray(entry.start, entry.end), {
          maxOutputLength: Math.max(1, budget) + 1,
        }).length;
      } catch (err) {
        return (err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE'
          ? 'too-large'
          : 'not-xlsx';
      }
    }
    budget -= size;
    if (budget < 0) return 'too-large';
  }
  return verdictByNames(entries);
}

function verdictByNames(entries: readonly ZipEntry[]): ZipVerdict {
  const names = new Set(entries.map((e) => e.name));
  return names.has('[Content_Types].xml') && names.has('xl/workbook.xml') ? 'xlsx' : 'not-xlsx';
}

/** Input pieces of this size: zlib and the zip parser never get the whole file at once. */
const PIECE = 64 * 1024;

function* pieces(data: Buffer): Generator<Buffer> {
  for (let at = 0; at < data.length; at += PIECE) yield data.subarray(at, at + PIECE);
}

/** How many bytes a deflated entry inflates to, counted without keeping them; -1 past `cap`. */
function inflatedSize(data: Buffer, cap: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflate = createInflateRaw();
    let size = 0;
    let settled = false;
    const source = Readable.from(pieces(data));
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > cap && !settled) {
        settled = true;
        source.unpipe(inflate);
        source.destroy();
        inflate.destroy();
        resolve(-1);
      }
    });
    inflate.on('end', () => {
      settled = true;
      resolve(size);
    });
    inflate.on('error', (err) => {
      if (!settled) {
        settled = true;
        reject(err);
      }
    });
    source.pipe(inflate);
  });
}

/**
 * `inspectXlsx` for uploads: the same verdict, with each entry inflated by a zlib stream
 * (off the event loop, in pieces) and only counted, so checking a file that unpacks to 60 MB
 * neither holds 60 MB nor stalls other requests. The entries exceljs keeps whole
 * (`KEPT_ENTRIES`) must also stay within `maxKept` each.
 */
export async function checkXlsx(
  buf: Buffer,
  limits: ZipLimits = DEFAULT_ZIP_LIMITS,
): Promise<ZipVerdict> {
  const entries = zipEntries(buf, limits);
  if (!Array.isArray(entries)) return entries;
  const keptCap = limits.maxKept ?? Infinity;
  let budget = limits.maxUnpacked;
  for (const entry of entries) {
    const cap = Math.min(budget, KEPT_ENTRIES.has(entry.name) ? keptCap : Infinity);
    let size = entry.end - entry.start;
    if (entry.method === 8) {
      try {
        size = await inflatedSize(buf.subarray(entry.start, entry.end), cap);
      } catch {
        return 'not-xlsx';
      }
      if (size < 0) return 'too-large';
    }
    if (size > cap) return 'too-large';
    budget -= size;
  }
  return verdictByNames(entries);
}

/** A small entry inflated whole (at most `max` bytes), or undefined. */
export function entryText(buf: Buffer, entry: ZipEntry, max: number): string | undefined {
  const data = buf.subarray(entry.start, entry.end);
  try {
    const raw = entry.method === 8 ? inflateRawSync(data, { maxOutputLength: max }) : data;
    return raw.length <= max ? raw.toString('utf8') : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A zip stream of some of `buf`'s entries, in the order given, each record (header, data,
 * data descriptor) copied as it is except for its name when `rename` gives another, in pieces.
 * No central directory follows: a streaming reader reads local records only.
 */
export function zipStream(
  buf: Buffer,
  records: readonly { entry: ZipEntry; rename?: string }[],
): Readable {
  function* all(): Generator<Buffer> {
    for (const { entry, rename } of records) {
      if (rename === undefined || rename === entry.name) {
        yield* pieces(buf.subarray(entry.local, entry.recordEnd));
        continue;
      }
      const header = Buffer.from(buf.subarray(entry.local, entry.local + 30));
      const name = Buffer.from(rename, 'utf8');
      header.writeUInt16LE(name.length, 26);
      yield header;
      yield name;
      const oldName = buf.readUInt16LE(entry.local + 26);
      yield* pieces(buf.subarray(entry.local + 30 + oldName, entry.recordEnd));
    }
  }
  return Readable.from(all(), { objectMode: false });
}
