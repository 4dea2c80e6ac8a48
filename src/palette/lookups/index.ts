import type { RecordLookup } from '../record-lookup';
import { userLookup } from './users';
import { supplierLookup } from './suppliers';
import { goodLookup } from './goods';
import { supplierOrderLookup } from './supplier-orders';
import { couponCodeLookup } from './coupon-codes';
import { accessLookup, productLookup } from './client-records';

/**
 * Every record look-up of the command palette, in the order the palette lists their scopes.
 *
 * A resource adds one in two steps: write `lookups/<resource>.ts` exporting a `RecordLookup`
 * (an unused lowercase `scope`, the list's menu `permission`, `search` through
 * `context.request` with the server's allowlisted filters only, `open` and its `actions`), with
 * its tests beside it, then append it here. The palette takes care of the rest (debounce,
 * cancelling, caching, permission checks, the action page).
 */
export const RECORD_LOOKUPS: readonly RecordLookup[] = [
  userLookup,
  supplierLookup,
  goodLookup,
  supplierOrderLookup,
  couponCodeLookup,
  accessLookup,
  productLookup,
];
