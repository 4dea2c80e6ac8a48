/** 'enc1:' + base64(iv | AES-256-GCM ciphertext | tag), as the server sends phones (tests only). */
export async function encryptPhone(plain: string, base64Key: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    Uint8Array.from(atob(base64Key), (c) => c.charCodeAt(0)),
    'AES-GCM',
    false,
    ['encrypt'],
  );
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(plain)),
  );
  const all = new Uint8Array(iv.length + sealed.length);
  all.set(iv);
  all.set(sealed, iv.length);
  return `enc1:${btoa(String.fromCharCode(...all))}`;
}

/** A fresh base64 AES-256 key, like the session's `crypto_key`. */
export const newPhoneKey = () =>
  btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))));
