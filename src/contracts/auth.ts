/**
 * Wire shapes of blade-auth (contract.md Part 1 and ARCHITECTURE.md contract notes), shared by
 * the console; the server's own types live in server/.
 */
export interface TokenResponse {
  access_token: string;
  refresh_token: string;
  token_type?: string;
  expires_in: number;
  user_id: string;
  user_name: string;
  nick_name: string;
  real_name: string;
  role_name: string;
  avatar: string;
  account: string;
  dept_id: string;
  role_id: string;
  tenant_id: string;
  must_change_password: boolean;
  crypto_key: string;
}

/** A stored session: the token response plus when it was stored (ms). */
export interface StoredSession extends TokenResponse {
  storedAt: number;
}

export interface OAuthFailure {
  error_code: number;
  error_description: string;
}

export interface Captcha {
  key: string;
  image: string;
}

export function isStoredSession(v: unknown): v is StoredSession {
  if (typeof v !== 'object' || v === null) return false;
  const s = v as Record<string, unknown>;
  return (
    typeof s.access_token === 'string' &&
    typeof s.refresh_token === 'string' &&
    typeof s.user_id === 'string' &&
    typeof s.tenant_id === 'string' &&
    typeof s.storedAt === 'number' &&
    Number.isFinite(s.storedAt)
  );
}

/** The BladeX envelope. */
export interface Envelope<T> {
  code: number;
  success: boolean;
  data: T;
  msg: string;
}

export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

/** A node of blade-system/menu/routes. */
export interface RouteNode {
  id: string;
  parentId: string;
  code: string;
  name: string;
  nameEn: string;
  path: string;
  source: string;
  sort: number;
  isOpen: number;
  hasChildren: boolean;
  children?: RouteNode[];
  meta?: { i18n?: string; title?: { zh: string; en: string }; roles?: string[] };
  query?: Record<string, string>;
}

/** A node of blade-system/menu/buttons: screens with their buttons as children. */
export interface ButtonNode {
  id: string;
  parentId: string;
  code: string;
  name: string;
  alias: string;
  path: string;
  action: number;
  children?: ButtonNode[];
}

export interface TopMenu {
  id: string;
  code: string;
  name: string;
  nameEn: string;
  source: string;
  path: string;
  sort: number;
}
