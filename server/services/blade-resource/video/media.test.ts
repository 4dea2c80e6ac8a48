import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { byteSlice } from '../../../lib/storage/byte-slice.js';
import { imageMatches, imageSize, parseRange, videoMatches } from './media.js';

const png = (w: number, h: number) => {
  const b = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b, 0);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'latin1');
  b.writeUInt32BE(w, 16);
  b.writeUInt32BE(h, 20);
  return b;
};

/** SOI, an APP0 segment, then a baseline frame header (SOF0) with the size. */
const jpeg = (w: number, h: number) => {
  const app0 = Buffer.from([
    0xff,
    0xe0,
    0x00,
    0x10,
    ...Buffer.from('JFIF\0'),
    1,
    1,
    0,
    0,
    1,
    0,
    1,
    0,
    0,
  ]);
  const sof = Buffer.alloc(19);
  sof.writeUInt16BE(0xffc0, 0);
  sof.writeUInt16BE(17, 2);
  sof[4] = 8;
  sof.writeUInt16BE(h, 5);
  sof.writeUInt16BE(w, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
};

const gif = (w: number, h: number) => {
  const b = Buffer.alloc(13);
  b.write('GIF89a', 0, 'latin1');
  b.writeUInt16LE(w, 6);
  b.writeUInt16LE(h, 8);
  return b;
};

const webpVp8x = (w: number, h: number) => {
  const b = Buffer.alloc(30);
  b.write('RIFF', 0, 'latin1');
  b.writeUInt32LE(22, 4);
  b.write('WEBP', 8, 'latin1');
  b.write('VP8X', 12, 'latin1');
  b.writeUIntLE(w - 1, 24, 3);
  b.writeUIntLE(h - 1, 27, 3);
  return b;
};

const ftyp = (brand: string, compatible: string[] = []) => {
  const b = Buffer.alloc(16 + compatible.length * 4);
  b.writeUInt32BE(b.length, 0);
  b.write('ftyp', 4, 'latin1');
  b.write(brand, 8, 'latin1');
  compatible.forEach((c, n) => b.write(c, 16 + n * 4, 'latin1'));
  return b;
};

const ebml = (docType: string) =>
  Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82]),
    Buffer.from([0x80 | docType.length]),
    Buffer.from(docType, 'latin1'),
  ]);

describe('media checks', () => {
  it('accepts an image only when its first bytes are the type its extension names', () => {
    expect(imageMatches('png', png(1, 1))).toBe(true);
    expect(imageMatches('jpg', jpeg(1, 1))).toBe(true);
    expect(imageMatches('jpeg', jpeg(1, 1))).toBe(true);
    expect(imageMatches('gif', gif(1, 1))).toBe(true);
    expect(imageMatches('webp', webpVp8x(1, 1))).toBe(true);
    expect(imageMatches('png', jpeg(1, 1))).toBe(false);
    expect(imageMatches('png', Buffer.from('hello, I am text'))).toBe(false);
    expect(imageMatches('webp', Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBe(false);
    expect(imageMatches('svg', Buffer.from('<svg/>'))).toBe(false);
  });

  it('reads width and height from png, jpeg, gif and webp headers', () => {
    expect(imageSize('png', png(320, 240))).toEqual({ width: 320, height: 240 });
    expect(imageSize('jpg', jpeg(800, 600))).toEqual({ width: 800, height: 600 });
    expect(imageSize('gif', gif(16, 9))).toEqual({ width: 16, height: 9 });
    expect(imageSize('webp', webpVp8x(1920, 1080))).toEqual({ width: 1920, height: 1080 });
    // A JPEG whose frame header is not in the bytes read: no size rather than a wrong one.
    expect(imageSize('jpg', jpeg(800, 600).subarray(0, 22))).toBeUndefined();
  });

  it('accepts mp4 by its ftyp brand and webm by its EBML doc type', () => {
    expect(videoMatches('mp4', ftyp('isom', ['isom', 'avc1']))).toBe(true);
    expect(videoMatches('mp4', ftyp('abcd', ['mp42']))).toBe(true);
    expect(videoMatches('mp4', ftyp('qt  ', ['qt  ']))).toBe(false);
    expect(videoMatches('mp4', ftyp('heic', ['mif1', 'mp42']))).toBe(false);
    expect(videoMatches('mp4', Buffer.from('just some text, not a video'))).toBe(false);
    expect(videoMatches('webm', ebml('webm'))).toBe(true);
    expect(videoMatches('webm', ebml('matroska'))).toBe(false);
    expect(videoMatches('webm', ftyp('isom'))).toBe(false);
  });

  it('reads single byte ranges and refuses the unsatisfiable', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=500-5000', 1000)).toEqual({ start: 500, end: 999 });
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,5-6', 1000)).toBeUndefined();
    expect(parseRange('items=0-1', 1000)).toBeUndefined();
    expect(parseRange(undefined, 1000)).toBeUndefined();
  });

  it('cuts a byte range out of a stream that arrives in chunks (stores without ranged reads)', async () => {
    const bytes = Buffer.from(Array.from({ length: 100 }, (_, i) => i));
    const chunks = [bytes.subarray(0, 7), bytes.subarray(7, 50), bytes.subarray(50)];
    const out: Buffer[] = [];
    for await (const c of Readable.from(chunks).pipe(byteSlice({ start: 5, end: 60 })))
      out.push(c as Buffer);
    expect(Buffer.concat(out)).toEqual(bytes.subarray(5, 61));
  });
});
