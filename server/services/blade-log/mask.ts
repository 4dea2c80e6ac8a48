/**
 * What a log may keep of a request's parameters: credentials never, phone numbers partly. Keys
 * are matched case-insensitively anywhere in the name, so `newPassword1`, `oldPassword`,
 * `refresh_token`, `clientSecret` and `contactPhone` are all caught; values are masked however
 * deep they sit in the body.
 */
export const MASK = '******';

const CREDENTIAL =
  /pass(word|wd)?$|password|pwd|token|secret|credential|authorization|crypto_?key|private_?key|api_?key|access_?key/i;
const PHONE = /phone|mobile|contact_?number|^tel$/i;

/** 138****0000: the first 3 and last 4 characters of a long enough number, else all masked. */
export function maskPhone(value: unknown): string {
  const s = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  return s.length >= 8 ? `${s.slice(0, 3)}****${s.slice(-4)}` : MASK;
}

export const isCredentialKey = (key: string) => CREDENTIAL.test(key);
export const isPhoneKey = (key: string) => PHONE.test(key);

const NAME_FIELDS = ['paramKey', 'key', 'name'];
const VALUE_FIELDS = ['paramValue', 'value'];

/** A copy of `value` with credential and phone values masked (objects and arrays walked). */
export function maskParams(value: unknown, depth = 0): unknown {
  if (depth > 20) return MASK;
  if (Array.isArray(value)) return value.map((v) => maskParams(v, depth + 1));
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    // A key/value pair naming a credential ({paramKey: 'account.initPassword', paramValue}).
    const named = NAME_FIELDS.some(
      (f) => typeof record[f] === 'string' && isCredentialKey(record[f]),
    );
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(record)) {
      const secret = isCredentialKey(key) || (named && VALUE_FIELDS.includes(key));
      if (secret) out[key] = v === undefined || v === null || v === '' ? v : MASK;
      else if (isPhoneKey(key) && (typeof v === 'string' || typeof v === 'number'))
        out[key] = v === '' ? v : maskPhone(v);
      else out[key] = maskParams(v, depth + 1);
    }
    return out;
  }
  return value;
}

export const MAX_PARAMS_LENGTH = 10_000;

/**
 * The stored `params` text: the query merged with a JSON object body (another body sits under
 * `body`), masked, as JSON cut at MAX_PARAMS_LENGTH characters. Undefined when there is nothing.
 */
export function paramsText(query: unknown, body: unknown): string | undefined {
  const q =
    query && typeof query === 'object' && !Array.isArray(query)
      ? (query as Record<string, unknown>)
      : {};
  let merged: Record<string, unknown> = { ...q };
  if (body && typeof body === 'object' && !Array.isArray(body) && !Buffer.isBuffer(body))
    merged = { ...merged, ...(body as Record<string, unknown>) };
  else if (body !== undefined && body !== null && body !== '' && !Buffer.isBuffer(body))
    merged.body = body;
  if (Object.keys(merged).length === 0) return undefined;
  const text = JSON.stringify(maskParams(merged));
  return text.length > MAX_PARAMS_LENGTH ? `${text.slice(0, MAX_PARAMS_LENGTH)}…` : text;
}

/**
 * Free text (an error message) with `key=value` / `"key":"value"` credentials masked: the part
 * of a message that may echo a request.
 */
export function maskText(text: string): string {
  return text.replace(
    /("?)([A-Za-z_]*(?:password|passwd|pwd|token|secret)[A-Za-z0-9_]*)\1(\s*[:=]\s*)("[^"]*"|[^\s,&;"}]+)/gi,
    (_m, quote: string, key: string, sep: string) => `${quote}${key}${quote}${sep}"${MASK}"`,
  );
}
