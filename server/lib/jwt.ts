import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Minimal HS256 JWT. Only the exact header {alg:'HS256',typ:'JWT'} is accepted, so `alg:none`
 * and algorithm-confusion tokens fail before any signature work.
 */
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

export type JwtClaims = Record<string, unknown> & { exp: number; iat: number };

/**
 * Registered claims every token of ours carries and every token must carry to be accepted, so
 * a token minted by other software with the same key (BladeX writes `iss: "issuser"`, `aud:
 * ["audience"]`) is refused.
 */
export const JWT_ISSUER = 'quanyi';
export const JWT_AUDIENCE = 'quanyi-api';

export function signJwt(claims: JwtClaims, secret: string): string {
  const full = { ...claims, iss: JWT_ISSUER, aud: JWT_AUDIENCE };
  const body = Buffer.from(JSON.stringify(full)).toString('base64url');
  const sig = createHmac('sha256', secret).update(`${HEADER}.${body}`).digest('base64url');
  return `${HEADER}.${body}.${sig}`;
}

export function verifyJwt(
  token: string,
  secret: string,
  nowSeconds: number,
): JwtClaims | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [header, body, sig] = parts as [string, string, string];
  if (header !== HEADER) return undefined;
  const expected = createHmac('sha256', secret).update(`${header}.${body}`).digest();
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof claims !== 'object' || claims === null) return undefined;
  const c = claims as JwtClaims;
  if (c.iss !== JWT_ISSUER || c.aud !== JWT_AUDIENCE) return undefined;
  return inTime(c, nowSeconds) ? c : undefined;
}

/** Not expired, and not before its `nbf` (5 s of clock skew allowed). */
function inTime(claims: JwtClaims, nowSeconds: number): boolean {
  if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds) return false;
  return !(typeof claims.nbf === 'number' && claims.nbf > nowSeconds + 5);
}

/** Tokens whose signature has been checked (past this many the map starts over). */
export const VERIFIED_TOKENS_KEPT = 5000;
const verified = new Map<string, { secret: string; claims: Readonly<JwtClaims> }>();

/**
 * `verifyJwt` for the access token of every signed-in request, remembering tokens that passed:
 * a token's signature cannot change, and checking it (HMAC, base64, JSON) was 5% of a list
 * request's CPU (issue 30's profile). Its time is checked again on every use, so a remembered
 * token still expires; revocation never depended on this (the session row is read on every
 * request: auth/session.ts). Kept per secret, so a token signed with another key is checked
 * in full. Only tokens that passed enter the map: guesses cannot fill it.
 */
export function verifyJwtRemembered(
  token: string,
  secret: string,
  nowSeconds: number,
): Readonly<JwtClaims> | undefined {
  const known = verified.get(token);
  if (known && known.secret === secret)
    return inTime(known.claims, nowSeconds) ? known.claims : undefined;
  const claims = verifyJwt(token, secret, nowSeconds);
  if (claims) {
    if (verified.size >= VERIFIED_TOKENS_KEPT) verified.clear();
    verified.set(token, { secret, claims: Object.freeze(claims) });
  }
  return claims;
}
