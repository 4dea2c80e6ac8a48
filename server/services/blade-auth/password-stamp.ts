import { createHash } from 'node:crypto';
import type { AppContext } from '../../context.js';

/**
 * A password ciphertext seen once must not log in again (issue 15 item 1). The console
 * encrypts `<password>\u0000<server time, epoch seconds>` (the time from the public-key answer,
 * so a wrong browser clock does not matter): the server accepts such a stamped ciphertext only
 * within STAMP_SECONDS of its stamp and only once, keyed by a hash of the ciphertext. RSA-OAEP
 * ciphertexts cannot be altered into another valid one, and nobody without the password can
 * make a new one, so a copy from a log, a proxy or a browser history is spent or stale.
 * A ciphertext of the bare password (BladeX clients, scripts) is accepted as before.
 *
 * The spent set lives in the server process: it stays small (entries leave after at most
 * 2 x STAMP_SECONDS); with several server processes a copy could be replayed once on another
 * process inside the window, which a shared table would close.
 */
export const STAMP_SECONDS = 5 * 60;
const SEPARATOR = '\u0000';

/** The ciphertext's number: the same for every base64 spelling and leading-zero padding. */
function digestOf(ciphertextBase64: string): string {
  const bytes = Buffer.from(ciphertextBase64, 'base64');
  let start = 0;
  while (start < bytes.length && bytes[start] === 0) start++;
  return createHash('sha256').update(bytes.subarray(start)).digest('hex');
}

export class SpentCiphertexts {
  private readonly until = new Map<string, number>();
  private sweptAt = 0;

  /** True the first time `digest` is claimed within its lifetime; false for a replay. */
  claim(digest: string, expiresAt: number, now: number): boolean {
    if (now - this.sweptAt >= 60) {
      for (const [key, end] of this.until) if (end <= now) this.until.delete(key);
      this.sweptAt = now;
    }
    const known = this.until.get(digest);
    if (known !== undefined && known > now) return false;
    this.until.set(digest, expiresAt);
    return true;
  }

  get size(): number {
    return this.until.size;
  }
}

/**
 * The password a login sent: decrypted, and for a stamped ciphertext checked for freshness and
 * first use. Undefined for anything that does not decrypt, a stale stamp or a replay: the
 * caller answers all of them as a wrong password.
 */
export function openLoginPassword(
  ctx: Pick<AppContext, 'rsa' | 'now'>,
  spent: SpentCiphertexts,
  ciphertext: string | undefined,
): string | undefined {
  const plain = ctx.rsa.decrypt(ciphertext);
  if (plain === undefined || ciphertext === undefined) return undefined;
  const at = plain.lastIndexOf(SEPARATOR);
  if (at < 0) return plain;
  const stamp = plain.slice(at + 1);
  if (!/^\d{1,12}$/.test(stamp)) return undefined;
  const stampedAt = Number(stamp);
  const now = ctx.now();
  if (Math.abs(now - stampedAt) > STAMP_SECONDS) return undefined;
  if (!spent.claim(digestOf(ciphertext), stampedAt + STAMP_SECONDS + 1, now)) return undefined;
  return plain.slice(0, at);
}
