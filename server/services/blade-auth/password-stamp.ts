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
 * The spent set is a table (auth_spent_ciphertext, migration 018) shared by every server
 * process on the database, claimed with one conditional insert: two processes, or two
 * simultaneous requests, cannot both accept the same ciphertext.
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

/**
 * Rows are kept STAMP_SECONDS past their expiry before they go: server processes whose clocks
 * differ by up to that much still find a ciphertext another process spent.
 */
const CLOCK_GRACE_SECONDS = STAMP_SECONDS;
/** How often one process removes the expired rows (on a login, no timer). */
const SWEEP_SECONDS = 60;

export class SpentCiphertexts {
  private sweptAt = 0;

  constructor(private readonly ctx: Pick<AppContext, 'db'>) {}

  /**
   * True the first time `digest` is claimed on any process sharing the database; false for a
   * replay. One insert that does nothing on a known digest: the row count says who won.
   */
  async claim(digest: string, expiresAt: number, now: number): Promise<boolean> {
    if (now - this.sweptAt >= SWEEP_SECONDS) {
      this.sweptAt = now;
      await this.ctx.db
        .deleteFrom('authSpentCiphertext')
        .where('expiresAt', '<', now - CLOCK_GRACE_SECONDS)
        .execute();
    }
    const result = await this.ctx.db
      .insertInto('authSpentCiphertext')
      .values({ digest, expiresAt })
      .onConflict((oc) => oc.column('digest').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }
}

/**
 * The password a login sent: decrypted, and for a stamped ciphertext checked for freshness and
 * first use. Undefined for anything that does not decrypt, a stale stamp or a replay: the
 * caller answers all of them as a wrong password.
 */
export async function openLoginPassword(
  ctx: Pick<AppContext, 'rsa' | 'now'>,
  spent: SpentCiphertexts,
  ciphertext: string | undefined,
): Promise<string | undefined> {
  const plain = ctx.rsa.decrypt(ciphertext);
  if (plain === undefined || ciphertext === undefined) return undefined;
  const at = plain.lastIndexOf(SEPARATOR);
  if (at < 0) return plain;
  const stamp = plain.slice(at + 1);
  if (!/^\d{1,12}$/.test(stamp)) return undefined;
  const stampedAt = Number(stamp);
  const now = ctx.now();
  if (Math.abs(now - stampedAt) > STAMP_SECONDS) return undefined;
  const claimed = await spent.claim(digestOf(ciphertext), stampedAt + STAMP_SECONDS + 1, now);
  if (!claimed) return undefined;
  return plain.slice(0, at);
}
