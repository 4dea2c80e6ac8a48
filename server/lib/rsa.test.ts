import { describe, expect, it } from 'vitest';
import { RsaTransport } from './rsa.js';

describe('RSA-OAEP-SHA256 password transport', () => {
  const rsa = new RsaTransport(RsaTransport.generatePrivateKeyPem());

  it('decrypts what a client encrypts with the public key', () => {
    expect(rsa.decrypt(rsa.encrypt('Pässw0rd!'))).toBe('Pässw0rd!');
  });

  it('decrypts a ciphertext whose leading zero bytes were dropped (JSEncrypt)', () => {
    // Find an encryption whose first byte is zero and drop it, as JSEncrypt's hex output does.
    let cipher: Buffer | undefined;
    for (let i = 0; i < 5000 && !cipher; i++) {
      const c = Buffer.from(rsa.encrypt('admin'), 'base64');
      if (c[0] === 0) cipher = c.subarray(1);
    }
    expect(cipher).toBeDefined();
    expect(rsa.decrypt(cipher!.toString('base64'))).toBe('admin');
  });

  it('answers undefined for anything that does not decrypt', () => {
    expect(rsa.decrypt('')).toBeUndefined();
    expect(rsa.decrypt('not base64 at all')).toBeUndefined();
    expect(rsa.decrypt(Buffer.alloc(256, 7).toString('base64'))).toBeUndefined();
    expect(rsa.decrypt('A'.repeat(5000))).toBeUndefined();
  });
});
