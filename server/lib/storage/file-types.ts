/**
 * The file types uploads may have. A file is accepted when its name's extension is allowed AND
 * its first bytes are that type's signature (magic bytes), so a renamed text or HTML file is
 * refused whatever it is called. The content type sent back on download is the type's own,
 * never the client's.
 */
export interface FileType {
  contentType: string;
  magic: Buffer;
}

const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

export const FILE_TYPES: Readonly<Record<string, FileType>> = {
  jpg: { contentType: 'image/jpeg', magic: JPEG },
  jpeg: { contentType: 'image/jpeg', magic: JPEG },
  png: {
    contentType: 'image/png',
    magic: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  pdf: { contentType: 'application/pdf', magic: Buffer.from('%PDF-', 'latin1') },
  doc: { contentType: 'application/msword', magic: OLE },
  xls: { contentType: 'application/vnd.ms-excel', magic: OLE },
  docx: {
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    magic: ZIP,
  },
  xlsx: {
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    magic: ZIP,
  },
};

/** Bytes a check needs from the start of a file. */
export const SNIFF_BYTES = 8;

/** The lower-case extension of a file name ('' when it has none). */
export function extensionOf(name: string): string {
  const m = /\.([A-Za-z0-9]{1,8})$/.exec(name);
  return m ? m[1]!.toLowerCase() : '';
}

/** Whether the file's first bytes are the signature of the type its extension names. */
export function contentMatches(extension: string, head: Buffer): boolean {
  const type = FILE_TYPES[extension];
  return (
    !!type &&
    head.length >= type.magic.length &&
    head.subarray(0, type.magic.length).equals(type.magic)
  );
}

/**
 * The client's file name made harmless for storing and showing: the last path segment only,
 * control characters removed, at most 200 characters (the extension kept).
 */
export function cleanFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const name = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (name.length <= 200) return name;
  const ext = extensionOf(name);
  return ext ? `${name.slice(0, 199 - ext.length)}.${ext}` : name.slice(0, 200);
}

/**
 * `Content-Disposition: attachment` with an ASCII fallback name and the exact name as RFC 5987
 * `filename*` (UTF-8).
 */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^A-Za-z0-9._ -]/g, '_') || 'file';
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
