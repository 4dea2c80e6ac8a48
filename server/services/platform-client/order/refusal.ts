import {
  OPEN_ERRORS,
  type OpenErrorCode,
} from '../../../../src/contracts/platform-client/open-api.js';

/**
 * A refusal before anything was written: its open API code (OPEN_ERRORS names the status and
 * the zh/en message) and, where it helps, a zh detail (the figures of a prepay refusal).
 */
export class PlaceOrderRefusal extends Error {
  constructor(
    readonly code: OpenErrorCode,
    readonly detail?: string,
  ) {
    super(detail ? `${OPEN_ERRORS[code].zh}：${detail}` : OPEN_ERRORS[code].zh);
  }
}
