import { createCipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * Phone numbers leave the server encrypted (spec section 3). Scheme (also in ARCHITECTURE.md):
 * AES-256-GCM with a key derived per login session, key = HMAC-SHA256(server secret,
 * 'phone:' + sessionId). The key is handed to the console once, as `crypto_key` (base64) in the
 * token response, and kept in memory there. A value is 'enc1:' + base64(iv[12] | ciphertext | tag[16]).
 * Captured list responses, logs and exports of another session cannot be read with a given key.
 */
export const PHONE_PREFIX = 'enc1:';

export function phoneKey(serverSecret: string, sessionId: string): Buffer {
  return createHmac('sha256', serverSecret).update(`phone:${sessionId}`).digest();
}

export function encryptPhone(plain: string | null | undefined, key: Buffer): string {
  if (!plain) return '';
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PHONE_PREFIX + Buffer.concat([iv, ct, cipher.getAuthTag()]).toString('base64');
}
