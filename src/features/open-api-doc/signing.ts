import { OPEN_API_PREFIX, stringToSign } from '../../contracts/platform-client/open-api';

/**
 * The signing walk-through's arithmetic, in the browser (WebCrypto): the page computes its
 * worked example and any request the reader types, so the steps shown are the server's own
 * rule (stringToSign from the contract) and never a hard-coded result. Nothing leaves the page.
 */
const hex = (buffer: ArrayBuffer) =>
  Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');

export async function sha256Hex(text: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

export async function hmacSha256Hex(secret: string, text: string): Promise<string> {
  // WebCrypto refuses an empty key: nothing to sign with yet.
  if (!secret) return '';
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return hex(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(text)));
}

export interface SigningInput {
  method: string;
  path: string;
  timestamp: string;
  nonce: string;
  body: string;
  secret: string;
}

export interface SigningSteps {
  bodySha256: string;
  stringToSign: string;
  signature: string;
}

export async function signingSteps(input: SigningInput): Promise<SigningSteps> {
  const bodySha256 = await sha256Hex(input.body);
  const text = stringToSign({ ...input, bodySha256 });
  return { bodySha256, stringToSign: text, signature: await hmacSha256Hex(input.secret, text) };
}

/** The worked example: a fixed request, so a reader can check an implementation against it. */
export const WORKED_EXAMPLE: SigningInput = {
  method: 'POST',
  path: `${OPEN_API_PREFIX}/orders`,
  timestamp: '1796284800',
  nonce: 'a1b2c3d4e5f6',
  body: '{"outOrderNo":"A20261128001","productCode":"P-COFFEE-30","quantity":1}',
  secret: 'demo-secret-do-not-use-in-production',
};
