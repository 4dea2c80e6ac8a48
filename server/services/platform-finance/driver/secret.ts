import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { AppContext } from '../../../context.js';

/**
 * Provider secrets at rest (WeChat pay API v3 key and private key, Dingxin app secret): the
 * layout of the supplier interface secret (platform-supplier/driver/secret.ts), AES-256-GCM under
 * HMAC-SHA256(server secret, 'at-rest:provider-secret'); 'enc1:' + base64(iv | ct | tag).
 */
const PREFIX = 'enc1:';
type Secrets = Pick<AppContext, 'jwtSecret'>;
const keyOf = (ctx: Secrets) =>
  createHmac('sha256', ctx.jwtSecret).update('at-rest:provider-secret').digest();

export function sealSecret(ctx: Secrets, plain: string | null | undefined): string | null {
  if (!plain) return null;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(ctx), iv);
  const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, ct, cipher.getAuthTag()]).toString('base64');
}

/** The plain secret; null when none or unreadable (another install's key, tampered with). */
export function openSecret(ctx: Secrets, stored: string | null | undefined): string | null {
  if (!stored?.startsWith(PREFIX)) return null;
  try {
    const raw = Buffer.from(stored.slice(PREFIX.length), 'base64');
    if (raw.length < 29) return null;
    const decipher = createDecipheriv('aes-256-gcm', keyOf(ctx), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(raw.length - 16));
    return Buffer.concat([
      decipher.update(raw.subarray(12, raw.length - 16)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return null;
  }
}
