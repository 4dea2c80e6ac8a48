import type { StoredSession, TokenResponse } from '../contracts/auth';
import { messageIn } from '../contracts/server-messages';
import type { SessionEndReason } from '../state/session-slice';
import { emitApiEvent } from './events';

/**
 * The one HTTP client (design.md convention 2). Screens never build URLs; endpoint files
 * describe requests and this module sends them: BladeX headers, 20 s timeout, envelope
 * unwrapping, spec error texts, single-flight token refresh, one logout per session.
 */
export const API_PREFIX = '/api/';
export const TIMEOUT_MS = 20_000;
/** Saber's client (contract.md 1.2). */
export const CLIENT_BASIC = `Basic ${btoa('saber:saber_secret')}`;
export const DEFAULT_TENANT = '000000';

export type Scalar = string | number | boolean | null | undefined;

export interface ApiRequest {
  /** Path after /api/, e.g. 'blade-system/menu/routes'. */
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  params?: Record<string, Scalar>;
  /** JSON body, or a FormData (multipart upload: the browser writes its Content-Type). */
  body?: unknown;
  /** Form body (application/x-www-form-urlencoded). */
  form?: Record<string, Scalar>;
  /**
   * 'envelope' (default): {code,success,data,msg}; 'oauth': raw token JSON with
   * error_description on failure; 'raw': any JSON as is; 'blob': a file.
   */
  kind?: 'envelope' | 'oauth' | 'raw' | 'blob';
  /** Send the bearer token (default true). */
  auth?: boolean;
  headers?: Record<string, string>;
  /** Do not toast failures (the caller shows them, e.g. inline in a form). */
  silent?: boolean;
  timeoutMs?: number;
  /**
   * Uploads: called with the share of the body sent so far (0..1). The request then goes through
   * XMLHttpRequest, because fetch cannot report upload progress.
   */
  onUploadProgress?: (fraction: number) => void;
  /**
   * The shape the caller reads (envelope kind): an answer whose `data` fails this check is a
   * malformed answer, reported like a failure (status 'malformed'), not handed to the caller.
   */
  expect?: (data: unknown) => boolean;
}

export interface ApiError {
  /**
   * HTTP or business code, 'network' / 'timeout', or 'malformed': HTTP 200 with an answer that
   * is not an envelope (truncated JSON, not an object, no numeric `code`) or whose `data` is not
   * the shape the caller expects.
   */
  status: number | 'network' | 'timeout' | 'malformed';
  /**
   * What to show: the server's msg in the console's language where the contracts know it
   * (contracts/server-messages.ts), without the field name of a field refusal.
   */
  message: string;
  /** A token call's failure answer as sent (an unbound social login's `bind_ticket`). */
  body?: unknown;
  /**
   * A refusal of fields, field -> the server's zh message: the answer's `data.fields` (every
   * field refused), else the one field of a `<field>:<message>` msg. Forms show each at its field
   * (`messageIn` translates it); `message` is then the first one.
   */
  fields?: Readonly<Record<string, string>>;
}

/** Message texts the client produces itself, supplied by the app in the current language. */
export interface ClientTexts {
  network: string;
  timeout: string;
  badCredentials: string;
  noPermission: string;
  /** A malformed answer (spec section 8's list text, 'data loading error'). */
  dataLoading: string;
  /** The console's language: the server's refusals are shown in it where they are known. */
  lang?: 'zh' | 'en';
}

export interface SessionAccess {
  getSession(): StoredSession | undefined;
  /** Store refreshed tokens (state and browser storage). */
  storeSession(session: StoredSession): void;
  /** The session as other tabs last wrote it to storage. */
  readStoredSession(): StoredSession | undefined;
  texts(): ClientTexts;
}

let access: SessionAccess | undefined;

/** Wired once by the app (store + storage + i18n). */
export function configureClient(a: SessionAccess): void {
  access = a;
}

function requireAccess(): SessionAccess {
  if (!access) throw new Error('API client used before configureClient()');
  return access;
}

