import { COMMON_REFUSALS } from '../../src/contracts/server-messages.js';

/**
 * An error that becomes an enveloped answer: `{code, success:false, data:{}, msg}` with the same
 * HTTP status (contract.md Part 1 decision 8). Anything else thrown becomes a 500 with a reference.
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * A 400 for a request whose input failed its checks before any work was done (a body or query
 * that does not fit its schema: `parseBody`, the resource engine's parse, a route's own field
 * checks). Nothing about it depends on the data, so lib/idempotency keeps no answer for it: the
 * key is freed and may be sent again with a corrected request. A refusal found while doing the
 * work (out of stock, balance too low) stays a plain ApiError and is kept.
 */
export class InputRefusal extends ApiError {
  /**
   * Every field refused, field -> zh message (ARCHITECTURE.md "Errors": answered as
   * `data.fields`); `message` stays the first as `<field>:<message>` for BladeX clients.
   */
  readonly fields: Readonly<Record<string, string>> | undefined;
  constructor(message: string, fields?: Readonly<Record<string, string>>) {
    super(400, message);
    this.name = 'InputRefusal';
    this.fields = fields ?? fieldsOf(message);
  }
}

/** `<field>:<message>` (BladeX's field refusal) as `{field: message}`; else undefined. */
export function fieldsOf(message: string): Record<string, string> | undefined {
  const match = FIELD_MESSAGE.exec(message);
  return match ? { [match[1]!]: match[2]! } : undefined;
}

/** A field name (camelCase, or a path: `items.0.name`), a colon, the message. */
const FIELD_MESSAGE = /^([a-z_$][\w$]*(?:\.[\w$]+)*):(.+)$/s;

export const badRequest = (msg: string) => new ApiError(400, msg);
/**
 * A refusal of the request's input, before any work (see InputRefusal); `fields` lists every
 * field refused when there are several (`msg` names the first).
 */
export const badInput = (msg: string, fields?: Readonly<Record<string, string>>) =>
  new InputRefusal(msg, fields);
export const unauthorized = (msg = '请求未授权') => new ApiError(401, msg);
export const forbidden = (msg = '请求被拒绝，没有权限') => new ApiError(403, msg);
export const notFound = (msg: string = COMMON_REFUSALS.notFound.zh) => new ApiError(404, msg);
export const conflict = (msg: string) => new ApiError(409, msg);

/**
 * Token-endpoint failures use the raw OAuth shape `{error_code, error_description}`
 * instead of the envelope (contract.md 2.12), plus OAuth's machine-readable `error` where the
 * console acts on the reason (`account_disabled`: /login says the account was disabled).
 */
export class OAuthError extends Error {
  constructor(
    readonly statusCode: number,
    readonly description: string,
    readonly headers: Record<string, string> = {},
    readonly error?: string,
  ) {
    super(description);
    this.name = 'OAuthError';
  }
}
