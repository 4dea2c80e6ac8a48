import { inflateRawSync } from 'node:zlib';

/** Limits of what an uploaded workbook may unpack to before exceljs is given it. */
export interface ZipLimits {
  /** Total bytes of every entry once inflated. */
  maxUnpacked: number;
  maxEntries: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = { maxUnpacked: 64 * 1024 * 1024, maxEntries: 1000 };

export type ZipVerdict = 'xlsx' | 'not-xlsx' | 'too-large';

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;

/**
 * Whether `buf` is an .xlsx package (a zip holding `[Content_Types].xml` and `xl/workbook.xml`)
 * that unpacks within the limits. Each entry is really inflated, with a cap, rather than
 * trusting the sizes the zip declares, so a zip bomb is refused before exceljs (which unpacks
 * everything in memory) ever sees it.
 */
export function inspectXlsx(buf: Buffer, limits: ZipLimits = DEFAULT_ZIP_LIMITS): ZipVerdict {
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

  const names = new Set<string>();
  let budget = limits.maxUnpacked;
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
    names.add(buf.toString('utf8', at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;

    if (local + 30 > buf.length || buf.readUInt32LE(local) !== LOCAL) return 'not-xlsx';
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    if (start + packed > buf.length) return 'not-xlsx';
    const data = buf.subarray(start, start + packed);
    let size: number;
    if (method === 0) {
      size = packed;
    } else if (method === 8) {
      try {
        size = inflateRawSync(data, { maxOutputLength: Math.max(1, budget) + 1 }).length;
      } catch (err) {
        return (err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE'
          ? 'too-large'
          : 'not-xlsx';
      }
    } else {
      return 'not-xlsx';
    }
    budget -= size;
    if (budget < 0) return 'too-large';
  }
  return names.has('[Content_Types].xml') && names.has('xl/workbook.xml') ? 'xlsx' : 'not-xlsx';
}
