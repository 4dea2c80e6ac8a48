import {
  OPEN_ERRORS,
  type OpenErrorCode,
} from '../../../../src/contracts/platform-client/open-api.js';

/** A refusal of the open API: its stable code (OPEN_ERRORS) and an optional detail. */
export class OpenApiError extends Error {
  constructor(
    readonly code: OpenErrorCode,
    readonly detail?: string,
    /** Seconds, for RATE_LIMITED. */
    readonly retryAfter?: number,
  ) {
    super(OPEN_ERRORS[code].zh);
  }
}

/** The JSON body of a refusal: never a stack, always a code and both languages. */
export function openErrorBody(code: OpenErrorCode, detail: string | undefined, requestId: string) {
  const known = OPEN_ERRORS[code];
  return {
    code,
    message: known.zh,
    messageEn: known.en,
    ...(detail ? { detail } : {}),
    requestId,
  };
}
