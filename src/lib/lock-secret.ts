/**
 * The lock password is never stored: only a salted PBKDF2-SHA256 hash (Web Crypto).
 */
import type { LockSecret } from '../../machines/lock-machine';

const ITERATIONS = 150_000;

const b64 = (bytes: ArrayBuffer | Uint8Array) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)));
const unb64 = (s: string): Uint8Array<ArrayBuffer> =>
  Uint8Array.from(atob(s), (c) => c.charCodeAt(0));

async function derive(password: string, salt: Uint8Array<ArrayBuffer>): Promise<string> {
  const material = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(password),
    'PBKDF2',
    false,
    ['deriveBits'],
  );
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations: ITERATIONS },
    material,
    256,
  );
  return b64(bits);
}

export async function hashLockPassword(password: string): Promise<LockSecret> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return { salt: b64(salt), hash: await derive(password, salt) };
}

export async function verifyLockPassword(password: string, secret: LockSecret): Promise<boolean> {
  const hash = await derive(password, unb64(secret.salt));
  // Constant-time-ish comparison; the hash never leaves this tab anyway.
  let diff = hash.length ^ secret.hash.length;
  for (let i = 0; i < Math.min(hash.length, secret.hash.length); i++)
    diff |= hash.charCodeAt(i) ^ secret.hash.charCodeAt(i);
  return diff === 0;
}

export const isLockSecret = (v: unknown): v is LockSecret =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as LockSecret).salt === 'string' &&
  typeof (v as LockSecret).hash === 'string';
