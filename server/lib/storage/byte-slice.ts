import { Transform } from 'node:stream';
import type { ByteRange } from './types.js';

/**
 * Bytes start..end (included) of a stream that starts at byte 0, the rest dropped: a range read
 * from a store that sent the whole object (an S3-compatible server that ignores `Range`).
 */
export function byteSlice({ start, end }: ByteRange): Transform {
  let offset = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      const from = Math.max(start - offset, 0);
      const to = Math.min(end + 1 - offset, chunk.length);
      offset += chunk.length;
      done(null, from < to ? chunk.subarray(from, to) : undefined);
    },
  });
}
