import type { AppContext } from '../../../context.js';

/**
 * The contact phone as blade_sup stores it (migration 022: ciphertext). Until the supplier
 * resource's own helper lands this keeps the applicant's number as entered.
 */
export function storedContactPhone(_ctx: AppContext, plain: string | null): string | null {
  return plain;
}
