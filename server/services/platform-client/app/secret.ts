import { createHmac, randomBytes } from 'node:crypto';
import type { AppContext } from '../../../context.js';

/**
 * An app's secret (domain.md psclient-app; issue 27 item 1): shown once when the app is made or
 * its secret reset, never readable afterwards. It is derived, never stored:
 * base64url(HMAC-SHA256(key, `${app.id}:${app.secretSalt}`)) with key =
 * HMAC-SHA256(server secret, 'at-rest:open-app-secret'). The database keeps the salt and the
 * hint (its last 4 characters) only, so the database alone cannot give the secret; the open API
 * derives it to check a call's signature, and a reset draws a new salt (the old secret then
 * signs nothing).
 */
const keys = new Map<string, Buffer>();
// Derived once per server secret (every signed call needs it; one entry per install).
function keyOf(ctx: Pick<AppContext, 'jwtSecret'>): Buffer {
  let key = keys.get(ctx.jwtSecret);
  if (!key) {
    key = createHmac('sha256', ctx.jwtSecret).update('at-rest:open-app-secret').digest();
    if (keys.size > 16) keys.clear();
    keys.set(ctx.jwtSecret, key);
  }
  return key;
}

export function appSecretOf(
  ctx: Pick<AppContext, 'jwtSecret'>,
  app: { id: string; secretSalt: string },
): string {
  return createHmac('sha256', keyOf(ctx)).update(`${app.id}:${app.secretSalt}`).digest('base64url');
}

/** A new salt (32 random bytes, hex): a new secret for the same app. */
export function newSecretSalt(): string {
  return randomBytes(32).toString('hex');
}

/** What the lists show of a secret (stored as `secret_hint`): its last 4 characters. */
export const secretHintOf = (secret: string) => secret.slice(-4);
