import {
  CODE_SOURCE_BUTTONS,
  COUPON_CODE_CALLS,
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

/** The tracing screen with the code's history drawer open. */
function openTrace(hit: RecordHit, context: LookupContext) {
  requestTrace(hit.id);
  context.navigate(supCouponCodeUsedContract.route);
}

const ACTIONS: readonly RecordAction[] = [
  { id: 'couponCode.trace', label: 'couponCode.palette.trace', run: openTrace },
];

/**
 * The `c:` look-up (coupon codes): registered for holders of the tracing screen, where a chosen
 * code's history opens (the look-up's calls admit the batch screen's holders too, but the history
 * drawer lives on the tracing screen).
 */
export const couponCodeLookup: RecordLookup = {
  scope: 'c',
  label: 'couponCode.palette.label',
  permission: CODE_SOURCE_BUTTONS.menu,
  search: searchCodes,
  open: openTrace,
  actions: ACTIONS,
};
