import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { AppContext } from '../../../context.js';
import { encryptPhone, phoneKey, PHONE_PREFIX } from '../../../lib/phone-crypto.js';
import type { AuthUser } from '../../../auth/index.js';

/**
 * A supplier's contact phone (blade_sup.contact_phone). At rest: AES-256-GCM under a per-install
 * key, HMAC-SHA256(server secret, 'at-rest:sup-contact-phone'), laid out like the phone answers
 * ('enc1:' + base64(iv[12] | ciphertext | tag[16])). In answers: re-encrypted for the caller's
 * session like user phones (lib/phone-crypto.ts), which the console decrypts for display.
 */
const atRestKey = (ctx: Pick<AppContext, 'jwtSecret'>) =>
  createHmac('sha256', ctx.jwtSecret).update('at-rest:sup-contact-phone').digest();

/** The stored form of a plain phone; null for none. */
export function sealContactPhone(
  ctx: Pick<AppContext, 'jwtSecret'>,
  plain: string | null | undefined,
): string | null {
  if (!plain) return null;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', atRestKey(ctx), iv);
  const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PHONE_PREFIX + Buffer.concat([iv, ct, cipher.getAuthTag()]).toString('base64');
}

/** The plain phone of a stored value; '' when none or unreadable (another install's key). */
export function openContactPhone(
  ctx: Pick<AppContext, 'jwtSecret'>,
  stored: string | null | undefined,
): string {
  if (!stored || !stored.startsWith(PHONE_PREFIX)) return '';
  try {
    const raw = Buffer.from(stored.slice(PHONE_PREFIX.length), 'base64');
    if (raw.length < 29) return '';
    const decipher = createDecipheriv('aes-256-gcm', atRestKey(ctx), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(raw.length - 16));
    return Buffer.concat([
      decipher.update(raw.subarray(12, raw.length - 16)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return '';
  }
}

/** A stored phone as answered to `user`: encrypted for the caller's session ('' when none). */
export function answerContactPhone(
  ctx: Pick<AppContext, 'jwtSecret'>,
  user: Pick<AuthUser, 'sessionId'>,
  stored: string | null | undefined,
): string {
  return encryptPhone(openContactPhone(ctx, stored), phoneKey(ctx.jwtSecret, user.sessionId));
}
