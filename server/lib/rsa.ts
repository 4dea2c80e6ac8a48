import {
  constants,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  privateDecrypt,
  publicEncrypt,
  type KeyObject,
} from 'node:crypto';

/**
 * Password transport: RSA-2048 with OAEP padding and SHA-256 (contract.md Part 1 decision 2).
 * The browser encrypts with JSEncrypt#encryptOAEP and sends base64; PKCS#1 v1.5 is never used.
 */
export class RsaTransport {
  private readonly privateKey: KeyObject;
  /** SubjectPublicKeyInfo PEM, served at /api/blade-auth/oauth/public-key. */
  readonly publicKeyPem: string;
  private readonly modulusBytes: number;

  constructor(privateKeyPem: string) {
    this.privateKey = createPrivateKey(privateKeyPem);
    this.modulusBytes = (this.privateKey.asymmetricKeyDetails?.modulusLength ?? 2048) / 8;
    this.publicKeyPem = createPublicKey(this.privateKey)
      .export({ type: 'spki', format: 'pem' })
      .toString();
  }

  static generatePrivateKeyPem(): string {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    return privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  }

  /** The base64 body of the public key PEM (what JSEncrypt#setPublicKey accepts too). */
  get publicKeyBase64(): string {
    return this.publicKeyPem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
  }

  /** Decrypts a base64 OAEP-SHA256 ciphertext; undefined for anything that does not decrypt. */
  decrypt(ciphertextBase64: string | undefined | null): string | undefined {
    if (!ciphertextBase64 || ciphertextBase64.length > 2048) return undefined;
    try {
      let cipher = Buffer.from(ciphertextBase64, 'base64');
      // JSEncrypt drops leading zero bytes of the ciphertext (about 1 in 256 encryptions);
      // RSA ciphertext is a number, so padding it back to the modulus length is exact.
      const size = this.modulusBytes;
      if (cipher.length < size)
        cipher = Buffer.concat([Buffer.alloc(size - cipher.length), cipher]);
      return privateDecrypt(
        { key: this.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        cipher,
      ).toString('utf8');
    } catch {
      return undefined;
    }
  }

  /** What a client does; used by tests and scripts. */
  encrypt(plain: string): string {
    return publicEncrypt(
      { key: this.publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(plain, 'utf8'),
    ).toString('base64');
  }
}

/** Client-side helper for scripts and tests: encrypt with a public key PEM. */
export function encryptWithPublicKey(publicKeyPem: string, plain: string): string {
  return publicEncrypt(
    { key: publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(plain, 'utf8'),
  ).toString('base64');
}
