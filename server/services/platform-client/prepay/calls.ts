import type { FastifyRequest } from 'fastify';
import { badInput } from '../../../lib/errors.js';
import { param } from '../../../lib/params.js';
import {
  AMOUNT_MAX_FEN,
  MONEY_BOUND_MESSAGES,
  parseYuanOrOver,
} from '../../../../src/contracts/money.js';
import {
  appPrepayContract,
  appPrepaySettingContract,
  PREPAY_REFUSALS as R,
  REASON_MAX,
} from '../../../../src/contracts/platform-client/app-prepay.js';

/** What the prepay calls (routes.ts and its modules) share: their reading of a request. */

export const api = (path: string) => `/api/${path}`;
export const READ = [
  appPrepayContract.codes.menu,
  appPrepayContract.codes.view!,
  appPrepaySettingContract.codes.menu,
  appPrepaySettingContract.codes.view!,
];
export const ID = /^[A-Za-z0-9_-]{1,32}$/;

/** A parameter from a JSON body or the query, as sent (numbers stay numbers). */
export function raw(request: FastifyRequest, name: string): unknown {
  const body = request.body;
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const v = (body as Record<string, unknown>)[name];
    if (v !== undefined) return v;
  }
  return param(request, name);
}

/** The fen of a money value, or its field's refusal (too large, or not the kind of amount). */
export function fenOf(
  value: unknown,
  name: string,
  parse: (v: unknown) => number | undefined,
  bad: string,
) {
  const over = parseYuanOrOver(value);
  if (over !== undefined && Math.abs(over) > AMOUNT_MAX_FEN)
    throw badInput(`${name}:${MONEY_BOUND_MESSAGES.amountTooLarge.zh}`);
  const fen = parse(value);
  if (fen === undefined) throw badInput(`${name}:${bad}`);
  return fen;
}

/** The change's reason, trimmed: refused when `required` and blank, or too long. */
export function reasonOf(request: FastifyRequest, required: boolean): string | null {
  const value = raw(request, 'reason');
  const reason = typeof value === 'string' ? value.trim() : '';
  if (!reason && required) throw badInput(`reason:${R.reason.zh}`);
  if ([...reason].length > REASON_MAX) throw badInput(`reason:${R.reasonLength.zh}`);
  return reason || null;
}
