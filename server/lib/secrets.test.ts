import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.js';
import { assertUsableJwtSecret } from './secrets.js';

/** Issue 15 item 8: the server refuses to start with a signing key anyone could know or guess. */
const PLACEHOLDER = '请配置32位签名提高安全性';
const BLADEX =
  'bladexisapowerfulmicroservicearchitectureupgradedandoptimizedfromacommercialproject';
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

const start = (jwtSecret: string) =>
  buildApp({
    config: {
      jwtSecret,
      dataDir: mkdtempSync(path.join(tmpdir(), 'quanyi-secret-')),
      demoData: false,
    },
  });

describe('signing key at start-up', () => {
  it.each([
    ['the placeholder', PLACEHOLDER],
    ['the placeholder in base64', b64(PLACEHOLDER)],
    ['the placeholder in base64url', Buffer.from(PLACEHOLDER).toString('base64url')],
    ['the placeholder with full-width digits', PLACEHOLDER.replace('32', '３２')],
    ['the placeholder with text around it', `prod-${PLACEHOLDER}-2026`],
    ['the BladeX constant', BLADEX],
    ['the BladeX constant in upper case', BLADEX.toUpperCase()],
    [
      'the BladeX constant in mixed case',
      'BladeXIsAPowerfulMicroserviceArchitecture' + BLADEX.slice(41),
    ],
    ['the BladeX constant in base64 (how BladeX kept it)', b64(BLADEX)],
    ['the BladeX constant upper-cased in base64', b64(BLADEX.toUpperCase())],
    ['the BladeX constant in hex', Buffer.from(BLADEX).toString('hex')],
    ['the BladeX constant base64-encoded twice', b64(b64(BLADEX))],
    ['the first half of the BladeX constant', BLADEX.slice(0, 42)],
  ])('refuses %s as a published key', async (_name, secret) => {
    await expect(start(secret)).rejects.toThrow(/published BladeX sign key/);
  });

  it('refuses a short key', async () => {
    await expect(start('x7#Kq9!mZ2')).rejects.toThrow(/JWT_SECRET must be at least 32 bytes/);
  });

  it.each([
    ['a'.repeat(40)],
    ['ab'.repeat(20)],
    ['0123456789'.repeat(4)],
    ['abcdefgh'.repeat(5)],
    ['abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOP'],
    ['a'.repeat(39) + 'b'],
    ['1111111122222222333333334444444455555555'],
  ])('refuses the low-entropy key %s', async (secret) => {
    await expect(start(secret)).rejects.toThrow(/JWT_SECRET has too little entropy/);
  });

  it('refuses a weak key left in DATA_DIR/secrets/jwt.secret, naming the file', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'quanyi-secret-'));
    mkdirSync(path.join(dataDir, 'secrets'));
    writeFileSync(path.join(dataDir, 'secrets', 'jwt.secret'), b64(BLADEX));
    await expect(buildApp({ config: { jwtSecret: undefined, dataDir } })).rejects.toThrow(
      /jwt\.secret is a published BladeX sign key/,
    );
  });

  it('never repeats the secret in its message', async () => {
    const secret = 'q'.repeat(48);
    await expect(start(secret)).rejects.toThrow(/^(?!.*qqqq).*$/s);
  });

  it('accepts random keys in the usual forms', () => {
    for (let i = 0; i < 200; i++) {
      for (const secret of [
        randomBytes(48).toString('base64url'), // what the server generates
        randomBytes(32).toString('base64'), // openssl rand -base64 32
        randomBytes(16).toString('hex'), // openssl rand -hex 16: 32 characters
        randomBytes(32).toString('hex'),
      ])
        expect(() => assertUsableJwtSecret(secret)).not.toThrow();
    }
    expect(() =>
      assertUsableJwtSecret('Tr0ub4dor&3 staple horse battery 2026 quanyi!'),
    ).not.toThrow();
  });
});