function query(params: Record<string, Scalar> | undefined): string {
  if (!params) return '';
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params))
    if (v !== undefined && v !== null) q.append(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

interface RawResponse {
  status: number;
  body: unknown;
}

/** One HTTP exchange. Statuses 200-500 are answers; anything else, and no answer, is network. */
async function exchange(
  req: ApiRequest,
  token: string | undefined,
  signal?: AbortSignal,
): Promise<RawResponse> {
  const headers: Record<string, string> = { Authorization: CLIENT_BASIC, ...req.headers };
  if (token) headers['Blade-Auth'] = `bearer ${token}`;
  let body: BodyInit | undefined;
  if (req.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = query(req.form).slice(1);
  } else if (typeof FormData !== 'undefined' && req.body instanceof FormData) {
    body = req.body;
  } else if (req.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(req.body);
  }
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), req.timeoutMs ?? TIMEOUT_MS);
  const onAbort = () => timeout.abort();
  signal?.addEventListener('abort', onAbort);
  try {
    const url = API_PREFIX + req.url + query(req.params);
    const method = req.method ?? (body === undefined ? 'GET' : 'POST');
    let status: number;
    let text: string;
    if (req.onUploadProgress && req.kind !== 'blob') {
      ({ status, text } = await sendWithProgress(
        url,
        method,
        headers,
        body,
        timeout.signal,
        req.onUploadProgress,
      ));
    } else {
      const res = await fetch(url, {
        method,
        headers,
        body,
        credentials: 'same-origin',
        signal: timeout.signal,
      });
      status = res.status;
      if (req.kind === 'blob' && status === 200) return { status, body: await res.blob() };
      text = status < 200 || status > 500 ? '' : await res.text();
    }
    if (status < 200 || status > 500) throw Object.assign(new Error('status'), { network: true });
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status, body: parsed };
  } catch (err) {
    if (timeout.signal.aborted && !signal?.aborted)
      throw { status: 'timeout', message: requireAccess().texts().timeout } satisfies ApiError;
    if (signal?.aborted) throw err; // the caller cancelled: not an error to show
    throw { status: 'network', message: requireAccess().texts().network } satisfies ApiError;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/** One exchange through XMLHttpRequest, reporting the upload's progress; aborts with `signal`. */
function sendWithProgress(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: BodyInit | undefined,
  signal: AbortSignal,
  onProgress: (fraction: number) => void,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = false; // same origin: cookies go anyway, as with fetch's same-origin
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    const abort = () => xhr.abort();
    const fail = () => {
      signal.removeEventListener('abort', abort);
      reject(signal.aborted ? new DOMException('aborted', 'AbortError') : new Error('network'));
    };
    xhr.onload = () => {
      signal.removeEventListener('abort', abort);
      onProgress(1);
      resolve({ status: xhr.status, text: xhr.responseText });
    };
    xhr.onerror = fail;
    xhr.onabort = fail;
    xhr.ontimeout = fail;
    if (signal.aborted) {
      fail();
      return;
    }
    signal.addEventListener('abort', abort);
    xhr.send((body ?? null) as XMLHttpRequestBodyInit | null);
  });
}

function messageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const b = body as Record<string, unknown>;
  for (const key of ['msg', 'error_description', 'message']) {
    if (typeof b[key] === 'string' && b[key]) return b[key];
  }
  return undefined;
}

/** Turns an exchange into data or an ApiError, per kind. */
function interpret(req: ApiRequest, raw: RawResponse): { data: unknown } | { error: ApiError } {
  const texts = requireAccess().texts();
  const body = raw.body;
  if (req.kind === 'blob') {
    return raw.status === 200
      ? { data: body }
      : { error: { status: raw.status, message: messageOf(body) ?? texts.network } };
  }
  if (req.kind === 'oauth') {
    const failed =
      raw.status !== 200 ||
      (typeof body === 'object' && body !== null && 'error_description' in body);
    if (!failed) return { data: body };
    return {
      error: { status: raw.status, message: messageOf(body) ?? texts.badCredentials, body },
    };
  }
  if (req.kind === 'raw') {
    return raw.status === 200
      ? { data: body }
      : { error: { status: raw.status, message: messageOf(body) ?? texts.network } };
  }
  const env = isObject(body) ? body : undefined;
  const code = typeof env?.code === 'number' ? env.code : undefined;
  if (raw.status === 200) {
    // Success only for a JSON object whose numeric `code` is 200 (`success`, when present, must
    // agree: contract Part 1), or, without a code, `success: true`. Anything else with HTTP 200
    // (truncated or non-JSON text, an array, a string, no code) is malformed, never success.
    const success =
      code === undefined ? env?.success === true : code === 200 && env?.success !== false;
    if (success) {
      if (req.expect && !req.expect(env?.data)) return { error: malformed(texts) };
      return { data: env?.data };
    }
    if (code === undefined || code === 200) return { error: malformed(texts) };
  }
  const status = code === undefined || code === 200 ? raw.status : code;
  const msg = messageOf(body);
  const fields = status >= 400 && status < 500 ? refusedFields(env, msg) : undefined;
  const shown = msg && fields ? (FIELD_MESSAGE.exec(msg)?.[2] ?? msg) : msg;
  return {
    error: {
      status,
      message: shown ? messageIn(texts.lang ?? 'zh', shown) : texts.network,
      ...(fields ? { fields } : {}),
    },
  };
}

