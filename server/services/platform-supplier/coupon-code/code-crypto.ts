import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { AppContext } from '../../../context.js';

/**
 * Coupon codes and pins at rest (domain.md "coupon code"): AES-256-GCM under a per-install key,
 * HMAC-SHA256(server secret, 'at-rest:coupon-code'), laid out like the other sealed columns
 * ('enc1:' + base64(iv[12] | ciphertext | tag[16])). The exact look-up (the couponCode2 filter,
 * the palette's c:, duplicate checks) uses `codeDigest`, an HMAC-SHA256 of the code's key
 * (`codeKey`: case and full-width forms ignored) under a second derived key, so the database never
 * holds a searchable plain code. A new JWT_SECRET makes stored codes unreadable and unfindable:
 * keep it with the database's backups.
 */
const PREFIX = 'enc1:';

type Keyed = Pick<AppContext, 'jwtSecret'>;

const keys = new WeakMap<object, { seal: Buffer; digest: Buffer }>();
function keysOf(ctx: Keyed) {
  let found = keys.get(ctx);
  if (!found) {
    found = {
      seal: createHmac('sha256', ctx.jwtSecret).update('at-rest:coupon-code').digest(),
      digest: createHmac('sha256', ctx.jwtSecret).update('digest:coupon-code').digest(),
    };
    keys.set(ctx, found);
  }
  return found;
}

/** How a code is stored and handed out: spaces around dropped, otherwise as the supplier wrote it. */
export const normaliseCode = (code: string) => code.trim();

/**
 * How a code is identified (look-ups, duplicates; issue 25 item 13): also case-insensitive, and
 * full-width letters and digits (a Chinese input method's) read as their ASCII forms (NFKC), so
 * `abc-1`, `ABC-1` and `ＡＢＣ－１` are one code. The stored code keeps the supplier's spelling.
 */
export const codeKey = (code: string) => code.normalize('NFKC').trim().toUpperCase();

const hmacOf = (ctx: Keyed, text: string) =>
  createHmac('sha256', keysOf(ctx).digest).update(text).digest('hex');

/** The stored form of a code or pin. */
export function sealCode(ctx: Keyed, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keysOf(ctx).seal, iv);
  const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, ct, cipher.getAuthTag()]).toString('base64');
}

/** The plain code of a stored value; '' when it cannot be read (another install's key). */
export function openCode(ctx: Keyed, stored: string | null | undefined): string {
  if (!stored || !stored.startsWith(PREFIX)) return '';
  try {
    const raw = Buffer.from(stored.slice(PREFIX.length), 'base64');
    if (raw.length < 29) return '';
    const decipher = createDecipheriv('aes-256-gcm', keysOf(ctx).seal, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(raw.length - 16));
    return Buffer.concat([
      decipher.update(raw.subarray(12, raw.length - 16)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return '';
  }
}

/** The look-up value a code is stored with (hex HMAC-SHA256 of its key). */
export function codeDigest(ctx: Keyed, code: string): string {
  return hmacOf(ctx, codeKey(code));
}

/**
 * Every digest a stored code that `code` names may carry: its key's, and those of codes stored
 * before keys ignored case, whose digest is of the code as imported (trimmed): the code as typed
 * and in lower case. An upper-case code stored then has its key's digest already, so only a
 * mixed-case code stored before issue 25 must be typed exactly as imported to be found.
 */
export function codeDigests(ctx: Keyed, code: string): string[] {
  const typed = normaliseCode(code);
  return [...new Set([codeKey(code), typed, typed.toLowerCase()])].map((text) => hmacOf(ctx, text));
}

/**
 * What a user without the view button sees: the first and last 4 characters of a long code
 * (`ABCD********WXYZ`, the stars as many as the hidden characters up to 8), the last 2 of a short
 * one, nothing of a code of 4 characters or fewer.
 */
export function maskCode(code: string): string {
  const chars = [...code];
  const n = chars.length;
  if (n <= 4) return '*'.repeat(n);
  const keep = n >= 12 ? 4 : 2;
  const head = n >= 12 ? chars.slice(0, keep).join('') : '';
  const tail = chars.slice(n - keep).join('');
  return head + '*'.repeat(Math.min(8, n - head.length - tail.length)) + tail;
}

/** Everything a new code row needs from its plain code and pin. */
export function sealedCode(ctx: Keyed, code: string, pin?: string | null) {
  const plain = normaliseCode(code);
  return {
    codeCipher: sealCode(ctx, plain),
    codeDigest: codeDigest(ctx, plain),
    codeMask: maskCode(plain),
    pinCipher: pin ? sealCode(ctx, pin.trim()) : null,
  };
}
