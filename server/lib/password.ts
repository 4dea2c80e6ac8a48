import {
  createHash,
  randomBytes,
  randomInt,
  scrypt as scryptCb,
  timingSafeEqual,
} from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCb) as (
  pw: string,
  salt: Buffer,
  len: number,
  opts: object,
) => Promise<Buffer>;
const N = 16384;
const R = 8;
const P = 1;
const KEY_LEN = 32;

/** Passwords at rest: scrypt with a per-user salt (contract.md Part 1 decision 3). */
export async function hashPassword(plain: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(plain, salt, KEY_LEN, { N, r: R, p: P });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** sha1_hex(md5_hex(plain)): the legacy BladeX hash, accepted once then re-hashed. */
export function legacyBladeHash(plain: string): string {
  const md5 = createHash('md5').update(plain, 'utf8').digest('hex');
  return createHash('sha1').update(md5, 'utf8').digest('hex');
}

export interface PasswordCheck {
  ok: boolean;
  /** The stored hash is legacy and should be replaced after a successful login. */
  needsRehash: boolean;
}

export async function verifyPassword(plain: string, stored: string): Promise<PasswordCheck> {
  if (stored.startsWith('scrypt$')) {
    const [, n, r, p, saltB64, keyB64] = stored.split('$');
    if (!n || !r || !p || !saltB64 || !keyB64) return { ok: false, needsRehash: false };
    const expected = Buffer.from(keyB64, 'base64');
    const actual = await scrypt(plain, Buffer.from(saltB64, 'base64'), expected.length, {
      N: Number(n),
      r: Number(r),
      p: Number(p),
    });
    return { ok: timingSafeEqual(actual, expected), needsRehash: false };
  }
  if (/^[0-9a-f]{40}$/.test(stored)) {
    const ok = timingSafeEqual(Buffer.from(legacyBladeHash(plain)), Buffer.from(stored));
    return { ok, needsRehash: ok };
  }
  return { ok: false, needsRehash: false };
}

/** A hash that never matches, checked for unknown accounts so they take as long as known ones. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(12).toString('hex'));
  return dummyHash;
}

/**
 * Spec section 5: 6-10 characters containing 3 of uppercase, lowercase, digit, symbol.
 * Returns the zh message for the first broken rule, or undefined when the password is fine.
 */
export function passwordRuleViolation(password: string): string | undefined {
  if (password.length < 6 || password.length > 10) return '密码长度为6-10位';
  const classes = [/[A-Z]/, /[a-z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(password));
  if (classes.length < 3) return '密码需包含大写字母、小写字母、数字、符号中的至少3种';
  return undefined;
}

/** Look-alikes (0/O, 1/l/I) left out: a one-time password is read off a screen and typed. */
const ONE_TIME_CLASSES = [
  'ABCDEFGHJKLMNPQRSTUVWXYZ',
  'abcdefghijkmnopqrstuvwxyz',
  '23456789',
  '!@#$%&*?+=',
];

/**
 * A one-time password from crypto randomness: 10 characters (the rule's longest) with every
 * character class, so it always passes passwordRuleViolation (about 58 bits).
 */
export function generateOneTimePassword(length = 10): string {
  const all = ONE_TIME_CLASSES.join('');
  const chars = ONE_TIME_CLASSES.map((set) => set[randomInt(set.length)]!);
  while (chars.length < length) chars.push(all[randomInt(all.length)]!);
  for (let i = chars.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
