import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { RsaTransport } from './rsa.js';

/**
 * Sign keys published with BladeX / SpringBlade (the old constant, and the placeholder its
 * configuration ships): a server using one, in any spelling or encoding, can be forged against.
 */
const PUBLISHED_SIGN_KEYS = [
  'bladexisapowerfulmicroservicearchitectureupgradedandoptimizedfromacommercialproject',
  '请配置32位签名提高安全性',
];
/** Estimated bits (Shannon, per character, times the length) a secret must reach: a random
 * 32-character hex key (128 bits) estimates 90 to 125, so none is refused. */
export const MIN_SECRET_BITS = 80;

/** Case, width and separators do not make a published key another key. */
const normal = (s: string) =>
  s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s_\-.:'"]/g, '');

/** The secret as given and as decoded from base64(url) or hex, up to three layers deep. */
function readings(secret: string): string[] {
  const seen = new Set<string>();
  let layer = [secret];
  for (let depth = 0; depth < 4 && layer.length > 0; depth++) {
    const next: string[] = [];
    for (const value of layer) {
      if (seen.has(value)) continue;
      seen.add(value);
      const t = value.trim();
      if (/^(?:[0-9a-f]{2})+$/i.test(t)) next.push(Buffer.from(t, 'hex').toString('utf8'));
      if (/^[A-Za-z0-9+/_-]{8,}={0,2}$/.test(t))
        next.push(Buffer.from(t, 'base64').toString('utf8'));
    }
    layer = next;
  }
  return [...seen];
}

function isPublished(secret: string): boolean {
  return readings(secret).some((reading) => {
    const r = normal(reading);
    return PUBLISHED_SIGN_KEYS.some((key) => {
      const k = normal(key);
      // The key with something around it, or a good part of it, is the published key too.
      return r.includes(k) || (r.length >= 10 && k.includes(r));
    });
  });
}

/** Shannon estimate of the secret's bits: the letter frequencies times the length. */
export function estimatedSecretBits(secret: string): number {
  const chars = [...secret];
  const counts = new Map<string, number>();
  for (const c of chars) counts.set(c, (counts.get(c) ?? 0) + 1);
  let perChar = 0;
  for (const n of counts.values()) perChar -= (n / chars.length) * Math.log2(n / chars.length);
  return perChar * chars.length;
}

/** A short pattern repeated (`abcabc...`) or runs of evenly stepping characters (`abcdef`, `2468`). */
function isPatterned(secret: string): boolean {
  const chars = [...secret].map((c) => c.codePointAt(0) ?? 0);
  const n = chars.length;
  for (let period = 1; period <= n / 2; period++) {
    let repeats = true;
    for (let i = period; i < n && repeats; i++) repeats = chars[i] === chars[i - period];
    if (repeats) return true;
  }
  let stepping = 0;
  for (let i = 2; i < n; i++)
    if (chars[i]! - chars[i - 1]! === chars[i - 1]! - chars[i - 2]!) stepping++;
  return stepping * 2 >= n - 2;
}

const ADVICE =
  'set JWT_SECRET to a random value (e.g. `openssl rand -base64 48`), or leave it unset to have ' +
  'one generated in DATA_DIR/secrets/jwt.secret';

/**
 * Start-up refuses a signing key anyone could know or guess: shorter than 32 bytes, a published
 * BladeX key in any case, width or base64/hex encoding (or containing one), or too little
 * entropy (repeated or stepping characters, under MIN_SECRET_BITS estimated). The message
 * never repeats the secret.
 */
export function assertUsableJwtSecret(secret: string, source = 'JWT_SECRET'): void {
  if (Buffer.byteLength(secret, 'utf8') < 32) {
    throw new Error(`${source} must be at least 32 bytes long; ${ADVICE}`);
  }
  if (isPublished(secret)) {
    throw new Error(
      `${source} is a published BladeX sign key (or an encoding of one), so anyone can sign ` +
        `tokens for this server; ${ADVICE}`,
    );
  }
  const bits = estimatedSecretBits(secret);
  if (isPatterned(secret) || bits < MIN_SECRET_BITS) {
    throw new Error(
      `${source} has too little entropy (repeated or sequential characters; about ` +
        `${Math.floor(bits)} bits estimated, at least ${MIN_SECRET_BITS} needed); ${ADVICE}`,
    );
  }
}

function readOrCreate(file: string, create: () => string): string {
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const value = create();
  fs.writeFileSync(file, value, { mode: 0o600, flag: 'wx' });
  return value;
}

export interface Secrets {
  jwtSecret: string;
  rsaPrivateKeyPem: string;
}

/**
 * Per-installation secrets: from the environment when given, else generated on first start and
 * kept in DATA_DIR/secrets (contract.md Part 1 decisions 2 and 4).
 */
export function loadSecrets(
  dataDir: string,
  env: { jwtSecret?: string | undefined; rsaPrivateKey?: string | undefined },
): Secrets {
  const dir = path.join(dataDir, 'secrets');
  const file = path.join(dir, 'jwt.secret');
  const jwtSecret =
    env.jwtSecret ?? readOrCreate(file, () => randomBytes(48).toString('base64url'));
  assertUsableJwtSecret(jwtSecret, env.jwtSecret === undefined ? file : 'JWT_SECRET');
  const rsaPrivateKeyPem =
    env.rsaPrivateKey ??
    readOrCreate(path.join(dir, 'rsa-private.pem'), () => RsaTransport.generatePrivateKeyPem());
  return { jwtSecret, rsaPrivateKeyPem };
}