/** BladeX's field refusal: a field name (camelCase, or a path `items.0.name`), ':', the message. */
const FIELD_MESSAGE = /^([a-z_$][\w$]*(?:\.[\w$]+)*):(.+)$/s;

/**
 * The fields a refusal names: the envelope's `data.fields` (every field the server refused, each
 * with its message), else the one field of a `<field>:<message>` msg; undefined when it names none.
 */
function refusedFields(
  env: Record<string, unknown> | undefined,
  msg: string | undefined,
): Record<string, string> | undefined {
  const listed = isObject(env?.data) ? env.data.fields : undefined;
  if (isObject(listed)) {
    const fields = Object.fromEntries(
      Object.entries(listed).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
    if (Object.keys(fields).length > 0) return fields;
  }
  const match = msg ? FIELD_MESSAGE.exec(msg) : null;
  return match ? { [match[1]!]: match[2]! } : undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const malformed = (texts: ClientTexts): ApiError => ({
  status: 'malformed',
  message: texts.dataLoading,
});

let inflightRefresh: Promise<StoredSession | undefined> | undefined;
let expiredFor: string | undefined;
/** Why the server last refused a refresh (its `error` field), told to the user on /login. */
let refusedAs: SessionEndReason = 'expired';

/** The reason of the last refused refresh: the account was disabled, or the session is over. */
export function lastRefreshRefusal(): SessionEndReason {
  return refusedAs;
}

function refusalReason(body: unknown): SessionEndReason {
  const error = body && typeof body === 'object' ? (body as { error?: unknown }).error : undefined;
  return error === 'account_disabled' ? 'disabled' : 'expired';
}

/**
 * Single-flight token refresh: parallel requests share one refresh, and other tabs are kept
 * out with a Web Lock; a tab that waited adopts the tokens the winner stored instead of
 * spending its own (already rotated) refresh token.
 */
export function refreshSession(): Promise<StoredSession | undefined> {
  const a = requireAccess();
  inflightRefresh ??= (async () => {
    const before = a.getSession();
    if (!before) return undefined;
    const run = async (): Promise<StoredSession | undefined> => {
      const stored = a.readStoredSession();
      if (
        stored &&
        stored.user_id === before.user_id &&
        stored.refresh_token !== before.refresh_token
      ) {
        a.storeSession(stored);
        return stored;
      }
      const raw = await exchange(
        {
          url: 'blade-auth/oauth/token',
          method: 'POST',
          // A form body: a refresh token in the URL would land in access logs.
          form: {
            grant_type: 'refresh_token',
            refresh_token: before.refresh_token,
            tenantId: before.tenant_id,
            scope: 'all',
          },
          kind: 'oauth',
          auth: false,
        },
        undefined,
      ).catch(() => undefined);
      if (!raw) return undefined;
      const result = interpret({ url: '', kind: 'oauth' }, raw);
      if ('error' in result) {
        refusedAs = refusalReason(raw.body);
        return undefined;
      }
      const next: StoredSession = { ...(result.data as TokenResponse), storedAt: Date.now() };
      a.storeSession(next);
      emitApiEvent({ type: 'session.refreshed' });
      return next;
    };
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    return locks ? locks.request('quanyi-token-refresh', run) : run();
  })().finally(() => {
    inflightRefresh = undefined;
  });
  return inflightRefresh;
}

function sessionExpired(session: StoredSession | undefined): void {
  const id = session?.refresh_token ?? 'none';
  if (expiredFor === id) return; // one logout per session, however many requests fail
  expiredFor = id;
  emitApiEvent({ type: 'session.expired', reason: refusedAs });
}

/** A GET's path and query after /api/: what an early read is known by. */
export function readKey(req: ApiRequest): string | undefined {
  const plain =
    (req.method ?? 'GET') === 'GET' &&
    req.body === undefined &&
    req.form === undefined &&
    req.headers === undefined &&
    (req.kind ?? 'envelope') === 'envelope';
  return plain ? req.url + query(req.params) : undefined;
}

/** How long an early read waits to be taken; after that it is dropped and asked again. */
const EARLY_READ_TTL_MS = 15_000;
/** Reads sent before the code that needs them has loaded, by `readKey` and token. */
const earlyReads = new Map<string, { at: number; answer: Promise<RawResponse | undefined> }>();

/**
 * Sends GETs (paths as `readKey` gives them) with `token` now, before any screen asks for them
 * (issue 31: a reload's reads start while the console's code loads). The first `apiRequest`
 * for the same read and token takes the answer instead of asking again; a read nobody takes is
 * dropped. A failed early read is not reported: the request that would take it asks again.
 */
export function sendEarlyReads(paths: readonly string[], token: string): void {
  const at = Date.now();
  for (const path of paths) {
    const [url = '', search = ''] = path.split('?', 2);
    const params = Object.fromEntries(new URLSearchParams(search));
    const answer = exchange({ url, params }, token).catch(() => undefined);
    earlyReads.set(`${token} ${path}`, { at, answer });
  }
}

function takeEarlyRead(req: ApiRequest, token: string | undefined) {
  const key = readKey(req);
  if (!key || !token || earlyReads.size === 0) return undefined;
  const early = earlyReads.get(`${token} ${key}`);
  earlyReads.delete(`${token} ${key}`);
  return early && Date.now() - early.at < EARLY_READ_TTL_MS ? early.answer : undefined;
}

/** Sends a request; resolves with data or rejects with an ApiError. */
export async function apiRequest<T = unknown>(req: ApiRequest, signal?: AbortSignal): Promise<T> {
  const a = requireAccess();
  const wantsAuth = req.auth ?? true;
  let session = wantsAuth ? a.getSession() : undefined;
  const report = (error: ApiError): never => {
    emitApiEvent({ type: 'failed', url: req.url, status: error.status, message: error.message });
    if (error.status === 401) {
      if (wantsAuth) sessionExpired(session);
    } else if (error.status === 403) {
      emitApiEvent({ type: 'forbidden', message: a.texts().noPermission });
    } else if (!req.silent) {
      emitApiEvent({ type: 'error', message: error.message });
    }
    throw error;
  };

  let raw: RawResponse;
  try {
    // Only a taken early read adds a wait: other requests keep their order of exchanges.
    const early = takeEarlyRead(req, session?.access_token);
    raw = (early && (await early)) || (await exchange(req, session?.access_token, signal));
  } catch (err) {
    if ((err as ApiError).status) return report(err as ApiError);
    throw err;
  }
  if (wantsAuth && raw.status === 401 && session) {
    const refreshed = await refreshSession();
    if (!refreshed) {
      return report({ status: 401, message: messageOf(raw.body) ?? a.texts().network });
    }
    session = refreshed;
    try {
      raw = await exchange(req, session.access_token, signal);
    } catch (err) {
      if ((err as ApiError).status) return report(err as ApiError);
      throw err;
    }
    if (raw.status === 401) {
      return report({ status: 401, message: messageOf(raw.body) ?? a.texts().network });
    }
  }
  const result = interpret(req, raw);
  if ('error' in result) return report(result.error);
  return result.data as T;
}

/** Tests reset module state between cases. */
export function resetClientState(): void {
  earlyReads.clear();
  inflightRefresh = undefined;
  expiredFor = undefined;
  refusedAs = 'expired';
}
