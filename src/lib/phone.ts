/**
 * Phone numbers arrive as 'enc1:' + base64(iv | AES-256-GCM ciphertext | tag), keyed per
 * session (ARCHITECTURE.md, contract notes). Anything else is shown as it is.
 */
const PREFIX = 'enc1:';

const keys = new Map<string, Promise<CryptoKey>>();

function importKey(base64Key: string): Promise<CryptoKey> {
  let key = keys.get(base64Key);
  if (!key) {
    const raw = Uint8Array.from(atob(base64Key), (c) => c.charCodeAt(0));
    key = crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['decrypt']);
    keys.set(base64Key, key);
  }
  return key;
}

/** The plain phone, '' for empty, or undefined when it cannot be decrypted with this key. */
export async function decryptPhone(
  value: string | null | undefined,
  base64Key: string | undefined,
): Promise<string | undefined> {
  if (!value) return '';
  if (!value.startsWith(PREFIX)) return value;
  if (!base64Key || !globalThis.crypto?.subtle) return undefined;
  try {
    const bytes = Uint8Array.from(atob(value.slice(PREFIX.length)), (c) => c.charCodeAt(0));
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: bytes.slice(0, 12) },
      await importKey(base64Key),
      bytes.slice(12),
    );
    return new TextDecoder().decode(plain);
  } catch {
    return undefined;
  }
}

/** A phone as shown to a user without the right to see it whole: 138****0000. */
export function maskedPhone(phone: string): string {
  const p = phone.trim();
  if (p.length >= 11) return `${p.slice(0, 3)}****${p.slice(-4)}`;
  if (p.length >= 7) return `${p.slice(0, 2)}****${p.slice(-2)}`;
  return p ? '****' : '';
}
