import type { Captcha, TokenResponse } from '../contracts/auth';
import { encryptPassword } from '../lib/rsa';
import { apiRequest, DEFAULT_TENANT } from './client';

/**
 * blade-auth calls of the login path, as plain functions so the login page does not load
 * RTK Query; the signed-in shell's cached queries are in auth.ts.
 */
export interface LoginParams {
  tenantId: string;
  username: string;
  /** RSA-OAEP ciphertext (base64). */
  password: string;
  captchaKey?: string | undefined;
  captchaCode?: string | undefined;
  deptId?: string | undefined;
  roleId?: string | undefined;
}

export interface UserInfo {
  user_id: string;
  tenant_id: string;
  account: string;
  nick_name: string;
  real_name: string;
  avatar: string;
  role_name: string;
  is_super_admin: boolean;
  permissions: string[];
}

export interface DebugLogEntry {
  type: string;
  url: string;
  message: string;
  stack: string;
  info: string;
  time: string;
}

export interface LoginSettings {
  /** PEM of the server's RSA public key. */
  pem: string;
  /** Whether the server requires a captcha to log in. */
  captcha: boolean;
  /** The server's clock minus this browser's, in seconds, when the server tells its time. */
  clockOffset?: number | undefined;
}

let settings: Promise<LoginSettings> | undefined;

/** The server's public key and login settings, fetched once per page load (retried after a failure). */
export function fetchLoginSettings(timeoutMs?: number): Promise<LoginSettings> {
  settings ??= apiRequest<LoginSettings & { now?: unknown }>({
    url: 'blade-auth/oauth/public-key',
    auth: false,
    silent: true,
    ...(timeoutMs ? { timeoutMs } : {}),
  })
    .then(({ now, ...answer }) => ({
      ...answer,
      clockOffset: typeof now === 'number' ? now - Math.floor(Date.now() / 1000) : undefined,
    }))
    .catch((err: unknown) => {
      settings = undefined;
      throw err;
    });
  return settings;
}

/**
 * The login password as the token endpoint takes it: RSA-OAEP ciphertext of the password and
 * the server's time (`<password>\u0000<epoch seconds>`), which the server accepts once and only
 * for a few minutes, so a copied ciphertext does not log in again. A server that does not tell
 * its time gets the bare password encrypted, as BladeX expects.
 */
export async function encryptLoginPassword(plain: string): Promise<string> {
  const { pem, clockOffset } = await fetchLoginSettings();
  if (clockOffset === undefined) return encryptPassword(pem, plain);
  return encryptPassword(pem, `${plain}\u0000${Math.floor(Date.now() / 1000) + clockOffset}`);
}

/** The server's RSA public key (PEM). */
export function fetchPublicKey(): Promise<string> {
  return fetchLoginSettings().then((s) => s.pem);
}

export function fetchCaptcha(): Promise<Captcha> {
  return apiRequest<Captcha>({
    url: 'blade-auth/oauth/captcha',
    auth: false,
    kind: 'raw',
    silent: true,
  });
}

/**
 * Password or captcha grant, as a form body (nothing secret in the URL); rejects with the text
 * to show (server's, else 'wrong username or password').
 */
export function requestToken(p: LoginParams, captchaMode: boolean): Promise<TokenResponse> {
  const headers: Record<string, string> = { 'Tenant-Id': p.tenantId || DEFAULT_TENANT };
  if (p.captchaKey) headers['Captcha-Key'] = p.captchaKey;
  if (p.captchaCode) headers['Captcha-Code'] = p.captchaCode;
  if (p.deptId) headers['Dept-Id'] = p.deptId;
  if (p.roleId) headers['Role-Id'] = p.roleId;
  return apiRequest<TokenResponse>({
    url: 'blade-auth/oauth/token',
    method: 'POST',
    form: {
      tenantId: p.tenantId || DEFAULT_TENANT,
      username: p.username,
      password: p.password,
      grant_type: captchaMode ? 'captcha' : 'password',
      scope: 'all',
      type: 'account',
    },
    headers,
    kind: 'oauth',
    auth: false,
    silent: true,
  });
}

/** Logs out on the server; a failure does not keep anyone signed in. */
export function requestLogout(): Promise<unknown> {
  return apiRequest({ url: 'blade-auth/oauth/logout', silent: true });
}

export function uploadDebugLog(entries: DebugLogEntry[]): Promise<{ count: number }> {
  return apiRequest({ url: 'blade-auth/oauth/logout', method: 'POST', body: entries });
}

/** The phone and social grants (spec section 4; issue 16 item 17). */
export type GrantRequest =
  | {
      grant: 'verify_phone';
      tenantId: string;
      phone: string;
      code: string;
      /** From a social login whose WeChat account no user holds: binds it to the phone's user. */
      bindTicket?: string | undefined;
    }
  | { grant: 'social'; tenantId: string; source: 'wechat'; code: string; state: string };

/**
 * sessionStorage key of the ticket an unbound WeChat login answered (kept for /wx-relate-phone;
 * never in a URL).
 */
export const BIND_TICKET_KEY = 'quanyi.wx-bind-ticket';

/**
 * verify_phone or social grant, as a form body. An unbound WeChat account's answer carries a
 * `bind_ticket`: it is kept in sessionStorage for /wx-relate-phone and the call still fails with
 * the server's text.
 */
export function requestGrantToken(p: GrantRequest): Promise<TokenResponse> {
  const tenantId = p.tenantId || DEFAULT_TENANT;
  const form: Record<string, string> =
    p.grant === 'verify_phone'
      ? {
          tenantId,
          grant_type: 'verify_phone',
          phone: p.phone,
          code: p.code,
          scope: 'all',
          type: 'phone',
          ...(p.bindTicket ? { bind_ticket: p.bindTicket } : {}),
        }
      : { tenantId, grant_type: 'social', source: p.source, code: p.code, state: p.state };
  return apiRequest<TokenResponse>({
    url: 'blade-auth/oauth/token',
    method: 'POST',
    form,
    headers: { 'Tenant-Id': tenantId },
    kind: 'oauth',
    auth: false,
    silent: true,
  }).then(
    (token) => {
      if (p.grant === 'verify_phone' && p.bindTicket) sessionStorage.removeItem(BIND_TICKET_KEY);
      return token;
    },
    (err: { message?: string; body?: unknown }) => {
      const ticket = (err.body as { bind_ticket?: unknown } | undefined)?.bind_ticket;
      if (typeof ticket === 'string') sessionStorage.setItem(BIND_TICKET_KEY, ticket);
      throw new Error(err.message ?? '');
    },
  );
}

/** POST sms/endpoint/send-login-validate: a login code to the phone (60 s apart, daily cap). */
export function sendLoginCode(tenantId: string, phone: string): Promise<unknown> {
  return apiRequest({
    url: 'blade-resource/sms/endpoint/send-login-validate',
    method: 'POST',
    form: { tenantId: tenantId || DEFAULT_TENANT, phone },
    headers: { 'Tenant-Id': tenantId || DEFAULT_TENANT },
    auth: false,
    silent: true,
  });
}

/** GET oauth/render/wechat: the provider's address and the one-time state. */
export function socialAuthorize(tenantId: string): Promise<{ url: string; state: string }> {
  return apiRequest({
    url: 'blade-auth/oauth/render/wechat',
    params: { tenantId: tenantId || DEFAULT_TENANT },
    auth: false,
    silent: true,
  });
}
