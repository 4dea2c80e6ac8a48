import {
  CODE_BATCH_BUTTONS,
  CODE_SOURCE_BUTTONS,
  COUPON_CODE_CALLS,
  supCouponCodeContract,
  supCouponCodeUsedContract,
  type CodeFindHit,
} from '../../contracts/platform-supplier/coupon-code';
import { sealCode } from '../../resources/platform-supplier/code-api';
import { requestTrace } from '../../resources/platform-supplier/code-trace-request';
import type { LookupContext, RecordAction, RecordHit, RecordLookup } from '../record-lookup';

/**
 * A code by its exact value: the term goes RSA-encrypted in the body of a POST to `find` (never
 * in a URL, never logged); the server answers at most five masked matches.
 */
async function searchCodes(
  term: string,
  context: Pick<LookupContext, 'request'>,
): Promise<RecordHit[]> {
  const code = term.trim();
  if (!code) return [];
  const couponCode2 = await sealCode(code);
  const hits = await context.request<CodeFindHit[] | null>({
    url: COUPON_CODE_CALLS.find,
    method: 'POST',
    body: { couponCode2 },
    silent: true,
  });
  return (Array.isArray(hits) ? hits : []).map((hit) => ({
    id: String(hit.id),
    title: hit.codeMask,
    subtitle: [hit.goodName, hit.supName].filter(Boolean).join(' · '),
  }));
}

/**
 * The code's history drawer: on the tracing screen, or on the batch screen for a user who holds
 * only that one.
 */
function openTrace(hit: RecordHit, context: LookupContext) {
  const route =
    context.holds?.(CODE_SOURCE_BUTTONS.menu) === false
      ? supCouponCodeContract.route
      : supCouponCodeUsedContract.route;
  requestTrace(hit.id, route);
  context.navigate(route);
}

const ACTIONS: readonly RecordAction[] = [
  { id: 'couponCode.trace', label: 'couponCode.palette.trace', run: openTrace },
];

/**
 * Plain text that could be a whole code: one word of 8 to 128 visible ASCII characters
 * (full-width forms read as ASCII) with a digit in it. Anything else (a word, a name, pinyin) is
 * never sent as a code.
 */
export function looksLikeCode(term: string): boolean {
  const code = term.normalize('NFKC').trim();
  return /^[\x21-\x7e]{8,128}$/.test(code) && /\d/.test(code);
}

/**
 * The `c:` look-up (coupon codes): registered for holders of the batch screen or the tracing
 * screen (find and trace admit both); a chosen code's history opens on one of them. The server
 * matches the whole code, case ignored (issue 25 item 13); plain text asks it only for what
 * looks like a code.
 */
export const couponCodeLookup: RecordLookup = {
  scope: 'c',
  label: 'couponCode.palette.label',
  permission: CODE_SOURCE_BUTTONS.menu,
  alsoFor: [CODE_BATCH_BUTTONS.menu],
  search: searchCodes,
  open: openTrace,
  actions: ACTIONS,
  plain: { accepts: looksLikeCode },
};
