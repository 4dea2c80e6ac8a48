import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { AppContext } from '../../../context.js';

/**
 * A supplier's interface secret at rest (blade_sup.interface_secret): AES-256-GCM under a
 * per-install key derived from the server secret, key = HMAC-SHA256(server secret,
 * 'at-rest:sup-interface-secret'); a value is 'enc1:' + base64(iv[12] | ciphertext | tag[16]),
 * the layout of the phone ciphertexts (lib/phone-crypto.ts). A new JWT_SECRET makes stored
 * secrets unreadable: the supplier then answers "接口未配置" until its secret is entered again.
 */
export const SECRET_PREFIX = 'enc1:';

const secretKey = (ctx: Pick<AppContext, 'jwtSecret'>) =>
  createHmac('sha256', ctx.jwtSecret).update('at-rest:sup-interface-secret').digest();

/** The stored form of a secret the supplier form received; null for none. */
export function encryptInterfaceSecret(
  ctx: Pick<AppContext, 'jwtSecret'>,
  plain: string | null | undefined,
): string | null {
  if (!plain) return null;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secretKey(ctx), iv);
  const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return SECRET_PREFIX + Buffer.concat([iv, ct, cipher.getAuthTag()]).toString('base64');
}

/**
 * The plain secret of a stored value; null when there is none or it cannot be read (not our
 * ciphertext, another install's key, tampered with).
 */
export function decryptInterfaceSecret(
  ctx: Pick<AppContext, 'jwtSecret'>,
  stored: string | null | undefined,
): string | null {
  if (!stored || !stored.startsWith(SECRET_PREFIX)) return null;
  try {
    const raw = Buffer.from(stored.slice(SECRET_PREFIX.length), 'base64');
    if (raw.length < 29) return null;
    const decipher = createDecipheriv('aes-256-gcm', secretKey(ctx), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(raw.length - 16));
    return Buffer.concat([
      decipher.update(raw.subarray(12, raw.length - 16)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return null;
  }
}
