import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { RsaTransport } from './rsa.js';

/** Sign keys published with BladeX / SpringBlade: a server using one can be forged against. */
const PUBLISHED_SIGN_KEYS = new Set([
  'bladexisapowerfulmicroservicearchitectureupgradedandoptimizedfromacommercialproject',
  'BladeXisapowerfulmicroservicearchitectureupgradedandoptimizedfromacommercialproject',
]);

export function assertUsableJwtSecret(secret: string): void {
  if (Buffer.byteLength(secret, 'utf8') < 32) {
    throw new Error('JWT_SECRET must be at least 32 bytes long');
  }
  if (PUBLISHED_SIGN_KEYS.has(secret)) {
    throw new Error('JWT_SECRET equals a published BladeX sign key; choose your own secret');
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
  const jwtSecret =
    env.jwtSecret ??
    readOrCreate(path.join(dir, 'jwt.secret'), () => randomBytes(48).toString('base64url'));
  assertUsableJwtSecret(jwtSecret);
  const rsaPrivateKeyPem =
    env.rsaPrivateKey ??
    readOrCreate(path.join(dir, 'rsa-private.pem'), () => RsaTransport.generatePrivateKeyPem());
  return { jwtSecret, rsaPrivateKeyPem };
}
