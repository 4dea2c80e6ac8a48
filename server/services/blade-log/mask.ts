/**
 * What a log may keep of a request: credentials never, phone numbers partly. This is the one
 * masking rule of every sink (issue 15 item 1): the access log (pino's serializers, app.ts),
 * the API, error and usual logs (recorder.ts) and the console's uploaded debug log (oauth
 * routes). Keys are matched case-insensitively anywhere in the name, so `newPassword1`,
 * `oldPassword`, `refresh_token`, `clientSecret`, `Captcha-Code`, `smsCode` and `contactPhone`
 * are all caught, in a query string, a body at any depth, a header or free text; a bare `code`
 * is a credential under /blade-auth/ (the OAuth code, the phone code), elsewhere it names a
 * dictionary or a menu and is kept.
 */
export const MASK = '******';

const CREDENTIAL =
  /pass(word|wd)?$|password|pwd|token|secret|credential|authorization|blade-?auth|cookie|captcha[-_]?(code|key)|(sms|phone|email|mobile|verify|verification|valid|validate|auth|otp)[-_]?code|bind_?ticket|crypto_?key|private_?key|api_?key|access_?key/i;
const PHONE = /phone|mobile|contact_?number|^tel$/i;
/** Where a bare `code` is a one-time credential: the token endpoint and its siblings. */
const AUTH_PATH = '/blade-auth/';
/** A JSON Web Token anywhere in a text. */
const JWT = /eyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*/g;

/** 138****0000: the first 3 and last 4 characters of a long enough number, else all masked. */
export function maskPhone(value: unknown): string {
  const s = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  return s.length >= 8 ? `${s.slice(0, 3)}****${s.slice(-4)}` : MASK;
}

/** Whether a parameter, field or header name holds a credential (`path`: the request's path). */
export const isCredentialKey = (key: string, path = '') =>
  CREDENTIAL.test(key) || (key.toLowerCase() === 'code' && path.includes(AUTH_PATH));
export const isPhoneKey = (key: string) => PHONE.test(key);

const NAME_FIELDS = ['paramKey', 'key', 'name'];
const VALUE_FIELDS = ['paramValue', 'value'];

/** A copy of `value` with credential and phone values masked (objects and arrays walked). */
export function maskParams(value: unknown, path = '', depth = 0): unknown {
  if (depth > 20) return MASK;
  if (Array.isArray(value)) return value.map((v) => maskParams(v, path, depth + 1));
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    // A key/value pair naming a credential ({paramKey: 'account.initPassword', paramValue}).
    const named = NAME_FIELDS.some(
      (f) => typeof record[f] === 'string' && isCredentialKey(record[f]),
    );
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(record)) {
      const secret = isCredentialKey(key, path) || (named && VALUE_FIELDS.includes(key));
      if (secret) out[key] = v === undefined || v === null || v === '' ? v : MASK;
      else if (isPhoneKey(key) && (typeof v === 'string' || typeof v === 'number'))
        out[key] = v === '' ? v : maskPhone(v);
      else out[key] = maskParams(v, path, depth + 1);
    }
    return out;
  }
  return typeof value === 'string' ? value.replace(JWT, MASK) : value;
}

export const MAX_PARAMS_LENGTH = 10_000;

/**
 * The stored `params` text: the query merged with a JSON object body (another body sits under
 * `body`), masked, as JSON cut at MAX_PARAMS_LENGTH characters. Undefined when there is nothing.
 */
export function paramsText(query: unknown, body: unknown, path = ''): string | undefined {
  const q =
    query && typeof query === 'object' && !Array.isArray(query)
      ? (query as Record<string, unknown>)
      : {};
  let merged: Record<string, unknown> = { ...q };
  if (body && typeof body === 'object' && !Array.isArray(body) && !Buffer.isBuffer(body))
    merged = { ...merged, ...(body as Record<string, unknown>) };
  else if (body !== undefined && body !== null && body !== '' && !Buffer.isBuffer(body))
    merged.body = typeof body === 'string' ? maskText(body) : body;
  if (Object.keys(merged).length === 0) return undefined;
  const text = JSON.stringify(maskParams(merged, path));
  return text.length > MAX_PARAMS_LENGTH ? `${text.slice(0, MAX_PARAMS_LENGTH)}…` : text;
}

function decoded(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

/** A request URL with the values of credential parameters masked and phones partly. */
export function maskUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url.replace(JWT, MASK);
  const path = url.slice(0, at);
  const query = url
    .slice(at + 1)
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=');
      if (eq < 0) return part;
      const key = decoded(part.slice(0, eq));
      const value = part.slice(eq + 1);
      if (value === '') return part;
      if (isCredentialKey(key, path)) return `${part.slice(0, eq)}=${MASK}`;
      if (isPhoneKey(key)) return `${part.slice(0, eq)}=${maskPhone(decoded(value))}`;
      return part;
    })
    .join('&');
  return `${path}?${query}`.replace(JWT, MASK);
}

/** `key=value`, `key: value`, `"key":"value"`; a value may be `bearer <token>`. */
const KEY_VALUE =
  /(["']?)([A-Za-z][\w.-]*)\1(\s*[:=]\s*)((?:bearer|basic)\s+[\w.~+/-]+=*|"[^"]*"|'[^']*'|[^\s,&;"'}]+)/gi;

/**
 * Free text (an error message, a stack, an uploaded debug-log entry) with credentials masked
 * wherever they appear: query strings, `key=value` and JSON pairs, header lines, bearer tokens
 * and JSON Web Tokens.
 */
export function maskText(text: string): string {
  return text
    .replace(
      KEY_VALUE,
      (_m, quote: string, key: string, sep: string, value: string, offset: number) => {
        // The path a query parameter belongs to: the text since the last blank.
        const before = text.slice(0, offset);
        const path = before.slice(Math.max(before.lastIndexOf(' '), before.lastIndexOf('\n')) + 1);
        const name = `${quote}${key}${quote}${sep}`;
        // Not a credential: its value may still hold one (`Error: password=x`, `url: /a?token=x`).
        return isCredentialKey(key, path) ? `${name}"${MASK}"` : `${name}${maskText(value)}`;
      },
    )
    .replace(/\bbearer\s+[\w.~+/-]{8,}=*/gi, `bearer ${MASK}`)
    .replace(JWT, MASK);
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error) || depth > 3)
    return {
      type: typeof error,
      message: maskText(
        typeof error === 'string' ? error : (JSON.stringify(maskParams(error)) ?? ''),
      ),
      stack: '',
    };
  const out: LoggedError = {
    type: error.name || error.constructor.name,
    message: maskText(error.message),
    stack: maskText(error.stack ?? ''),
  };
  for (const [key, value] of Object.entries(error))
    if (!(key in out))
      out[key] = isCredentialKey(key)
        ? MASK
        : typeof value === 'string'
          ? maskText(value)
          : maskParams(value);
  if (error.cause !== undefined) out.cause = serializeError(error.cause, depth + 1);
  return out;
}

/**
 * pino serializers for the server's own log (Fastify's access log: "incoming request" lines
 * carry `req`, failures carry `err`): Fastify's fields, with the URL and error texts masked.
 */
export const maskedLogSerializers = {
  req: (request: LoggedRequest) => ({
    method: request.method,
    url: maskUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
  err: (error: unknown) => serializeError(error),
};
