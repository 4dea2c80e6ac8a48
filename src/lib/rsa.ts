/**
 * Password transport (contract.md Part 1 decision 2): RSA-OAEP with SHA-256, base64.
 * Web Crypto does it natively in secure contexts (https, localhost); elsewhere JSEncrypt's
 * encryptOAEP (also SHA-256) is loaded on demand, so the login page does not carry it.
 */
function pemBody(publicKey: string): string {
  return publicKey.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
}

function toBase64(bytes: ArrayBuffer): string {
  let binary = '';
  for (const b of new Uint8Array(bytes)) binary += String.fromCharCode(b);
  return btoa(binary);
}

let cachedKey: { pem: string; key: Promise<CryptoKey> } | undefined;

function importKey(publicKey: string): Promise<CryptoKey> {
  if (cachedKey?.pem !== publicKey) {
    const der = Uint8Array.from(atob(pemBody(publicKey)), (c) => c.charCodeAt(0));
    const key = crypto.subtle.importKey('spki', der, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, [
      'encrypt',
    ]);
    cachedKey = { pem: publicKey, key };
  }
  return cachedKey.key;
}

export async function encryptPassword(publicKey: string, plain: string): Promise<string> {
  if (globalThis.crypto?.subtle) {
    const key = await importKey(publicKey);
    const cipher = await crypto.subtle.encrypt(
      { name: 'RSA-OAEP' },
      key,
      new TextEncoder().encode(plain),
    );
    return toBase64(cipher);
  }
  const { JSEncrypt } = await import('jsencrypt');
  const encryptor = new JSEncrypt();
  encryptor.setPublicKey(pemBody(publicKey));
  const out = encryptor.encryptOAEP(plain);
  if (!out) throw new Error('encryption failed');
  return out;
}
